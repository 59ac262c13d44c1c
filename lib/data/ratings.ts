/**
 * A group's ratings per game (README "Ratings"): carried along the group's folded games (lib/data/seasons.ts), so a
 * game that ends costs one more rating step; an edit, merge or rename already rated replays the group's games.
 */
import "server-only";
import { getDb } from "@/lib/db/client";
import { VARIANT_IDS, type VariantId } from "@/lib/rules";
import { continueRatings, ratingsTable, type RatingRow, type RatingsState } from "@/lib/stats/ratings";
import type { Actor } from "./access";
import { requireGroupRole } from "./groups";
import { groupGames } from "./seasons";

/**
 * The state each group and game was last rated to, in this process, with the games it was rated from: while the
 * group's games are the very list read then (nothing changed since), the state is the answer as it is.
 */
const MAX_STATES = 200;
const states = new Map<string, { games: unknown[]; state: RatingsState }>();

async function ratingsState(groupId: string, variant: VariantId): Promise<RatingsState> {
  const games = await groupGames(groupId, variant);
  const key = JSON.stringify([groupId, variant]);
  const known = states.get(key);
  const state = known?.games === games ? known.state : continueRatings(known?.state ?? null, games);
  states.delete(key);
  states.set(key, { games, state });
  if (states.size > MAX_STATES) states.delete(states.keys().next().value!);
  return state;
}

export async function groupRatingsOf(groupId: string, variant: VariantId): Promise<RatingRow[]> {
  return ratingsTable(await ratingsState(groupId, variant));
}

/** A player's rating history in a group, per game (for the player's page), after each of their rated games. */
export async function ratingHistory(
  actor: Actor,
  groupId: unknown,
  player: string,
): Promise<{ variant: VariantId; points: { date: string | null; ordinal: number }[] }[]> {
  const { groupId: id } = await requireGroupRole(getDb(), actor, groupId, ["admin", "member"]);
  const out = [];
  for (const variant of VARIANT_IDS) {
    const points = (await ratingsState(id, variant)).history.get(player);
    if (points?.length) out.push({ variant, points });
  }
  return out;
}

/** The ratings table of one game of a group, for its members. */
export async function groupRatings(actor: Actor, groupId: unknown, variant: VariantId): Promise<RatingRow[]> {
  const { groupId: id } = await requireGroupRole(getDb(), actor, groupId, ["admin", "member"]);
  return groupRatingsOf(id, variant);
}
