/**
 * Generates games that are valid by the rules, for property tests and benchmarks. The generator asks the
 * rules engine for the state of the game (first deal, trumftvång) so that every deal it makes is legal.
 */
import {
  createScorer,
  talonSize,
  type DealRecord,
  type GameScorer,
  type EntryRecord,
  type GameRecord,
  type HouseRules,
  type VariantId,
} from "@/lib/rules";
import { problemText } from "@/lib/i18n/dictionaries";
import type { Random } from "@/lib/stats/odds";

// One seedable generator for the app's odds and the tests' games.
export { seededRandom as seeded, type Random } from "@/lib/stats/odds";

const int = (rnd: Random, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
const pick = <T>(rnd: Random, xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;

export function randomHouseRules(rnd: Random, variant: VariantId): Partial<HouseRules> {
  const rules: Partial<HouseRules> = {};
  if (rnd() < 0.3) rules.startScore = int(rnd, 1, 15);
  if (rnd() < 0.3) rules.loneWinnerPoints = int(rnd, 0, 7);
  if (rnd() < 0.3) rules.redealDealer = pick(rnd, ["same", "next"] as const);
  if (rnd() < 0.3) rules.tie = pick(rnd, ["shared", "lowestRaw"] as const);
  if (variant === "knektpass") {
    if (rnd() < 0.3) rules.quota = pick(rnd, ["sum", "largestRound"] as const);
    if (rnd() < 0.3) rules.minQuota = pick(rnd, [0, 1] as const);
  } else {
    if (rnd() < 0.3) rules.loneKnocker = pick(rnd, ["takesAll", "redeal"] as const);
    if (rnd() < 0.3) rules.trumpCompulsion = pick(rnd, ["anyoneAtOne", "triggerPlayer", "off"] as const);
    if (rnd() < 0.3) rules.revokeKeepsTricks = rnd() < 0.5;
  }
  return rules;
}

/**
 * How a generated table plays, where it differs from the generator's default (every player alike: plays 55 % of
 * Knektpass deals and knocks 60 % of Norrlands-Knack's, exchanges 0–3 rounds of 0–3 cards, tricks fall at random
 * among those who play). Habits are by player name, so a player keeps his across games — as at a real table.
 */
export interface TableHabits {
  /** How often the player plays (Knektpass) or knocks (Norrlands-Knack) a deal after the first. */
  plays?: (player: string) => number;
  /** The player's strength at the cards: each trick falls to a player in proportion to it (default 1). */
  strength?: (player: string) => number;
  /** Knektpass: each card a player exchanged multiplies his weight for the tricks by this (default 1). */
  perCardExchanged?: number;
  /** Knektpass: the most rounds and the most cards a round the player exchanges (default 3 and 3). */
  exchanges?: (player: string) => { rounds: number; cards: number };
}

export interface GameOptions {
  variant?: VariantId;
  players?: number;
  maxDeals?: number;
  houseRules?: Partial<HouseRules>;
  habits?: TableHabits;
}

/** A random game, valid by the rules, of at most `maxDeals` deals (fewer when someone wins first). */
export function randomGame(rnd: Random, options: GameOptions = {}): GameRecord {
  const variant = options.variant ?? pick(rnd, ["knektpass", "norrlands-knack"] as const);
  const n = options.players ?? (variant === "knektpass" ? int(rnd, 2, 10) : int(rnd, 3, 5));
  const players = Array.from({ length: n }, (_, i) => `P${i + 1}`);
  const record: GameRecord = {
    variant,
    houseRules: options.houseRules ?? randomHouseRules(rnd, variant),
    players,
    firstDealer: pick(rnd, players),
    deals: [],
  };
  const created = createScorer(record);
  if (!created.ok) throw new Error(problemText(created.problems[0]!, "en"));
  const scorer = created.scorer;
  const maxDeals = options.maxDeals ?? 50;
  while (record.deals.length < maxDeals && !scorer.isOver) {
    const deal = randomDeal(rnd, scorer, options.habits);
    const pushed = scorer.push(deal);
    if (!pushed.ok) throw new Error(`generated an invalid deal: ${problemText(pushed.problems[0]!, "en")}`);
    record.deals.push(deal);
  }
  return record;
}

/** A random deal that is valid as the next deal of the scorer's game (it is not applied). */
export function randomDeal(rnd: Random, scorer: GameScorer, habits?: TableHabits): DealRecord {
  const { variant, players } = scorer.setup;
  const next = scorer.upcoming()!;
  const n = players.length;
  const deal = habits
    ? habitualDeal(rnd, scorer, habits)
    : variant === "knektpass"
      ? knektpassDeal(rnd, n)
      : knackDeal(rnd, n, next.firstDeal, next.trumpCompulsion);
  const entries: DealRecord["entries"] = {};
  deal.forEach((e, s) => (entries[players[s]!] = e));
  return { entries };
}

function knektpassDeal(rnd: Random, n: number): EntryRecord[] {
  const playing = Array.from({ length: n }, () => rnd() < 0.55);
  const seats = playing.flatMap((p, s) => (p ? [s] : []));
  let talon = talonSize("knektpass", n);
  const tricks = seats.length >= 2 ? weightedTricks(rnd, seats) : new Map<number, number>();
  return playing.map((plays, s) => {
    if (!plays) return { plays: false };
    const rounds: number[] = [];
    const roundCount = int(rnd, 0, 3);
    for (let r = 0; r < roundCount; r++) {
      const x = Math.min(int(rnd, 0, 3), talon);
      talon -= x;
      rounds.push(x);
    }
    const entry: EntryRecord = { plays: true, exchanged: rounds.length === 1 ? rounds[0]! : rounds };
    if (seats.length >= 2) entry.tricks = tricks.get(s)!;
    return entry;
  });
}

function knackDeal(rnd: Random, n: number, first: boolean, compulsion: boolean): EntryRecord[] {
  if (first) {
    if (rnd() < 0.1) return Array.from({ length: n }, () => ({ plays: false }));
    const knocker = int(rnd, 0, n - 1);
    const all = Array.from({ length: n }, (_, s) => s);
    const tricks = weightedTricks(rnd, all);
    return all.map((s) => {
      const entry: EntryRecord = { plays: s === knocker };
      if (s === knocker || rnd() < 0.7) entry.tricks = tricks.get(s)!;
      if (s === knocker && compulsion && rnd() < 0.1) entry.revoke = true;
      return entry;
    });
  }
  const knocks = Array.from({ length: n }, () => rnd() < 0.6);
  const seats = knocks.flatMap((k, s) => (k ? [s] : []));
  const tricks = seats.length >= 2 ? weightedTricks(rnd, seats) : new Map<number, number>();
  return knocks.map((plays, s) => {
    if (!plays) return { plays: false };
    const entry: EntryRecord = { plays: true };
    if (seats.length >= 2) {
      entry.tricks = tricks.get(s)!;
      if (compulsion && rnd() < 0.15) entry.revoke = true;
    }
    return entry;
  });
}

/** Five tricks, each to one of `seats` in proportion to `weights` (by seat; alike without them). */
function weightedTricks(rnd: Random, seats: number[], weights?: number[]): Map<number, number> {
  const weight = (s: number) => weights?.[s] ?? 1;
  const total = seats.reduce((sum, s) => sum + weight(s), 0);
  const out = new Map(seats.map((s) => [s, 0]));
  for (let t = 0; t < 5; t++) {
    let x = rnd() * total;
    let to = seats[seats.length - 1]!;
    for (const s of seats) {
      x -= weight(s);
      if (x < 0) {
        to = s;
        break;
      }
    }
    out.set(to, out.get(to)! + 1);
  }
  return out;
}

/** A deal of a table with its own habits (`TableHabits`): the same shape of deal as the default's. */
function habitualDeal(rnd: Random, scorer: GameScorer, habits: TableHabits): EntryRecord[] {
  const { variant, players } = scorer.setup;
  const next = scorer.upcoming()!;
  const n = players.length;
  const strength = players.map((p) => habits.strength?.(p) ?? 1);
  if (variant === "norrlands-knack" && next.firstDeal) {
    if (rnd() < 0.1) return players.map(() => ({ plays: false }));
    const knocker = int(rnd, 0, n - 1);
    const all = players.map((_, s) => s);
    const tricks = weightedTricks(rnd, all, strength);
    return all.map((s) => {
      const entry: EntryRecord = { plays: s === knocker };
      if (s === knocker || rnd() < 0.7) entry.tricks = tricks.get(s)!;
      if (s === knocker && next.trumpCompulsion && rnd() < 0.1) entry.revoke = true;
      return entry;
    });
  }
  const usual = variant === "knektpass" ? 0.55 : 0.6;
  const playing = players.map((p) => rnd() < (habits.plays?.(p) ?? usual));
  const seats = playing.flatMap((p, s) => (p ? [s] : []));
  const exchanged: number[][] = players.map(() => []);
  if (variant === "knektpass") {
    let talon = talonSize("knektpass", n);
    for (const s of seats) {
      const most = habits.exchanges?.(players[s]!) ?? { rounds: 3, cards: 3 };
      const roundCount = int(rnd, 0, most.rounds);
      for (let r = 0; r < roundCount; r++) {
        const x = Math.min(int(rnd, 0, most.cards), talon, 5);
        talon -= x;
        exchanged[s]!.push(x);
      }
    }
  }
  const perCard = habits.perCardExchanged ?? 1;
  const weights = strength.map((w, s) => w * perCard ** exchanged[s]!.reduce((a, b) => a + b, 0));
  const tricks = seats.length >= 2 ? weightedTricks(rnd, seats, weights) : new Map<number, number>();
  return playing.map((plays, s) => {
    if (!plays) return { plays: false };
    const entry: EntryRecord = { plays: true };
    if (variant === "knektpass") {
      const rounds = exchanged[s]!;
      entry.exchanged = rounds.length === 1 ? rounds[0]! : rounds;
    }
    if (seats.length >= 2) {
      entry.tricks = tricks.get(s)!;
      if (variant === "norrlands-knack" && next.trumpCompulsion && rnd() < 0.15) entry.revoke = true;
    }
    return entry;
  });
}
