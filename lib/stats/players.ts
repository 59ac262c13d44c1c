/**
 * Statistics of players across evenings, added up from per-game summaries (lib/stats/summary.ts), which fold
 * the rules engine's results (docs/conventions.md 2). Pure: tested on hand-computed histories.
 */
import {
  evaluateGame,
  ownValue,
  playsForMoney,
  settle,
  type GameRecord,
  type Stakes,
  type VariantId,
} from "@/lib/rules";
import { summarizeGame, type GameSummary } from "./summary";

export interface HistoryGame {
  eveningId: string;
  record: GameRecord;
}

/** A game of the history as statistics see it, in the order the games were played. */
export interface SummarizedGame {
  eveningId: string;
  /** The game's id and number in its evening, and the evening's date (YYYY-MM-DD), when read from the database. */
  game?: string;
  gameNumber?: number;
  date?: string | null;
  players: string[];
  summary: GameSummary;
  /** The evening's stakes, when it is played for money. */
  stakes?: Stakes | null;
  /** The game played (Knektpass or Norrlands-Knack): a player's figures are per game where they mean something in one. */
  variant?: VariantId;
}

export interface PlayerStats {
  name: string;
  evenings: number;
  games: number;
  /** Games that ended with a winner. */
  finishedGames: number;
  wins: number;
  /** wins / finishedGames, or null before any game finished. */
  winRate: number | null;
  /** Deals that were played (not void) with the player at the table. */
  deals: number;
  /** Mean score change per played deal (negative is good: the scores count down). */
  averageChange: number | null;
  /** Share of played deals in which the player played / knocked. */
  playRate: number | null;
  limpas: number;
  /** Games of Norrlands-Knack, the game that has limpas (of a history whose games say which game they are). */
  limpaGames: number;
  /** Deals won alone: the only player who played (Knektpass) or knocked after the first deal (Norrlands-Knack). */
  loneWins: number;
  /** The most played deals in a row without a limpa, across games. */
  longestRunWithoutLimpa: number;
  /** The furthest behind the best score at any moment of a game the player went on to win (null: no win). */
  bestComeback: number | null;
}

export function summarize(games: HistoryGame[]): SummarizedGame[] {
  return games.flatMap((g) => {
    const evaluation = evaluateGame(g.record);
    return evaluation.ok
      ? [
          {
            eveningId: g.eveningId,
            players: g.record.players,
            variant: g.record.variant,
            summary: summarizeGame(g.record, evaluation.result),
          },
        ]
      : [];
  });
}

const asSummaries = (games: HistoryGame[] | SummarizedGame[]): SummarizedGame[] =>
  games.length && "record" in games[0]! ? summarize(games as HistoryGame[]) : (games as SummarizedGame[]);

/** Every name in the history, most games first. */
export function playerNames(games: HistoryGame[] | SummarizedGame[]): string[] {
  const counts = new Map<string, number>();
  for (const g of asSummaries(games)) for (const p of g.players) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

export function playerStats(history: HistoryGame[] | SummarizedGame[], name: string): PlayerStats {
  const games = asSummaries(history).filter((g) => g.players.includes(name));
  const stats: PlayerStats = {
    name,
    evenings: new Set(games.map((g) => g.eveningId)).size,
    games: games.length,
    finishedGames: 0,
    wins: 0,
    winRate: null,
    deals: 0,
    averageChange: null,
    playRate: null,
    limpas: 0,
    limpaGames: 0,
    loneWins: 0,
    longestRunWithoutLimpa: 0,
    bestComeback: null,
  };
  let changeSum = 0;
  let plays = 0;
  let run = 0; // deals without a limpa up to now, across games
  for (const { summary, variant } of games) {
    const s = summary.byPlayer[name]!;
    if (variant === "norrlands-knack") stats.limpaGames++;
    if (summary.finished) stats.finishedGames++;
    if (summary.winners.includes(name)) {
      stats.wins++;
      stats.bestComeback = Math.max(stats.bestComeback ?? 0, s.behind);
    }
    stats.deals += s.deals;
    changeSum += s.changeSum;
    plays += s.plays;
    stats.limpas += s.limpas;
    stats.loneWins += s.loneWins;
    if (s.limpas === 0) {
      run += s.deals;
    } else {
      stats.longestRunWithoutLimpa = Math.max(stats.longestRunWithoutLimpa, run + s.leadingRun, s.maxRun);
      run = s.trailingRun;
    }
    stats.longestRunWithoutLimpa = Math.max(stats.longestRunWithoutLimpa, run);
  }
  stats.winRate = stats.finishedGames ? stats.wins / stats.finishedGames : null;
  stats.averageChange = stats.deals ? changeSum / stats.deals : null;
  stats.playRate = stats.deals ? plays / stats.deals : null;
  return stats;
}

export interface HeadToHead {
  a: string;
  b: string;
  /** Finished games where both sat at the table. */
  games: number;
  aWins: number;
  bWins: number;
  /** Finished games in which each ended with the lower score of the two. */
  aAhead: number;
  bAhead: number;
}

export function headToHead(history: HistoryGame[] | SummarizedGame[], a: string, b: string): HeadToHead {
  const h: HeadToHead = { a, b, games: 0, aWins: 0, bWins: 0, aAhead: 0, bAhead: 0 };
  for (const { players, summary } of asSummaries(history)) {
    if (!players.includes(a) || !players.includes(b) || !summary.finished) continue;
    h.games++;
    if (summary.winners.includes(a)) h.aWins++;
    if (summary.winners.includes(b)) h.bWins++;
    const sa = summary.byPlayer[a]!.finalScore;
    const sb = summary.byPlayer[b]!.finalScore;
    if (sa < sb) h.aAhead++;
    else if (sb < sa) h.bAhead++;
  }
  return h;
}

/** A player's money over the evenings played for stakes, one line per currency. */
export interface MoneyLine {
  currency: string;
  /** Evenings played for money in this currency with the player at the table. */
  evenings: number;
  /** Received − paid over those evenings, in minor units. */
  net: number;
}

/** What one game moved, by the rules module's settlement (a game without a winner moves nothing). */
export function gameMoney(game: SummarizedGame): Record<string, number> | null {
  if (!playsForMoney(game.stakes)) return null;
  const { summary, players } = game;
  const scores = Object.fromEntries(players.map((p) => [p, summary.byPlayer[p]!.finalScore]));
  const limpa = Object.fromEntries(players.map((p) => [p, summary.byPlayer[p]!.limpas]));
  return settle([{ players, winners: summary.winners, scores, limpa }], game.stakes).net;
}

/** The player's net over every evening played for money, per currency, most evenings first. */
export function playerMoney(history: SummarizedGame[], name: string): MoneyLine[] {
  const lines = new Map<string, { evenings: Set<string>; net: number }>();
  for (const game of history) {
    if (!game.players.includes(name)) continue;
    const net = gameMoney(game);
    if (!net) continue;
    const line = lines.get(game.stakes!.currency) ?? { evenings: new Set<string>(), net: 0 };
    line.evenings.add(game.eveningId);
    line.net += ownValue(net, name) ?? 0;
    lines.set(game.stakes!.currency, line);
  }
  return [...lines]
    .map(([currency, l]) => ({ currency, evenings: l.evenings.size, net: l.net }))
    .sort((a, b) => b.evenings - a.evenings || a.currency.localeCompare(b.currency));
}
