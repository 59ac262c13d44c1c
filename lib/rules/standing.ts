/** Small readings of a game's standing, shared by the table and the share link (no scorer needed). */

/** The players standing at exactly 1, in seat order: whom trumftvång is about (RULES.md N7). */
export function playersAtOne(players: string[], scores: Record<string, number>): string[] {
  return players.filter((p) => scores[p] === 1);
}
