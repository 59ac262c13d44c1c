/**
 * Live odds: each player's chance of winning the game from where it stands, by playing the rest of the game many
 * times with the real rules engine (a fork of the game's scorer), each simulated deal drawn from a model of how
 * deals fall — learned from recorded games of the same variant, or a prior without them (decision 022). Pure and
 * seeded: the same position, model and seed give the same odds.
 */
import {
  cardsExchanged,
  createScorer,
  exchangeRounds,
  knektpassQuota,
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
  /** Knektpass, a hand played out: how often a player who plays takes at least his quota (RULES.md K7). */
  quotaMet: Tally;
  /** Norrlands-Knack's first deal: how often everyone passes. */
  firstDealPass: Tally;
}

/**
 * The prior: what a model starts from before any recorded deal, and what little history is weighed against —
 * about half the table plays a deal, a few cards are exchanged, a first deal is seldom passed by all.
 */
const PRIOR_WEIGHT = 20;
const PRIOR_PLAY: Record<VariantId, number> = { knektpass: 0.55, "norrlands-knack": 0.6 };
/** Players exchange what they expect to cover: most quotas are met (a table that misses more learns so). */
const PRIOR_QUOTA_MET = 0.85;

export function priorModel(variant: VariantId): DealModel {
  const p = PRIOR_PLAY[variant];
  return {
    variant,
    plays: Object.fromEntries(SITUATIONS.map((s) => [s, { yes: p * PRIOR_WEIGHT, of: PRIOR_WEIGHT }])) as Record<
      Situation,
      Tally
    >,
    exchanged: [6, 5, 5, 4, 3, 2, 1, 1, 0.5, 0.5],
    quotaMet: { yes: PRIOR_QUOTA_MET * PRIOR_WEIGHT, of: PRIOR_WEIGHT },
    firstDealPass: { yes: 0.1 * PRIOR_WEIGHT, of: PRIOR_WEIGHT },
  };
}

/** Where a player at `score` stands before a deal whose lowest score is `lowest`. */
function situationOf(score: number, lowest: number): Situation {
  if (score <= 1) return "atOne";
  return score <= lowest ? "ahead" : "behind";
}

/** The model learned from recorded games of one variant (others are ignored), on top of the prior. */
export function learnModel(variant: VariantId, games: GameRecord[]): DealModel {
  const model = priorModel(variant);
  for (const record of games) {
    if (record.variant !== variant) continue;
    const created = createScorer(record, { detail: false });
    if (!created.ok) continue;
    const scorer = created.scorer;
    for (const deal of record.deals) {
      const next = scorer.upcoming();
      if (!next) break;
      const scores = scorer.standing;
      const lowest = Math.min(...scores);
      if (variant === "norrlands-knack" && next.firstDeal) {
        model.firstDealPass.of++;
        if (record.players.every((p) => !deal.entries[p]?.plays)) model.firstDealPass.yes++;
      } else {
        record.players.forEach((p, seat) => {
          const entry = deal.entries[p];
          if (!entry) return;
          const tally = model.plays[situationOf(scores[seat]!, lowest)];
          tally.of++;
          if (entry.plays) {
            tally.yes++;
            if (variant !== "knektpass") return;
            const rounds = exchangeRounds(entry);
            const cards = cardsExchanged(entry);
            model.exchanged[Math.min(cards, 9)]! += 1;
            if (entry.tricks === undefined) return;
            model.quotaMet.of++;
            const quota = knektpassQuota(cards, Math.max(0, ...rounds), scorer.setup.houseRules);
            if (entry.tricks >= quota) model.quotaMet.yes++;
          }
        });
      }
      if (!scorer.push(deal).ok) break;
    }
  }
  return model;
}

const rate = (t: Tally) => t.yes / t.of;

/**
 * A model ready to draw from, worked out once per model (rollouts draw hundreds of thousands of deals): the rates
 * as numbers, the exchanged cards' weights summed up — for any count, for counts that meet a quota of at most t
 * tricks (0..t) and for those that miss it (t+1..9).
 */
