/**
 * Turns stored rows into the rules engine's game record (README "The game record") and back. Stored deals
 * are the facts; everything shown is computed from this record by lib/rules.
 */
import "server-only";
import { exchangeRounds } from "@/lib/rules";
import type { Entries, EntryRecord, GameRecord, HouseRules, VariantId } from "@/lib/rules";

export interface StoredEntry {
  seat: number;
  plays: boolean;
  exchanged: unknown;
  tricks: number | null;
  revoke: boolean;
}

export interface StoredGame {
  firstDealerSeat: number;
  seats: { seat: number; player: { name: string } }[];
  /** Each deal's entries, and the key of the phone that recorded it (when it was read). */
  deals: { number: number; entries: StoredEntry[]; clientKey?: string | null }[];
}

export function toEntryRecord(entry: StoredEntry): EntryRecord {
  const record: EntryRecord = { plays: entry.plays };
  if (Array.isArray(entry.exchanged)) record.exchanged = entry.exchanged as number[];
  if (entry.tricks !== null) record.tricks = entry.tricks;
  if (entry.revoke) record.revoke = true;
  return record;
}

export function seatNames(game: Pick<StoredGame, "seats">): string[] {
  return [...game.seats].sort((a, b) => a.seat - b.seat).map((s) => s.player.name);
}

export function toGameRecord(evening: { variant: string; houseRules: unknown }, game: StoredGame): GameRecord {
  const players = seatNames(game);
  const record: GameRecord = {
    variant: evening.variant as VariantId,
    players,
    firstDealer: players[game.firstDealerSeat]!,
    deals: [...game.deals]
      .sort((a, b) => a.number - b.number)
      .map((deal) => ({
        entries: Object.fromEntries(deal.entries.map((e) => [players[e.seat]!, toEntryRecord(e)])),
      })),
  };
  const houseRules = evening.houseRules as Partial<HouseRules> | null;
  if (houseRules && Object.keys(houseRules).length) record.houseRules = houseRules;
  return record;
}

/** A DealEntry row; `exchanged` is left out (stored as NULL) when no exchange was entered. */
export interface EntryRow {
  seat: number;
  plays: boolean;
  exchanged: number[] | undefined;
  tricks: number | null;
  revoke: boolean;
}

/** Entry rows for a deal the rules engine accepted, by seat. */
export function toEntryRows(players: string[], entries: Entries): EntryRow[] {
  return players.map((name, seat) => {
    const e = entries[name]!;
    return {
      seat,
      plays: e.plays,
      exchanged: e.exchanged === undefined ? undefined : exchangeRounds(e),
      tricks: e.tricks ?? null,
      revoke: e.revoke ?? false,
    };
  });
}

/** A game with its seats and deals, as toGameRecord reads it. */
export const gameInclude = {
  seats: { select: { seat: true, player: { select: { name: true } } } },
  deals: {
    orderBy: { number: "asc" },
    select: {
      number: true,
      recordedAt: true,
      entries: { select: { seat: true, plays: true, exchanged: true, tricks: true, revoke: true } },
    },
  },
} as const;

/** An evening's own fields that scoring, export and the scoreboard read. */
export const eveningFieldsSelect = {
  id: true,
  title: true,
  date: true,
  place: true,
  variant: true,
  houseRules: true,
  status: true,
} as const;

/** An evening with every game and its deals: what scoring and export read. */
export const eveningWithGamesSelect = {
  ...eveningFieldsSelect,
  games: { orderBy: { number: "asc" }, include: gameInclude },
} as const;
