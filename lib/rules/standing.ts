/** Small readings of a game's standing, shared by the table and the share link (no scorer needed). */

/** The players standing at exactly 1, in seat order: whom trumftvång is about (RULES.md N7). */
export function playersAtOne(players: string[], scores: Record<string, number>): string[] {
  return players.filter((p) => scores[p] === 1);
}

/**
 * The players closest to 0 (the lowest score, shared by all who have it), in seat order — none before a deal has
 * moved a score, since at the start everyone is equally close.
 */
export function closestToZero(
  players: string[],
  scores: Record<string, number>,
  deals: readonly { void: boolean }[],
): string[] {
  if (!deals.some((d) => !d.void)) return [];
  const best = Math.min(...players.map((p) => scores[p]!));
  return players.filter((p) => scores[p] === best);
}
