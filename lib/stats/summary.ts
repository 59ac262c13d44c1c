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
  /** The furthest behind the best score at any moment. */
  behind: number;
  finalScore: number;
}

export interface GameSummary {
  /** The players in seat order (summaries stored before this was kept are refolded when read). */
  players: string[];
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
        behind: 0,
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
      s.deals++;
      s.changeSum += deal.changes[p]!;
      if (entries[p]!.plays) s.plays++;
      if (playing.length === 1 && playing[0] === p && !deal.firstDeal) s.loneWins++;
      if (deal.limpa.includes(p)) {
        s.limpas++;
        s.trailingRun = 0;
      } else {
        s.trailingRun++;
        if (s.limpas === 0) s.leadingRun++;
        s.maxRun = Math.max(s.maxRun, s.trailingRun);
      }
      s.behind = Math.max(s.behind, deal.scores[p]! - best);
      s.finalScore = deal.scores[p]!;
    }
  });
  return { players: record.players, finished: result.winners.length > 0, winners: result.winners, byPlayer };
}
