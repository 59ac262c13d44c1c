/**
 * The deal routes as this phone calls them, each with a deadline: a request the network has not answered within
 * SEND_DEADLINE_MS is given up (aborted) and counts as no signal — the deal is kept in the outbox, and its client
 * key makes the server's late answer harmless (the next send finds it stored, or is recognised as a retry).
 */
import type { Entries } from "@/lib/rules";
import type { ApiAnswer, NewDeal, Seen } from "@/lib/schemas/deal-api";

export type { ApiAnswer, Seen };

/** How long a deal route may take to answer before the phone keeps the deal itself (README: Without a signal). */
export const SEND_DEADLINE_MS = 4_000;

export interface DealApi {
  /** The signed-in session (Auth.js): `{ user: { id, name } }`, or null when nobody is signed in. */
  session(): Promise<ApiAnswer>;
  deals(gameId: string): Promise<ApiAnswer>;
  /** Records a new deal; `account`: the account that entered it on the phone (its log says). */
  record(gameId: string, deal: Omit<NewDeal, "gameId"> & { account?: string }): Promise<ApiAnswer>;
  /** Replaces deal `number`'s entries, as `seen` says the phone saw it. */
  edit(gameId: string, number: number, entries: Entries, seen?: Seen): Promise<ApiAnswer>;
  remove(gameId: string, number: number, seen?: Seen): Promise<ApiAnswer>;
  /**
   * Starts the evening's next game, game `number` as the phone shows the evening: `{ id, number, version }` (a
   * repeat of `key`, or the same game started by another phone meanwhile: that game).
   */
  startGame(
    eveningId: string,
    game: { players: string[]; firstDealerSeat: number; key: string; number?: number },
  ): Promise<ApiAnswer>;
}

/** The real routes by `fetch` (passed in for tests), each request bounded by `deadlineMs`, body included. */
export function createDealApi(
  fetcher: typeof fetch = (...args) => fetch(...args),
  deadlineMs = SEND_DEADLINE_MS,
): DealApi {
  async function send(url: string, method: string, body?: unknown): Promise<ApiAnswer> {
    const signal = AbortSignal.timeout(deadlineMs);
    const response = await fetcher(url, {
      method,
      cache: "no-store",
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
    let parsed: unknown = null;
    try {
      parsed = await response.json();
    } catch {
      // A body cut off by the deadline is no answer at all; an answer without JSON is still an answer.
      if (signal.aborted) throw signal.reason;
      parsed = null;
    }
    return { status: response.status, body: parsed };
  }
  const deals = (gameId: string) => `/api/games/${encodeURIComponent(gameId)}/deals`;
  return {
    session: () => send("/api/auth/session", "GET"),
    deals: (gameId) => send(deals(gameId), "GET"),
    record: (gameId, deal) => send(deals(gameId), "POST", deal),
    edit: (gameId, number, entries, seen) => send(`${deals(gameId)}/${number}`, "PUT", { entries, ...seen }),
    remove: (gameId, number, seen) => send(`${deals(gameId)}/${number}`, "DELETE", { ...seen }),
    startGame: (eveningId, game) => send(`/api/evenings/${encodeURIComponent(eveningId)}/games`, "POST", game),
  };
}

export const fetchApi = createDealApi();

/** Whether the server answers at all within the deadline (its health check): a change that needs it asks first. */
export async function serverAnswers(
  fetcher: typeof fetch = (...args) => fetch(...args),
  deadlineMs = SEND_DEADLINE_MS,
): Promise<boolean> {
  try {
    await fetcher("/api/health", { cache: "no-store", signal: AbortSignal.timeout(deadlineMs) });
    return true;
  } catch {
    return false;
  }
}
