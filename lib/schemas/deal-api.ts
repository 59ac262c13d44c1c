/**
 * The deal API's contract, one home for both ends (decision 004): what a phone sends to the deal routes and what
 * they answer, the error body every route answers with and its one reader, and when an answer means "not taken now,
 * try again later". Pure, types and small functions only: the routes (lib/server/endpoints.ts) and the data layer
 * (lib/data/deals.ts) answer by it; the phone's writer, log and sync (lib/offline/) and the table's writer read by it.
 * The schemas that check what arrives are in ./deal.ts.
 */
import type { Entries, Problem } from "@/lib/rules";

/** An answer from the server: its status and JSON body. A network failure or a missed deadline is thrown instead. */
export interface ApiAnswer {
  status: number;
  body: unknown;
}

/** A new deal as a phone records it: POST /api/games/{gameId}/deals with the rest as the body. */
export interface NewDeal {
  gameId: string;
  number: number;
  entries: Entries;
  /** Chosen by the phone per deal: a retried send is recognised, never stored twice. */
  clientKey: string;
}

/**
 * What a change of a stored deal says it was made on: `expected`, the deal's entries as the phone showed them, and
 * `expectedKey`, the key it was recorded with — refused (409) when the stored deal is not that one anymore; `key`,
 * the change's own key: the server makes it once, and answers a repeat as the first time (decision 023).
 */
export interface Seen {
  expected?: Entries;
  expectedKey?: string;
  key?: string;
  /** Keep mine: the key of this phone's recording, which the deal becomes (its recorder the sender). */
  clientKey?: string;
}

/** A stored deal as the game's deals route answers it. */
export interface StoredDeal {
  number: number;
  entries: Entries;
  /** The key of the phone that recorded it (null when none was sent). */
  clientKey: string | null;
  /** The name of the account that recorded it: who entered the other version, in a phone's conflict. */
  by: string | null;
}

/** GET /api/games/{gameId}/deals: the game's seats and its deals in order. */
export interface GameDeals {
  players: string[];
  deals: StoredDeal[];
}

/** The error every route answers with (lib/http/answers.ts writes it), in the language of whoever asked. */
export interface ErrorBody {
  code: string;
  /** The message's dictionary key, for a client that says it in its own words. */
  key?: string;
  message: string;
  /** The rules engine's problems, each with its deal and player. */
  problems?: Problem[];
  /** Field name → messages, already in the asker's language. */
  fields?: Record<string, string[]>;
}

/** The error an answer carries, read once for every client: null when it carries none. */
export function errorOf(answer: ApiAnswer): ErrorBody | null {
  const error = (answer.body as { error?: unknown } | null)?.error;
  if (typeof error !== "object" || error === null) return null;
  const { code, key, message, problems, fields } = error as Record<string, unknown>;
  return {
    code: typeof code === "string" ? code : "internal",
    ...(typeof key === "string" ? { key } : {}),
    message: typeof message === "string" ? message : "",
    ...(Array.isArray(problems) ? { problems: problems as Problem[] } : {}),
    ...(typeof fields === "object" && fields !== null ? { fields: fields as Record<string, string[]> } : {}),
  };
}

/**
 * Whether an answer means "not taken now, try again later" rather than "refused": the session ended (sign in,
 * then it goes), or the server could not take it (busy, or down for a moment). The change stays on the phone.
 */
export function notTakenNow(answer: ApiAnswer): "signIn" | "busy" | null {
  if (answer.status === 401) return "signIn";
  if (answer.status >= 500 || answer.status === 429) return "busy";
  return null;
}
