/**
 * How much one import may hold (README "Limits", docs/security.md). A real game has tens of deals and a real
 * evening a few games; the limits leave wide room for that and for years of backups, and keep one file from
 * occupying the server for long. *Back up all* splits a larger history into parts within them
 * (lib/data/transfer.ts), so every backup imports again. The deals-per-game limit holds for recording too.
 */
import { IMPORT_FILE_BYTES } from "./size.mjs";
import type { Message } from "@/lib/i18n/dictionaries";

export const IMPORT_LIMITS = {
  /** The file's size in bytes. */
  fileBytes: IMPORT_FILE_BYTES,
  evenings: 2_000,
  gamesPerEvening: 100,
  dealsPerGame: 1_000,
  /** All deals of the file together. */
  deals: 20_000,
} as const;

/** The most deals a game may have, however they are entered. */
export const MAX_DEALS_PER_GAME = IMPORT_LIMITS.dealsPerGame;

const MB = 1024 * 1024;
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const field = (value: unknown, name: string): unknown =>
  typeof value === "object" && value !== null && Object.hasOwn(value, name)
    ? (value as Record<string, unknown>)[name]
    : undefined;

/** A file larger than the limit, before it is read: its message, or null. */
export function fileSizeProblem(bytes: number): Message | null {
  if (bytes <= IMPORT_LIMITS.fileBytes) return null;
  return {
    key: "errors.fileTooLarge",
    params: { mb: (bytes / MB).toFixed(1), max: IMPORT_LIMITS.fileBytes / MB },
  };
}

/**
 * The first limit a parsed file goes past — counted from its shape alone, before any of it is checked or
 * scored — or null. A backup has `evenings`, an evening `games`, a single game record `deals`.
 */
export function countProblem(input: unknown): Message | null {
  const evenings = Array.isArray(field(input, "evenings"))
    ? asArray(field(input, "evenings"))
    : Array.isArray(field(input, "games"))
      ? [input]
      : [{ games: [input] }];
  if (evenings.length > IMPORT_LIMITS.evenings)
    return { key: "errors.tooManyEvenings", params: { n: evenings.length, max: IMPORT_LIMITS.evenings } };
  let deals = 0;
  for (const [e, evening] of evenings.entries()) {
    const games = asArray(field(evening, "games"));
    if (games.length > IMPORT_LIMITS.gamesPerEvening)
      return {
        key: "errors.tooManyGames",
        params: { evening: e + 1, n: games.length, max: IMPORT_LIMITS.gamesPerEvening },
      };
    for (const [g, game] of games.entries()) {
      const n = asArray(field(game, "deals")).length;
      if (n > IMPORT_LIMITS.dealsPerGame)
        return {
          key: "errors.tooManyDealsInGame",
          params: { evening: e + 1, game: g + 1, n, max: IMPORT_LIMITS.dealsPerGame },
        };
      deals += n;
    }
  }
  if (deals > IMPORT_LIMITS.deals)
    return { key: "errors.tooManyDeals", params: { n: deals, max: IMPORT_LIMITS.deals } };
  return null;
}

/** How large a part of *Back up all* may become: under the file limit, with room for the file's framing. */
const PART_BYTES = IMPORT_LIMITS.fileBytes - 256 * 1024;

/**
 * *Back up all* in parts that each import again: evenings in order, a new part whenever the next evening would
 * take the part past the file size, the evening count or the deal count of an import. `size` is an evening's
 * length in the file, `deals` its number of deals. Returns the evenings' indexes per part.
 */
export function backupParts(evenings: { size: number; deals: number }[]): number[][] {
  const parts: number[][] = [[]];
  let bytes = 0;
  let deals = 0;
  evenings.forEach((evening, i) => {
    const part = parts.at(-1)!;
    if (
      part.length &&
      (bytes + evening.size > PART_BYTES ||
        deals + evening.deals > IMPORT_LIMITS.deals ||
        part.length >= IMPORT_LIMITS.evenings)
    ) {
      parts.push([]);
      bytes = 0;
      deals = 0;
    }
    parts.at(-1)!.push(i);
    bytes += evening.size;
    deals += evening.deals;
  });
  return parts;
}
