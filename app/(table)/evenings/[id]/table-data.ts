/**
 * What the table view shows of an evening, and how a deal change this phone made is applied to it. The phone
 * that records, edits or deletes a deal knows the whole change once the server has taken it: it scores the game
 * again itself (the same rules engine) instead of reloading the page (decision 007).
 */
import { evaluateGame, scoreGame, type GameRecord, type GameResult } from "@/lib/rules";
import type { Entries, EntryRecord } from "@/lib/rules";
import type { EditView } from "@/lib/data/evening-view";
import { EDIT_LINES } from "@/lib/schemas/sizes";

/** A game as the phone keeps it: its record. The phone scores it itself (`scoredGames`). */
export interface KeptGame {
  id: string;
  number: number;
  record: GameRecord;
  /** The key each deal was recorded with, by position (absent in copies kept by an earlier version). */
  keys?: (string | null)[];
}

/**
 * A seat's entry as the page carries it: `[plays, exchanged, tricks, revoke]` (plays as 1 or 0, a field the entry
 * does not have as null, trailing ones left off) — a stored game's deals are most of an evening page's bytes, and
 * the names and field names of every entry were most of those.
 */
type PageEntry = [0 | 1, ...(number | number[] | boolean | null)[]];

/**
 * A game as the page hands it to the table view: each deal as one entry per seat, in the order of
 * `record.players` (null for a seat without one). The view makes the record again (`fromPage`); an object keyed by
 * player names would lose a player named like a property every object has ("__proto__") in the page's
 * serialization.
 */
export type PageGame = Omit<KeptGame, "record"> & {
  record: Omit<GameRecord, "deals"> & { deals: (PageEntry | null)[][] };
};

function toPageEntry({ plays, exchanged, tricks, revoke }: EntryRecord): PageEntry {
  const entry: PageEntry = [plays ? 1 : 0, exchanged ?? null, tricks ?? null, revoke ?? null];
  while (entry.length > 1 && entry.at(-1) === null) entry.pop();
  return entry;
}

function fromPageEntry([plays, exchanged, tricks, revoke]: PageEntry): EntryRecord {
  return {
    plays: plays === 1,
    ...(exchanged != null ? { exchanged: exchanged as number | number[] } : {}),
    ...(tricks != null ? { tricks: tricks as number } : {}),
    ...(revoke != null ? { revoke: revoke as boolean } : {}),
  };
}

export const toPage = (game: KeptGame): PageGame => ({
  ...game,
  record: {
    ...game.record,
    deals: game.record.deals.map((d) =>
      game.record.players.map((p) => (Object.hasOwn(d.entries, p) ? toPageEntry(d.entries[p]!) : null)),
    ),
  },
});

export const fromPage = (game: PageGame): KeptGame => ({
  ...game,
  record: {
    ...game.record,
    deals: game.record.deals.map((seats) => ({
      entries: Object.fromEntries(
        seats.flatMap((entry, i) => (entry ? [[game.record.players[i]!, fromPageEntry(entry)]] : [])),
      ),
    })),
  },
});

/** A game as the table shows it: its record and the rules engine's result. */
export interface TableGame extends KeptGame {
  result: GameResult;
}

/** A line of the edit history as the phone keeps it: the page's line, its time as text. */
export type TableEdit = Omit<EditView, "at"> & { at: string };

/**
 * What the table view keeps on this phone for the evening, to show it again without a signal: the records, not
 * their results — a result, with its explanations, is three times the record's size, and writing and reading it
 * would hold up the page as it opens.
 */
export interface TableData {
  open: boolean;
  role: "owner" | "member";
  games: KeptGame[];
  /** The edit history, newest first, as many lines as the page shows. */
  edits: TableEdit[];
}

/** A change the server has taken: of a deal, or the evening's next game. */
export type DealChange =
  | { action: "record"; gameId: string; number: number; entries: Entries; clientKey?: string }
  | { action: "edit"; gameId: string; number: number; entries: Entries }
  | { action: "delete"; gameId: string; number: number }
  | { action: "game"; gameId: string; number: number; players: string[]; firstDealerSeat: number };

/** The next game as the phone shows it before the server has it, or once it has: the last game's rules, new seats. */
export function nextGame(
  games: readonly KeptGame[],
  game: { id: string; number: number; players: string[]; firstDealerSeat: number },
): KeptGame | null {
  const last = games.at(-1);
  if (!last) return null;
  const { players, firstDealerSeat } = game;
  const record = { ...last.record, players, firstDealer: players[firstDealerSeat] ?? players[0], deals: [] };
  return { id: game.id, number: game.number, record, keys: [] };
}

/**
 * The table after `change`, made by `by` at `at`; null when this copy cannot show it (the game or deal is not
 * where the change says, or the rules refuse the result — then the page is reloaded instead).
 */
export function applyDealChange(data: TableData, change: DealChange, by: string, at: Date): TableData | null {
  if (change.action === "game") {
    const next = nextGame(data.games, { ...change, id: change.gameId });
    if (!next || data.games.some((g) => g.number >= change.number)) return null;
    return { ...data, games: [...data.games, next] };
  }
  const game = data.games.find((g) => g.id === change.gameId);
  if (!game) return null;
  const { deals } = game.record;
  let next: GameRecord["deals"];
  if (change.action === "record") {
    if (change.number !== deals.length + 1) return null;
    next = [...deals, { entries: change.entries }];
  } else {
    if (change.number < 1 || change.number > deals.length) return null;
    next =
      change.action === "edit"
        ? deals.map((d, i) => (i === change.number - 1 ? { entries: change.entries } : d))
        : deals.filter((_, i) => i !== change.number - 1);
  }
  const record = { ...game.record, deals: next };
  const keys =
    game.keys &&
    (change.action === "record"
      ? [...game.keys, change.clientKey ?? null]
      : change.action === "delete"
        ? game.keys.filter((_, i) => i !== change.number - 1)
        : game.keys);
  const evaluation = evaluateGame(record);
  if (!evaluation.ok) return null;
  const line: TableEdit = {
    id: `${change.gameId}:${at.getTime()}:${change.action}:${change.number}`,
    gameNumber: game.number,
    dealNumber: change.number,
    action: change.action,
    by,
    at: at.toISOString(),
  };
  scored.set(record, evaluation.result);
  return {
    ...data,
    games: data.games.map((g) => (g === game ? { ...g, record, ...(keys ? { keys } : {}) } : g)),
    edits: [line, ...data.edits].slice(0, EDIT_LINES),
  };
}

/** Each record's result, kept while the record is: a change scores again only the game it changed. */
const scored = new WeakMap<GameRecord, GameResult>();

/**
 * The games with their results, as the rules engine scores them — each scored when its result is first read: a long
 * evening's earlier games are scored when their fold is opened (or money is settled), not as the page opens.
 */
export function scoredGames(games: readonly KeptGame[]): TableGame[] {
  return games.map((game) => ({
    ...game,
    get result() {
      let result = scored.get(game.record);
      if (!result) scored.set(game.record, (result = scoreGame(game.record)));
      return result;
    },
  }));
}
