/**
 * Live odds: each player's chance of winning the game from where it stands, by playing the rest of the game many
 * times with the real rules engine (a fork of the game's scorer), each simulated deal drawn from a model of how
 * deals fall — learned from recorded games of the same variant, or a prior without them (decision 022). Pure and
 * seeded: the same position, model and seed give the same odds.
 */
import {
  createScorer,
  talonSize,
  type DealRecord,
  type EntryRecord,
  type GameRecord,
  type GameScorer,
  type VariantId,
} from "@/lib/rules";

export type Random = () => number;

/** A small, fast, seedable generator (mulberry32). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where a player stands before a deal, as the model tells situations apart. */
type Situation = "ahead" | "behind" | "atOne";
const SITUATIONS: Situation[] = ["ahead", "behind", "atOne"];

/** Counts behind one rate: how often something happened out of how many times it could. */
interface Tally {
  yes: number;
  of: number;
}

/** How a variant's deals fall: per situation, how often a player plays (knocks); the cards exchanged; all passing. */
export interface DealModel {
  variant: VariantId;
  plays: Record<Situation, Tally>;
  /** Knektpass: how many cards a player who plays exchanges (index = cards, 0–9). */
  exchanged: number[];
  /** Norrlands-Knack's first deal: how often everyone passes. */
  firstDealPass: Tally;
}

/**
 * The prior: what a model starts from before any recorded deal, and what little history is weighed against —
 * about half the table plays a deal, a few cards are exchanged, a first deal is seldom passed by all.
 */
const PRIOR_WEIGHT = 20;
const PRIOR_PLAY: Record<VariantId, number> = { knektpass: 0.55, "norrlands-knack": 0.6 };

export function priorModel(variant: VariantId): DealModel {
  const p = PRIOR_PLAY[variant];
  return {
    variant,
    plays: Object.fromEntries(SITUATIONS.map((s) => [s, { yes: p * PRIOR_WEIGHT, of: PRIOR_WEIGHT }])) as Record<
      Situation,
      Tally
    >,
    exchanged: [6, 5, 5, 4, 3, 2, 1, 1, 0.5, 0.5],
    firstDealPass: { yes: 0.1 * PRIOR_WEIGHT, of: PRIOR_WEIGHT },
  };
}

function situationOf(scores: readonly number[], seat: number): Situation {
  const score = scores[seat]!;
  if (score <= 1) return "atOne";
  return score <= Math.min(...scores) ? "ahead" : "behind";
}

const cardsOf = (entry: EntryRecord) =>
  Array.isArray(entry.exchanged) ? entry.exchanged.reduce((a, b) => a + b, 0) : (entry.exchanged ?? 0);

/** The model learned from recorded games of one variant (others are ignored), on top of the prior. */
export function learnModel(variant: VariantId, games: GameRecord[]): DealModel {
  const model = priorModel(variant);
  for (const record of games) {
    if (record.variant !== variant) continue;
    const created = createScorer(record, { detail: false });
    if (!created.ok) continue;
    const scorer = created.scorer;
    for (const deal of record.deals) {
      const next = scorer.result().nextDeal;
      if (!next) break;
      const scores = scorer.standing;
      if (variant === "norrlands-knack" && next.firstDeal) {
        model.firstDealPass.of++;
        if (record.players.every((p) => !deal.entries[p]?.plays)) model.firstDealPass.yes++;
      } else {
        record.players.forEach((p, seat) => {
          const entry = deal.entries[p];
          if (!entry) return;
          const tally = model.plays[situationOf(scores, seat)];
          tally.of++;
          if (entry.plays) {
            tally.yes++;
            if (variant === "knektpass") model.exchanged[Math.min(cardsOf(entry), 9)]! += 1;
          }
        });
      }
      if (!scorer.push(deal).ok) break;
    }
  }
  return model;
}

const rate = (t: Tally) => t.yes / t.of;

function drawIndex(rnd: Random, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = rnd() * total;
  for (let i = 0; i < weights.length; i++) {
    x -= weights[i]!;
    if (x < 0) return i;
  }
  return weights.length - 1;
}

/** Five tricks dealt at random among these seats. */
export function tricksAmong(rnd: Random, seats: number[]): Map<number, number> {
  const out = new Map(seats.map((s) => [s, 0]));
  for (let t = 0; t < 5; t++) {
    const s = seats[Math.floor(rnd() * seats.length)]!;
    out.set(s, out.get(s)! + 1);
  }
  return out;
}

