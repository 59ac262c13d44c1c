/**
 * Endpoints written once for both ways a request arrives (decision 012): through Next's route handlers, which
 * are one-line adapters, and straight from the Node server in front of Next (node-routes.ts), which answers the
 * hottest paths itself. Every request is read once, by `readRequest`, into the plain values these need; the
 * answer is a JsonAnswer (lib/http/answers.ts).
 */
import "server-only";
import { actorFromCookies, dealActorFromCookies } from "@/lib/auth/session";
import { deleteDeal, editDeal, getGameDeals, recordDeal } from "@/lib/data/deals";
import { startGame } from "@/lib/data/evenings";
import { errorAnswerFor, type JsonAnswer } from "@/lib/http/answers";
import { guardJsonRequest, parseJsonText } from "@/lib/http/json-body";
import { localeOf } from "@/lib/i18n/format";
import { LOCALE_COOKIE } from "@/lib/i18n/server";

/** What an endpoint reads of a request. */
export interface PlainRequest {
  cookie: string | null;
  contentType: string | null;
  origin: string | null;
  /** The host the browser addressed (X-Forwarded-Host behind a proxy, else Host). */
  host: string | null;
  acceptLanguage: string | null;
  /** The body, read up to a byte past the limit (MAX_JSON_BYTES). */
  text: string;
}

/** The one reader of a request's headers, whichever server it came through. */
export function readRequest(header: (name: string) => string | null, text: string): PlainRequest {
  return {
    cookie: header("cookie"),
    contentType: header("content-type"),
    origin: header("origin"),
    host: header("x-forwarded-host") ?? header("host"),
    acceptLanguage: header("accept-language"),
    text,
  };
}

/** A route handler's request as a PlainRequest; `withBody` false leaves the body unread (a GET). */
export async function plainRequest(request: Request, withBody = true): Promise<PlainRequest> {
  return readRequest((name) => request.headers.get(name), withBody ? await request.text() : "");
}

/** One cookie's value from a Cookie header. */
function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** A state-changing request's JSON object body: JSON only, from this site, within the size limit. */
function jsonObject(request: PlainRequest): Record<string, unknown> {
  guardJsonRequest(request.contentType, request.origin, request.host);
  const body = parseJsonText(request.text);
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/** A deal's number in a path: 1 to 999999, written plainly; anything else is not a deal (the data layer says so). */
const dealNumber = (number: string) => (/^[1-9][0-9]{0,5}$/.test(number) ? Number(number) : Number.NaN);

/**
 * Runs an endpoint, turning what it throws into the error answer, in the asker's language. (The Node server in
 * front counts every request as foreground work, lib/runtime/foreground.ts: the live odds wait for it.)
 */
async function answering(request: PlainRequest, work: () => Promise<JsonAnswer>): Promise<JsonAnswer> {
  try {
    return await work();
  } catch (error) {
    return errorAnswerOf(error, request);
  }
}

/**
 * GET /api/games/{gameId}/deals: the game's deals as stored, `{ players, deals: [{ number, entries, clientKey }] }`.
 * A phone that queued deals without a signal checks them against this before sending them.
 */
export function getDeals(gameId: string, request: PlainRequest): Promise<JsonAnswer> {
  return answering(request, async () => ({
    status: 200,
    body: await getGameDeals(await actorFromCookies(request.cookie), gameId),
  }));
}

/**
 * POST /api/games/{gameId}/deals: records the next deal of a game, `{ number, entries, clientKey? }` → 201
 * `{ number, duplicate, deal, version }` (200 and no version for a retry of a deal already stored). The same
 * operation as the deal screen's action, for scripts, other clients and the phone's outbox.
 */
export function postDeal(gameId: string, request: PlainRequest): Promise<JsonAnswer> {
  return answering(request, async () => {
    const input = jsonObject(request);
    const { actor, unconfirmed } = await dealActorFromCookies(request.cookie);
    const recorded = await recordDeal(actor, { ...input, gameId } as never, unconfirmed);
    return {
      status: recorded.duplicate ? 200 : 201,
      body: {
        number: recorded.number,
        duplicate: recorded.duplicate,
        deal: recorded.result,
        version: recorded.version,
      },
    };
  });
}

/**
 * PUT /api/games/{gameId}/deals/{number}: replaces a stored deal's entries, `{ entries, expected?, key? }` → 200
 * `{ number, version }` (the same rules check as any edit; `version` is the evening's version the edit made;
 * `expected`, the deal's entries as the phone showed them: 409 when the stored deal is not that one anymore;
 * `key`, the phone's key for the change: a repeat is answered as the first was, with `duplicate: true`).
 */
export function putDeal(gameId: string, number: string, request: PlainRequest): Promise<JsonAnswer> {
  return answering(request, async () => {
    const input = jsonObject(request);
    const parsed = dealNumber(number);
    const actor = await actorFromCookies(request.cookie);
    return { status: 200, body: await editDeal(actor, { ...input, gameId, number: parsed } as never) };
  });
}

/**
 * DELETE /api/games/{gameId}/deals/{number}: deletes a stored deal; the later ones move up one place (the same rules
 * check as any deletion) → 200 `{ number, version }`. The body is a JSON object — `{}`, or `{ expected }` as for PUT —
 * so a form cannot send it; `key` as for PUT.
 */
export function removeDeal(gameId: string, number: string, request: PlainRequest): Promise<JsonAnswer> {
  return answering(request, async () => {
    const input = jsonObject(request);
    const parsed = dealNumber(number);
    const actor = await actorFromCookies(request.cookie);
    return { status: 200, body: await deleteDeal(actor, { ...input, gameId, number: parsed } as never) };
  });
}

/**
 * POST /api/evenings/{id}/games: starts the evening's next game, `{ players, firstDealerSeat, key? }` → 201
 * `{ id, number }` (200 with `duplicate: true` for a repeat of the key)
 * — the evening page's "next game", for scripts and other clients (the game before must be over; the same checks
 * as the page: a member may seat the evening's players, only the owner a new one).
 */
export function postGame(eveningId: string, request: PlainRequest): Promise<JsonAnswer> {
  return answering(request, async () => {
    const input = jsonObject(request);
    const game = await startGame(await actorFromCookies(request.cookie), { ...input, eveningId } as never);
    return { status: game.duplicate || game.same ? 200 : 201, body: game };
  });
}

/** The language to answer a request in: the language cookie, else the browser's preference. */
export function localeOfRequest(request: Pick<PlainRequest, "cookie" | "acceptLanguage">) {
  return localeOf(cookieValue(request.cookie, LOCALE_COOKIE), request.acceptLanguage);
}

/** The error answer to a request, in its language. */
export function errorAnswerOf(error: unknown, request: Pick<PlainRequest, "cookie" | "acceptLanguage">): JsonAnswer {
  return errorAnswerFor(error, localeOfRequest(request));
}
