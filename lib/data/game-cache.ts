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
}

const MAX_GAMES = 2_000;
// One cache per process, not per bundle: the Node server's deal path, route handlers and server actions are bundled
// separately, each with its own copy of this module — a game started by one is recorded by another.
const globalForGames = globalThis as typeof globalThis & { protokollGames?: Map<string, GameState> };
const games = (globalForGames.protokollGames ??= new Map<string, GameState>());

export function cachedGame(gameId: string, version: number): GameState | null {
  const state = games.get(gameId);
  if (!state || state.version !== version) return null;
  games.delete(gameId); // most recently used last
  games.set(gameId, state);
  return state;
}

export function rememberGame(gameId: string, state: GameState): void {
  games.delete(gameId);
  games.set(gameId, state);
  if (games.size > MAX_GAMES) games.delete(games.keys().next().value!);
}

export function forgetGame(gameId: string): void {
  games.delete(gameId);
}
