/**
 * Statistics of players across evenings, folded from the deals (STYLE.md 2) by the rules engine's results.
 * Pure: no database, so the figures are tested on hand-computed histories.
 */
import { evaluateGame, type GameRecord, type GameResult } from "@/lib/rules";

export interface HistoryGame {
  eveningId: string;
  record: GameRecord;
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
  /** Deals won alone: the only player who played (Knektpass) or knocked after the first deal (Norrlands-Knack). */
  loneWins: number;
  /** The most played deals in a row without a limpa. */
  longestRunWithoutLimpa: number;
  /** The furthest behind the best score at any moment of a game the player went on to win (0 if never behind). */
  bestComeback: number | null;
}

interface Scored {
  eveningId: string;
  record: GameRecord;
  result: GameResult;
}

function score(games: HistoryGame[]): Scored[] {
  return games.flatMap((g) => {
    const evaluation = evaluateGame(g.record);
    return evaluation.ok ? [{ eveningId: g.eveningId, record: g.record, result: evaluation.result }] : [];
  });
}

function startScore(record: GameRecord): number {
  return record.houseRules?.startScore ?? (record.variant === "knektpass" ? 12 : 10);
}

/** Every name in the history, most games first. */
export function playerNames(games: HistoryGame[]): string[] {
  const counts = new Map<string, number>();
  for (const g of games) for (const p of g.record.players) counts.set(p, (counts.get(p) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name);
}

export function playerStats(games: HistoryGame[], name: string): PlayerStats {
  const scored = score(games).filter((g) => g.record.players.includes(name));
  const evenings = new Set(scored.map((g) => g.eveningId));
  let finishedGames = 0;
  let wins = 0;
  let deals = 0;
  let changeSum = 0;
  let plays = 0;
  let limpas = 0;
  let loneWins = 0;
  let run = 0;
  let longestRun = 0;
  let bestComeback: number | null = null;
  for (const { record, result } of scored) {
    const won = result.winners.includes(name);
    if (result.winners.length) finishedGames++;
    if (won) wins++;
    const start = startScore(record);
    let behind = 0; // how far behind the best score the player has been in this game
    let scores: Record<string, number> = Object.fromEntries(record.players.map((p) => [p, start]));
    result.deals.forEach((deal, i) => {
      if (deal.void) return;
      const entries = record.deals[i]!.entries;
      deals++;
      changeSum += deal.changes[name]!;
      if (entries[name]!.plays) plays++;
      const playing = record.players.filter((p) => entries[p]!.plays);
      if (playing.length === 1 && playing[0] === name && !deal.firstDeal) loneWins++;
      if (deal.limpa.includes(name)) {
        limpas++;
        run = 0;
      } else {
        run++;
        longestRun = Math.max(longestRun, run);
      }
      scores = deal.scores;
      behind = Math.max(behind, scores[name]! - Math.min(...Object.values(scores)));
    });
    if (won) bestComeback = Math.max(bestComeback ?? 0, behind);
  }
  return {
    name,
    evenings: evenings.size,
    games: scored.length,
    finishedGames,
    wins,
    winRate: finishedGames ? wins / finishedGames : null,
    deals,
    averageChange: deals ? changeSum / deals : null,
    playRate: deals ? plays / deals : null,
    limpas,
    loneWins,
    longestRunWithoutLimpa: longestRun,
    bestComeback,
  };
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

export function headToHead(games: HistoryGame[], a: string, b: string): HeadToHead {
  const h: HeadToHead = { a, b, games: 0, aWins: 0, bWins: 0, aAhead: 0, bAhead: 0 };
  for (const { record, result } of score(games)) {
    if (!record.players.includes(a) || !record.players.includes(b) || !result.winners.length) continue;
    h.games++;
    if (result.winners.includes(a)) h.aWins++;
    if (result.winners.includes(b)) h.bWins++;
    if (result.scores[a]! < result.scores[b]!) h.aAhead++;
    else if (result.scores[b]! < result.scores[a]!) h.bAhead++;
  }
  return h;
}
