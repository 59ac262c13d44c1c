/**
 * Ratings of a group's players (README "Ratings"): the `openskill` package's Weng–Lin rating (its default
 * Plackett–Luce model, μ = 25, σ = 25/3, no options), replayed over finished games in the order played. Pure: the
 * data layer passes the games with merged players already read as one.
 */
import { ordinal, rate, rating } from "openskill";
import type { GameSummary } from "./summary";

export interface PlayerRating {
  mu: number;
  sigma: number;
  /** The conservative rating shown: μ − 3σ. */
  ordinal: number;
}

/**
 * A finished game's ranking: the winners (as the rules engine names them) share rank 1; every other player's rank
 * is 1 + the number of winners + the number of non-winners whose final score is strictly lower (equal scores share
 * a rank). Scores count down, so lower is better. Null for a game without a winner.
 */
export function gameRanks(summary: GameSummary): Record<string, number> | null {
  if (!summary.finished || !summary.winners.length) return null;
  const winners = summary.winners;
  const others = summary.players.filter((p) => !winners.includes(p));
  return Object.fromEntries(
    summary.players.map((p) => {
      if (winners.includes(p)) return [p, 1];
      const score = summary.byPlayer[p]!.finalScore;
      return [p, 1 + winners.length + others.filter((q) => summary.byPlayer[q]!.finalScore < score).length];
    }),
  );
}

export interface RatedGame {
  players: string[];
  summary: GameSummary;
}

const asView = (r: { mu: number; sigma: number }): PlayerRating => ({ mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) });

/**
 * Replays the games in order (unfinished ones are skipped) and calls `after` with each rated game's new ratings of
 * its players. Returns every player's rating at the end.
 */
export function replayRatings<G extends RatedGame>(
  games: G[],
  after?: (game: G, ratings: Map<string, PlayerRating>) => void,
): Map<string, PlayerRating> {
  const current = new Map<string, { mu: number; sigma: number }>();
  for (const game of games) {
    const ranks = gameRanks(game.summary);
    if (!ranks) continue;
    const teams = game.players.map((p) => [current.get(p) ?? rating()]);
    const rated = rate(teams, { rank: game.players.map((p) => ranks[p]!) });
    const changed = new Map<string, PlayerRating>();
    game.players.forEach((p, i) => {
      const { mu, sigma } = rated[i]![0]!;
      current.set(p, { mu, sigma });
      changed.set(p, asView({ mu, sigma }));
    });
    after?.(game, changed);
  }
  return new Map([...current].map(([p, r]) => [p, asView(r)]));
}