/** A simulated next deal of the scorer's game, drawn from the model (valid by the rules). */
export function drawDeal(rnd: Random, scorer: GameScorer, model: DealModel): DealRecord {
  const { players } = scorer.setup;
  const n = players.length;
  const next = scorer.result().nextDeal!;
  const scores = scorer.standing;
  const entries: DealRecord["entries"] = {};
  if (model.variant === "norrlands-knack" && next.firstDeal) {
    const pass = rnd() < rate(model.firstDealPass);
    const knocker = Math.floor(rnd() * n);
    const tricks = tricksAmong(
      rnd,
      players.map((_, s) => s),
    );
    players.forEach((p, s) => {
      entries[p] = pass ? { plays: false } : { plays: s === knocker, tricks: tricks.get(s)! };
    });
    return { entries };
  }
  const playing = players.map((_, s) => rnd() < rate(model.plays[situationOf(scores, s)]));
  const seats = playing.flatMap((p, s) => (p ? [s] : []));
  const tricks = seats.length >= 2 ? tricksAmong(rnd, seats) : null;
  let talon = talonSize(model.variant, n);
  players.forEach((p, s) => {
    if (!playing[s]) {
      entries[p] = { plays: false };
      return;
    }
    const entry: EntryRecord = { plays: true };
    if (model.variant === "knektpass") {
      const cards = Math.min(drawIndex(rnd, model.exchanged), talon);
      talon -= cards;
      entry.exchanged = cards;
    }
    if (tricks) entry.tricks = tricks.get(s)!;
    entries[p] = entry;
  });
  return { entries };
}

/** At most this many deals are simulated after the position; a rollout still open then counts for no one. */
export const ROLLOUT_DEAL_CAP = 150;
export const ROLLOUTS = 500;

/** One simulated rest of the game: its winners' shares added to `wins`; false when it reached the deal cap open. */
function rollout(scorer: GameScorer, model: DealModel, rnd: Random, wins: number[]): boolean {
  const game = scorer.fork();
  for (let d = 0; d < ROLLOUT_DEAL_CAP && !game.isOver; d++) {
    if (!game.push(drawDeal(rnd, game, model)).ok) break;
  }
  if (!game.isOver) return false;
  for (const s of game.winnerSeats) wins[s]! += 1 / game.winnerSeats.length;
  return true;
}

/**
 * Each player's chance of winning from where `scorer` stands: the share of `rollouts` simulated rests of the game
 * they win (a shared win split among its winners). Rollouts that reach the deal cap without a winner are left out;
 * if every one does, the chances are equal. A finished game gives its winners' shares.
 */
export function winChances(
  scorer: GameScorer,
  model: DealModel,
  rnd: Random,
  rollouts = ROLLOUTS,
): Record<string, number> {
  const { players } = scorer.setup;
  const wins = new Array<number>(players.length).fill(0);
  if (scorer.isOver) {
    for (const s of scorer.winnerSeats) wins[s] = 1 / scorer.winnerSeats.length;
  } else {
    let decided = 0;
    for (let r = 0; r < rollouts; r++) if (rollout(scorer, model, rnd, wins)) decided++;
    for (let s = 0; s < wins.length; s++) wins[s] = decided ? wins[s]! / decided : 1 / players.length;
  }
  return Object.fromEntries(players.map((p, s) => [p, wins[s]!]));
}

/** The chances before the first deal and after each deal of the record (one more entry than it has deals). */
export function oddsOfGame(
  record: GameRecord,
  model: DealModel,
  rnd: Random,
  rollouts = ROLLOUTS,
): Record<string, number>[] | null {
  const created = createScorer(record, { detail: false });
  if (!created.ok) return null;
  const scorer = created.scorer;
  const out = [winChances(scorer, model, rnd, rollouts)];
  for (const deal of record.deals) {
    if (!scorer.push(deal).ok) return null;
    out.push(winChances(scorer, model, rnd, rollouts));
  }
  return out;
}

/**
 * `winChances`, giving way every `slice` rollouts (`pause`): on a server the rollouts of one position share the
 * process with the deals being saved and the live updates, which never wait for more than one slice.
 */
export async function winChancesInSlices(
  scorer: GameScorer,
  model: DealModel,
  rnd: Random,
  pause: () => Promise<void>,
  rollouts = ROLLOUTS,
  slice = 25,
): Promise<Record<string, number>> {
  if (scorer.isOver) return winChances(scorer, model, rnd, rollouts);
  const { players } = scorer.setup;
  const wins = new Array<number>(players.length).fill(0);
  let decided = 0;
  for (let done = 0; done < rollouts; done += slice) {
    for (let r = done; r < Math.min(rollouts, done + slice); r++) if (rollout(scorer, model, rnd, wins)) decided++;
    await pause();
  }
  return Object.fromEntries(players.map((p, s) => [p, decided ? wins[s]! / decided : 1 / players.length]));
}

/** A seed from text (FNV-1a): the same evening and version give the same odds on every instance. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
