/**
 * The money of an evening played for stakes (README "Stakes and settlement"): what each game moves between the
 * players, each player's net over the evening, and few payments that settle it. Pure: no database, no React;
 * the evening page, the exports and the `score` command all use this one function. Amounts are whole minor
 * units (öre for SEK), so the books balance exactly.
 */
import { problem } from "./problems";
import type { Problem } from "./types";

/** What the table plays for, in whole minor units; each 0 when not played for. */
export interface Stakes {
  /** A three-letter ISO 4217 code. */
  currency: string;
  /** Every player who did not win pays the winner(s) this. */
  perGame: number;
  /** Every player who did not win pays the winner(s) this per point of their final score. */
  perPoint: number;
  /** Each limpa puts this into the pot, which the game's winner(s) take (Norrlands-Knack only has limpas). */
  perLimpa: number;
}

/** What the settlement needs of one game: its seats, and the result as shown. */
export interface SettledGame {
  players: string[];
  winners: string[];
  /** Final scores as shown. */
  scores: Record<string, number>;
  /** Limpas per player. */
  limpa: Record<string, number>;
}

/** What the settlement needs of a game the rules engine scored. */
export function settledGame(record: { players: string[] }, result: Omit<SettledGame, "players">): SettledGame {
  return { players: record.players, winners: result.winners, scores: result.scores, limpa: result.limpa };
}

/** One player's money in one game: what they owe for the game, their points and their limpas, and what they get. */
export interface GameLine {
  game: number;
  points: number;
  limpa: number;
  received: number;
  /** received − (game + points + limpa). */
  net: number;
}

export interface GameMoney {
  /** The game's number in the evening, from 1. */
  number: number;
  winners: string[];
  /** A game without a winner when the evening ended: its limpa payments go back, nothing moves. */
  unfinished: boolean;
  lines: Record<string, GameLine>;
}

export interface Payment {
  from: string;
  to: string;
  amount: number;
}

export interface Settlement {
  currency: string;
  /** Each player's net over the evening: received − owed. Sums to 0. */
  net: Record<string, number>;
  /** Payments that bring every net to 0: at most one fewer than the players. */
  payments: Payment[];
  games: GameMoney[];
}

export const NO_STAKES: Stakes = { currency: "SEK", perGame: 0, perPoint: 0, perLimpa: 0 };

/** Whether the evening is played for money at all. */
export function playsForMoney(stakes: Stakes | null | undefined): stakes is Stakes {
  return Boolean(stakes && (stakes.perGame > 0 || stakes.perPoint > 0 || stakes.perLimpa > 0));
}

/** Splits `total` among `winners` (in seat order): equal shares, the remainder one unit each from the first. */
function shares(total: number, winners: string[]): Map<string, number> {
  const base = Math.floor(total / winners.length);
  const rest = total - base * winners.length;
  return new Map(winners.map((w, i) => [w, base + (i < rest ? 1 : 0)]));
}

