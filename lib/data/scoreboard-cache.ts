/**
 * The games of the live scoreboards last built, per process, keyed by the evening's version. A derived cache
 * (docs/conventions.md 2) like the game cache: a live scoreboard is built again after every deal of an evening someone
 * watches, and all but one of its games are what they were a version ago. It is used only for the version it was
 * built at, or for the next one when this process made the write that led there (`writeAfter`, a deal or a new game);
 * anything else is read from the database again — so several instances and restarts never see stale games.
 */
import "server-only";
import type { GameRecord } from "@/lib/rules";
import { writeAfter, writesSettled } from "./game-cache";

export interface BoardGame<Board> {
  id: string;
  number: number;
  record: GameRecord;
  board: Board;
}

interface BoardState<Board> {
  version: number;
  games: BoardGame<Board>[];
  /** The evening's own row the games were built with. */
  head: unknown;
}

/** Evenings kept: those with live viewers, and a few more. */
const MAX_EVENINGS = 1_000;
// One per process, not per bundle (game-cache.ts).
const globalForBoards = globalThis as typeof globalThis & { protokollBoards?: Map<string, BoardState<unknown>> };
const boards = (globalForBoards.protokollBoards ??= new Map<string, BoardState<unknown>>());

/**
 * The evening's games at `version`: the kept ones when they are of that version; the kept ones with one game built
 * anew (`build`) when the only change since is a deal or a new game this process wrote; else `readAll`'s.
 * Remembered either way.
 */
export async function boardGamesAt<Board>(
  eveningId: string,
  head: { version: number },
  build: (number: number, record: GameRecord) => Board,
  readAll: () => Promise<BoardGame<Board>[]>,
): Promise<BoardGame<Board>[]> {
  const { version } = head;
  const known = boards.get(eveningId) as BoardState<Board> | undefined;
  let games: BoardGame<Board>[] | null = null;
  if (known?.version === version) games = known.games;
  else if (known?.version === version - 1) games = withOneWrite(eveningId, known, build);
  games ??= await readAll();
  boards.delete(eveningId); // most recently used last
  boards.set(eveningId, { version, games, head });
  if (boards.size > MAX_EVENINGS) boards.delete(boards.keys().next().value!);
  return games;
}

/**
 * The evening's own row at `version` without reading it, when the kept one is of the version before and the change
 * between the two is a deal or a new game this process wrote — which leave the row as it was but for its version.
 * Waits for this process's writes of the evening under way: the change may be heard before the write's own answer.
 */
export async function headAt<Head extends { version: number }>(
  eveningId: string,
  version: number,
): Promise<Head | null> {
  await writesSettled(eveningId);
  const known = boards.get(eveningId);
  if (known?.version !== version - 1 || !writeAfter(eveningId, known.version)) return null;
  return { ...(known.head as Head), version };
}

/**
 * The kept games with the one a deal or a new game changed since `known.version` (the evening's only change since)
 * built anew; null when this process did not make that change.
 */
function withOneWrite<Board>(
  eveningId: string,
  known: BoardState<Board>,
  build: (number: number, record: GameRecord) => Board,
): BoardGame<Board>[] | null {
  const write = writeAfter(eveningId, known.version);
  if (!write) return null;
  const { gameId, state } = write;
  const i = known.games.findIndex((game) => game.id === gameId);
  // A game not known yet is the one just started: the evening's next number (its games were all known).
  const number = known.games[i]?.number ?? (known.games.at(-1)?.number ?? 0) + 1;
  const games = [...known.games];
  games[i < 0 ? games.length : i] = { id: gameId, number, record: state.record, board: build(number, state.record) };
  return games;
}
