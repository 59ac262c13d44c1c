/**
 * The last known state of recently written games, per process, keyed by the evening's version. A derived
 * cache (STYLE.md 2): it holds only what the deals say, is used only when the stored version matches, and is
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
const globalForWrites = globalThis as typeof globalThis & { protokollLastWrites?: Map<string, string> };
/** Each evening's game this process last wrote to (a deal recorded, a game started), by evening. */
const lastWrites = (globalForWrites.protokollLastWrites ??= new Map<string, string>());

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
  if (state.changedFrom !== undefined) lastWrites.set(state.eveningId, gameId);
  if (games.size > MAX_GAMES) forgetGame(games.keys().next().value!);
}

/**
 * The write this process made that moved the evening from version `from` to `from + 1` — its only change between the
 * two — with the game it changed: null when the evening got there otherwise (another instance, an edit, anything
 * but a deal or a new game).
 */
export function writeAfter(eveningId: string, from: number): { gameId: string; state: GameState } | null {
  const gameId = lastWrites.get(eveningId);
  const state = gameId === undefined ? null : cachedGame(gameId, from + 1);
  return state?.changedFrom === from ? { gameId: gameId!, state } : null;
}

export function forgetGame(gameId: string): void {
  const state = games.get(gameId);
  games.delete(gameId);
  if (state && lastWrites.get(state.eveningId) === gameId) lastWrites.delete(state.eveningId);
}