/** A record's own value for a name: never one inherited from Object.prototype ("constructor", "__proto__"). */
export function ownValue<T>(record: Readonly<Record<string, T>>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

function settleGame(game: SettledGame, number: number, stakes: Stakes): GameMoney {
  const winners = game.players.filter((p) => game.winners.includes(p));
  // Own properties for every player first: a name like "__proto__" is then a key like any other.
  const lines: Record<string, GameLine> = Object.fromEntries(
    game.players.map((p) => [p, { game: 0, points: 0, limpa: 0, received: 0, net: 0 }]),
  );
  if (!winners.length) return { number, winners: [], unfinished: true, lines };
  let pot = 0;
  for (const p of game.players) {
    const won = winners.includes(p);
    const line = {
      game: won ? 0 : stakes.perGame,
      points: won ? 0 : stakes.perPoint * Math.max(0, ownValue(game.scores, p) ?? 0),
      limpa: stakes.perLimpa * (ownValue(game.limpa, p) ?? 0),
      received: 0,
      net: 0,
    };
    pot += line.game + line.points + line.limpa;
    lines[p] = line;
  }
  for (const [w, share] of shares(pot, winners)) lines[w]!.received = share;
  for (const line of Object.values(lines)) line.net = line.received - line.game - line.points - line.limpa;
  return { number, winners, unfinished: false, lines };
}

/**
 * Few payments that settle the nets: the largest debtor pays the largest creditor, again and again. Each payment
 * brings at least one of the two to 0, so n players need at most n − 1. Ties go by the order of `players`.
 */
export function settlePayments(players: string[], net: Record<string, number>): Payment[] {
  const balance = new Map(players.map((p) => [p, net[p] ?? 0]));
  const payments: Payment[] = [];
  const largest = (sign: 1 | -1) => {
    let best: string | null = null;
    for (const p of players) {
      const v = balance.get(p)! * sign;
      if (v > 0 && (best === null || v > balance.get(best)! * sign)) best = p;
    }
    return best;
  };
  for (;;) {
    const from = largest(-1);
    const to = largest(1);
    if (!from || !to) return payments;
    const amount = Math.min(-balance.get(from)!, balance.get(to)!);
    payments.push({ from, to, amount });
    balance.set(from, balance.get(from)! + amount);
    balance.set(to, balance.get(to)! - amount);
  }
}

/** The evening's money: each game's, the nets, and the payments. Players appear in the order they first sat. */
export function settle(games: SettledGame[], stakes: Stakes): Settlement {
  const players: string[] = [];
  for (const g of games) for (const p of g.players) if (!players.includes(p)) players.push(p);
  const money = games.map((g, i) => settleGame(g, i + 1, stakes));
  const net: Record<string, number> = Object.fromEntries(players.map((p) => [p, 0]));
  for (const g of money) for (const [p, line] of Object.entries(g.lines)) net[p]! += line.net;
  return { currency: stakes.currency, net, payments: settlePayments(players, net), games: money };
}

const CURRENCIES: ReadonlySet<string> = new Set(
  typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("currency") : ["SEK", "EUR", "NOK", "DKK"],
);

/** The largest amount a stake may name: a million kronor in öre; far beyond any table, well inside exact integers. */
export const MAX_STAKE = 100_000_000;

/**
 * Reads stakes from a game record or a form: each amount optional (0), a whole number of minor units, 0 or more;
 * the currency a three-letter ISO 4217 code (SEK when absent).
 */
export function parseStakes(input: unknown): { stakes: Stakes; problems: [] } | { stakes: null; problems: Problem[] } {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { stakes: null, problems: [problem("stakes.invalid", {}, "rules.stakesInvalid")] };
  const record = input as Record<string, unknown>;
  const problems: Problem[] = [];
  for (const key of Object.keys(record)) {
    if (!["currency", "perGame", "perPoint", "perLimpa"].includes(key))
      problems.push(problem("stakes.invalid", {}, "rules.stakesUnknownField", { field: key }));
  }
  const currency = record.currency ?? "SEK";
  if (typeof currency !== "string" || !/^[A-Z]{3}$/.test(currency) || !CURRENCIES.has(currency))
    problems.push(problem("stakes.invalid", {}, "rules.stakesCurrency", { value: JSON.stringify(currency) ?? "?" }));
  const amount = (field: "perGame" | "perPoint" | "perLimpa") => {
    const value = record[field] ?? 0;
    if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > MAX_STAKE) {
      problems.push(
        problem("stakes.invalid", {}, "rules.stakesAmount", {
          field,
          value: JSON.stringify(value) ?? "?",
          max: MAX_STAKE,
        }),
      );
      return 0;
    }
    return value;
  };
  const stakes = {
    currency: String(currency),
    perGame: amount("perGame"),
    perPoint: amount("perPoint"),
    perLimpa: amount("perLimpa"),
  };
  return problems.length ? { stakes: null, problems } : { stakes, problems: [] };
}
