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
