/** Small builders for readable rules tests: a deal is written as one entry per seat. */
import type { DealRecord, EntryRecord, GameRecord, HouseRules, VariantId } from "@/lib/rules";

/** A player who plays (Knektpass) or knocks (Norrlands-Knack). */
export const plays = (
  tricks?: number,
  exchanged?: number | number[],
  extra: Partial<EntryRecord> = {},
): EntryRecord => ({
  plays: true,
  ...(exchanged !== undefined ? { exchanged } : {}),
  ...(tricks !== undefined ? { tricks } : {}),
  ...extra,
});
export const knocks = (tricks?: number, extra: Partial<EntryRecord> = {}) => plays(tricks, undefined, extra);
export const passes = (extra: Partial<EntryRecord> = {}): EntryRecord => ({ plays: false, ...extra });

export function deal(entries: Record<string, EntryRecord>): DealRecord {
  return { entries };
}

export function game(
  variant: VariantId,
  players: string[],
  deals: DealRecord[],
  options: { houseRules?: Partial<HouseRules>; firstDealer?: string } = {},
): GameRecord {
  return { variant, players, deals, ...options };
}

/** Everyone passes. */
export function allPass(players: string[]): DealRecord {
  return deal(Object.fromEntries(players.map((p) => [p, passes()])));
}

/** The three at most tables in these tests. */
export const ANNA_BO_CECILIA = ["Anna", "Bo", "Cecilia"];

/** A deal's entries in which `who` plays alone and everyone else passes (as a phone or a script sends them). */
export function lone(who: string, players: readonly string[] = ANNA_BO_CECILIA): Record<string, EntryRecord> {
  return Object.fromEntries(players.map((p) => [p, { plays: p === who }]));
}
