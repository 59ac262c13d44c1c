/**
 * One game boiled down to what player statistics need, per player. Small enough to store per game as a cache
 * (GameSummary) and to add up over thousands of games; always recomputable from the game's deals.
 */
import { resolveHouseRules, type GameRecord, type GameResult } from "@/lib/rules";

export interface PlayerGameSummary {
  /** Deals played (not void) in this game. */
  deals: number;
  changeSum: number;
  plays: number;
  limpas: number;
  loneWins: number;
  /** Deals without a limpa at the start of the game, at its end, and the longest such run inside it. */
  leadingRun: number;
  trailingRun: number;
  maxRun: number;
  /** The deal numbers on which the leading run and the longest run ended (0: no such run). */
  leadingRunEnd: number;
  maxRunEnd: number;
  /** The number of the last played (not void) deal, 0 before any. */
  lastDeal: number;
  /** The furthest behind the best score at any moment, and the deal on which it was first that far. */
  behind: number;
  behindDeal: number;
  /** Who had the best score then, as seats of `GameSummary.players` (seats, so a merge of names reads them too). */
  behindOf: number[];
  /** The change of the deal that moved the player most (by size; + is up), and that deal's number. */
  maxChange: number;
  maxChangeDeal: number;
  finalScore: number;
}

/** Bumped when the summary gains a figure: a stored summary of another version is refolded when read. */
export const SUMMARY_VERSION = 3;

export interface GameSummary {
  version: typeof SUMMARY_VERSION;
  /** The players in seat order. */
  players: string[];
  /** Deals in the game, void ones included. */
  dealCount: number;
  finished: boolean;
  winners: string[];
  byPlayer: Record<string, PlayerGameSummary>;
}

export function summarizeGame(record: GameRecord, result: GameResult): GameSummary {
  const start = resolveHouseRules(record.variant, record.houseRules).startScore;
  // Keyed by name: built with own properties, so a name like "__proto__" is a player like any other.
  const byPlayer: Record<string, PlayerGameSummary> = Object.fromEntries(
    record.players.map((p) => [
      p,
      {
        deals: 0,
        changeSum: 0,
        plays: 0,
        limpas: 0,
        loneWins: 0,
        leadingRun: 0,
        trailingRun: 0,
        maxRun: 0,
        leadingRunEnd: 0,
        maxRunEnd: 0,
        lastDeal: 0,
        behind: 0,
        behindDeal: 0,
        behindOf: [],
        maxChange: 0,
        maxChangeDeal: 0,
        finalScore: start,
      },
    ]),
  );
  result.deals.forEach((deal, i) => {
    if (deal.void) return;
    const entries = record.deals[i]!.entries;
    const playing = record.players.filter((p) => entries[p]!.plays);
    const best = Math.min(...record.players.map((p) => deal.scores[p]!));
    for (const p of record.players) {
      const s = byPlayer[p]!;
      const change = deal.changes[p]!;
      s.deals++;
      s.lastDeal = deal.number;
      s.changeSum += change;
      if (Math.abs(change) > Math.abs(s.maxChange)) {
        s.maxChange = change;
        s.maxChangeDeal = deal.number;
      }
      if (entries[p]!.plays) s.plays++;
      if (playing.length === 1 && playing[0] === p && !deal.firstDeal) s.loneWins++;
      if (deal.limpa.includes(p)) {
        s.limpas++;
        s.trailingRun = 0;
      } else {
        s.trailingRun++;
        if (s.limpas === 0) {
          s.leadingRun++;
          s.leadingRunEnd = deal.number;
        }
        if (s.trailingRun > s.maxRun) {
          s.maxRun = s.trailingRun;
          s.maxRunEnd = deal.number;
        }
      }
      if (deal.scores[p]! - best > s.behind) {
        s.behind = deal.scores[p]! - best;
        s.behindDeal = deal.number;
        s.behindOf = record.players.flatMap((q, seat) => (deal.scores[q] === best ? [seat] : []));
      }
      s.finalScore = deal.scores[p]!;
    }
  });
  return {
    version: SUMMARY_VERSION,
    players: record.players,
    dealCount: record.deals.length,
    finished: result.winners.length > 0,
    winners: result.winners,
    byPlayer,
  };
}
