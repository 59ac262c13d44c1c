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

type Skill = { mu: number; sigma: number };

/**
 * Ratings carried along a group's games, so that a game that ends costs one more `rate` (not a replay of the
 * group's history): `consumed` games are in `ratings` (the trailing games still being played are not consumed
 * yet); `beforeLast` is every rating as it stood before the last evening's first rated game.
 */
export interface RatingsState {
  ratings: Map<string, Skill>;
  consumed: number;
  /** What each consumed game was rated as: its reference and its ranking. A change to one means a replay. */
  marks: string[];
  lastEvening: string | null;
  beforeLast: Map<string, Skill>;
  /** Each player's conservative rating after each of their rated games, in order (their rating history). */
  history: Map<string, { date: string | null; ordinal: number }[]>;
}

const mark = (game: RatedGame & { game?: string }) => JSON.stringify([game.game ?? null, gameRanks(game.summary)]);

/**
 * Goes on from `state` (or from the start) over `games`, in the order played. When a game already rated reads
 * differently now (an edit, a merge, a rename), everything is replayed. Games after the last finished one are left
 * for later: a game in play is rated when it ends.
 */
export function continueRatings<G extends RatedGame & { eveningId: string; game?: string; date?: string | null }>(
  state: RatingsState | null,
  games: G[],
): RatingsState {
  const usable = state && state.consumed <= games.length && state.marks.every((m, i) => m === mark(games[i]!));
  let next: RatingsState = usable
    ? {
        ...state,
        ratings: new Map(state.ratings),
        marks: [...state.marks],
        beforeLast: new Map(state.beforeLast),
        history: new Map(state.history),
      }
    : { ratings: new Map(), consumed: 0, marks: [], lastEvening: null, beforeLast: new Map(), history: new Map() };
  const copied = new Set<string>();
  let end = games.length;
  while (end > next.consumed && !games[end - 1]!.summary.finished) end--;
  for (let i = next.consumed; i < end; i++) {
    const game = games[i]!;
    const ranks = gameRanks(game.summary);
    if (ranks) {
      if (game.eveningId !== next.lastEvening) {
        next.beforeLast = new Map(next.ratings);
        next.lastEvening = game.eveningId;
      }
      const rated = rate(
        game.players.map((p) => [next.ratings.get(p) ?? rating()]),
        { rank: game.players.map((p) => ranks[p]!) },
      );
      game.players.forEach((p, k) => {
        const skill = { mu: rated[k]![0]!.mu, sigma: rated[k]![0]!.sigma };
        next.ratings.set(p, skill);
        // A player's history is copied before it grows: the state this one went on from stays as it was.
        const list = copied.has(p) ? next.history.get(p)! : [...(next.history.get(p) ?? [])];
        copied.add(p);
        list.push({ date: game.date ?? null, ordinal: ordinal(skill) });
        next.history.set(p, list);
      });
    }
    next.marks.push(mark(game));
  }
  next = { ...next, consumed: end };
  return next;
}

export interface RatingRow extends PlayerRating {
  player: string;
  /** The conservative rating's change over the last evening (0 for who did not play it). */
  change: number;
}

/** The ratings as a table: the highest conservative rating first. */
export function ratingsTable(state: RatingsState): RatingRow[] {
  return [...state.ratings]
    .map(([player, skill]) => {
      const now = asView(skill);
      const before = state.beforeLast.get(player);
      return { player, ...now, change: now.ordinal - (before ? ordinal(before) : ordinal(rating())) };
    })
    .sort((a, b) => b.ordinal - a.ordinal || a.player.localeCompare(b.player));
}