interface Sampler {
  plays: Record<Situation, number>;
  quotaMet: number;
  firstDealPass: number;
  /** cumulative[i] = weight of 0..i cards exchanged. */
  cumulative: number[];
}
const samplers = new WeakMap<DealModel, Sampler>();

function samplerOf(model: DealModel): Sampler {
  let sampler = samplers.get(model);
  if (!sampler) {
    const cumulative: number[] = [];
    model.exchanged.reduce((sum, w, i) => (cumulative[i] = sum + w), 0);
    sampler = {
      plays: { ahead: rate(model.plays.ahead), behind: rate(model.plays.behind), atOne: rate(model.plays.atOne) },
      quotaMet: rate(model.quotaMet),
      firstDealPass: rate(model.firstDealPass),
      cumulative,
    };
    samplers.set(model, sampler);
  }
  return sampler;
}

/** A count from `from` to `to` (inclusive) by the weights summed up in `cumulative`; -1 when they weigh nothing. */
function drawBetween(rnd: Random, cumulative: number[], from: number, to: number): number {
  const below = from > 0 ? cumulative[from - 1]! : 0;
  const total = cumulative[to]! - below;
  if (total <= 0) return -1;
  const x = below + rnd() * total;
  for (let i = from; i < to; i++) if (x < cumulative[i]!) return i;
  return to;
}

/**
 * The cards a Knektpass player who plays exchanges: when the hand is played out (his `tricks` known), first
 * whether he meets his quota, then a count from the model's distribution that does (at most his tricks) or does
 * not (more than his tricks) — so quotas are missed as often as the table misses them.
 */
function drawExchange(rnd: Random, sampler: Sampler, tricks: number | undefined): number {
  const last = sampler.cumulative.length - 1;
  if (tricks === undefined) return drawBetween(rnd, sampler.cumulative, 0, last);
  const meets = rnd() < sampler.quotaMet;
  const cards = meets
    ? drawBetween(rnd, sampler.cumulative, 0, Math.min(tricks, last))
    : tricks < last
      ? drawBetween(rnd, sampler.cumulative, tricks + 1, last)
      : -1;
  return cards >= 0 ? cards : drawBetween(rnd, sampler.cumulative, 0, last);
}

/** Five tricks dealt at random among `seats`, counted into `out` (by seat). */
function dealTricks(rnd: Random, seats: number[], out: number[]): void {
  for (const s of seats) out[s] = 0;
  for (let t = 0; t < 5; t++) out[seats[Math.floor(rnd() * seats.length)]!]! += 1;
}

/** Five tricks dealt at random among these seats. */
export function tricksAmong(rnd: Random, seats: number[]): Map<number, number> {
  const out: number[] = [];
  dealTricks(rnd, seats, out);
  return new Map(seats.map((s) => [s, out[s]!]));
}

