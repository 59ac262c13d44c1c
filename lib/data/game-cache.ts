/**
 * The last known state of recently written games, per process, keyed by the evening's version. A derived
 * cache (docs/conventions.md 2): it holds only what the deals say, is used only when the stored version matches, and is
 * rebuilt from the database on any mismatch — so several instances and restarts never see stale state.
 */
import "server-only";
import type { GameRecord } from "@/lib/rules";

export interface GameState {
  eveningId: string;
  /** The evening's version this state belongs to. */
  version: number;
  record: GameRecord;
  /** The client key each deal was sent with (null when none), by position. */
  clientKeys: (string | null)[];
  /** The keys of the game's deleted deals, each with the number it had: a repeat of one is answered, not stored. */
  removedKeys?: ReadonlyMap<string, number>;
  /**
   * Set when this state is a write's result: the evening's version that write moved on from. The write was then the
   * evening's only change between the two versions (the live scoreboard builds on that; scoreboard-cache.ts).
   */
  changedFrom?: number;
}

const MAX_GAMES = 2_000;
// One cache per process, not per bundle: the Node server's deal path, route handlers and server actions are bundled
// separately, each with its own copy of this module — a game started by one is recorded by another.
const globalForGames = globalThis as typeof globalThis & { protokollGames?: Map<string, GameState> };
const games = (globalForGames.protokollGames ??= new Map<string, GameState>());
const globalForWrites = globalThis as typeof globalThis & {
  protokollLastWrites?: Map<string, { gameId: string; state: GameState }[]>;
};
/**
 * Each evening's last few writes this process made (a deal recorded, a game started), oldest first: the live
 * scoreboard of a version may be built after the next deal is already in (a phone that sends deals back to back).
 */
const lastWrites = (globalForWrites.protokollLastWrites ??= new Map<string, { gameId: string; state: GameState }[]>());
const WRITES_KEPT = 4;
const globalForUnderWay = globalThis as typeof globalThis & {
  protokollWritesUnderWay?: Map<string, Set<Promise<unknown>>>;
};
/**
 * Each evening's writes this process has sent and not yet heard back from. On PostgreSQL the change a write makes
 * (its NOTIFY, decision 007) may reach this process before the write's own answer — and so before the write is in
 * `lastWrites`: whoever builds on this process's writes waits for them first (`writesSettled`).
 */
const underWay = (globalForUnderWay.protokollWritesUnderWay ??= new Map<string, Set<Promise<unknown>>>());

export function cachedGame(gameId: string, version: number): GameState | null {
  const state = games.get(gameId);
  if (!state || state.version !== version) return null;
  games.delete(gameId); // most recently used last
  games.set(gameId, state);
  return state;
}

/** The last known state of the game, whatever the evening's version now: for a write that checks the version itself. */
export function latestGame(gameId: string): GameState | null {
  return games.get(gameId) ?? null;
}

export function rememberGame(gameId: string, state: GameState): void {
  games.delete(gameId);
  games.set(gameId, state);
  if (state.changedFrom !== undefined) {
    const writes = (lastWrites.get(state.eveningId) ?? []).filter((w) => w.state.version < state.version);
    lastWrites.set(state.eveningId, [...writes.slice(1 - WRITES_KEPT), { gameId, state }]);
  }
  if (games.size > MAX_GAMES) forgetGame(games.keys().next().value!);
}

/**
 * Runs a write of the evening — the statement and, once it is stored, `rememberGame` — as one under way until it
 * settles (see `underWay`).
 */
export async function writing<T>(eveningId: string, work: () => Promise<T>): Promise<T> {
  const promise = work();
  let writes = underWay.get(eveningId);
  if (!writes) underWay.set(eveningId, (writes = new Set()));
  writes.add(promise);
  try {
    return await promise;
  } finally {
    writes.delete(promise);
    if (writes.size === 0 && underWay.get(eveningId) === writes) underWay.delete(eveningId);
  }
}

/** Once every write of the evening this process has under way has settled (at once when there is none). */
export async function writesSettled(eveningId: string): Promise<void> {
  const writes = underWay.get(eveningId);
  if (writes) await Promise.allSettled([...writes]);
}

/**
 * The write this process made that moved the evening from version `from` to `from + 1` — its only change between the
 * two — with the game it changed: null when the evening got there otherwise (another instance, an edit, anything
 * but a deal or a new game).
 */
export function writeAfter(eveningId: string, from: number): { gameId: string; state: GameState } | null {
  return lastWrites.get(eveningId)?.find((w) => w.state.changedFrom === from && w.state.version === from + 1) ?? null;
}

export function forgetGame(gameId: string): void {
  const state = games.get(gameId);
  games.delete(gameId);
  if (!state) return;
  const writes = lastWrites.get(state.eveningId)?.filter((w) => w.gameId !== gameId);
  if (writes?.length) lastWrites.set(state.eveningId, writes);
  else lastWrites.delete(state.eveningId);
}