/** A simulated next deal of the scorer's game, drawn from the model (valid by the rules). */
export function drawDeal(rnd: Random, scorer: GameScorer, model: DealModel): DealRecord {
  const sampler = samplerOf(model);
  const { players } = scorer.setup;
  const n = players.length;
  const entries: DealRecord["entries"] = {};
  const tricks = new Array<number>(n).fill(0);
  if (model.variant === "norrlands-knack" && scorer.upcoming()!.firstDeal) {
    const pass = rnd() < sampler.firstDealPass;
    const knocker = Math.floor(rnd() * n);
    dealTricks(
      rnd,
      players.map((_, s) => s),
      tricks,
    );
    for (let s = 0; s < n; s++)
      entries[players[s]!] = pass ? { plays: false } : { plays: s === knocker, tricks: tricks[s]! };
    return { entries };
  }
  const scores = scorer.standing;
  const lowest = Math.min(...scores);
  const seats: number[] = [];
  for (let s = 0; s < n; s++) {
    if (rnd() < sampler.plays[situationOf(scores[s]!, lowest)]) seats.push(s);
  }
  const played = seats.length >= 2;
  if (played) dealTricks(rnd, seats, tricks);
  let talon = talonSize(model.variant, n);
  let next = 0;
  for (let s = 0; s < n; s++) {
    if (seats[next] !== s) {
      entries[players[s]!] = { plays: false };
      continue;
    }
    next++;
    const entry: EntryRecord = { plays: true };
    if (model.variant === "knektpass") {
      const cards = Math.min(drawExchange(rnd, sampler, played ? tricks[s] : undefined), talon);
      talon -= cards;
      // One round exchanges at most the five cards of a hand (RULES.md K3): more takes a second round.
      entry.exchanged = cards > 5 ? [5, cards - 5] : cards;
    }
    if (played) entry.tricks = tricks[s]!;
    entries[players[s]!] = entry;
  }
  return { entries };
}

/** At most this many deals are simulated after the position; a rollout still open then counts for no one. */
export const ROLLOUT_DEAL_CAP = 60;
export const ROLLOUTS = 500;
/**
 * After this many rollouts, a position where more than half reached the deal cap undecided (a start score far
 * above what the deals take away, or a table whose deals drift upwards) is not rolled out further: its chances
 * are those few rollouts', equal when none ended — the game is too far from its end to tell more, and every
 * further rollout would cost the cap in full.
 */
export const EARLY_LOOK = 50;

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
 * The rollouts of one position, one per step (so a server can give way between them), ending with each player's
 * chance: the one loop behind `winChances` and `winChancesInSlices`.
 */
function* rollingOut(
  scorer: GameScorer,
  model: DealModel,
  rnd: Random,
  rollouts: number,
): Generator<void, Record<string, number>> {
  const { players } = scorer.setup;
  const wins = new Array<number>(players.length).fill(0);
  if (scorer.isOver) {
    for (const s of scorer.winnerSeats) wins[s] = 1 / scorer.winnerSeats.length;
    return Object.fromEntries(players.map((p, s) => [p, wins[s]!]));
  }
  let decided = 0;
  for (let r = 0; r < rollouts; r++) {
    if (rollout(scorer, model, rnd, wins)) decided++;
    if (r + 1 === EARLY_LOOK && decided * 2 < EARLY_LOOK) break;
    yield;
  }
  return Object.fromEntries(players.map((p, s) => [p, decided ? wins[s]! / decided : 1 / players.length]));
}

/**
 * Each player's chance of winning from where `scorer` stands: the share of `rollouts` simulated rests of the game
 * they win (a shared win split among its winners). Rollouts that reach the deal cap without a winner are left out
 * (and most of them stop the rolling out early, see `EARLY_LOOK`); if every one does, the chances are equal. A
 * finished game gives its winners' shares.
 */
export function winChances(
  scorer: GameScorer,
  model: DealModel,
  rnd: Random,
  rollouts = ROLLOUTS,
): Record<string, number> {
  const steps = rollingOut(scorer, model, rnd, rollouts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
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

/** A server's rollouts give way to other work after about this many milliseconds of simulation. */
export const SLICE_MS = 0.5;

/**
 * `winChances` as a server works it out — the same rollouts, so the same chances — giving way (`pause`) after
 * every `SLICE_MS` of simulation, so the deals being saved and the live updates sharing the process never wait
 * for more than one slice.
 */
export async function winChancesInSlices(
  scorer: GameScorer,
  model: DealModel,
  rnd: Random,
  pause: () => Promise<void>,
  rollouts = ROLLOUTS,
): Promise<Record<string, number>> {
  const steps = rollingOut(scorer, model, rnd, rollouts);
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await pause();
      sliceStart = performance.now();
    }
  }
}

/** A seed from text (FNV-1a): the same evening and version give the same odds on every instance. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
