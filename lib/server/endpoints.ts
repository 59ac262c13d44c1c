/**
 * Endpoints written once for both ways a request arrives (decision 012): through Next's route handlers, and
 * straight from the Node server in front of Next (node-routes.ts), which answers the hottest paths itself.
 * A request is reduced to the plain values these need; the answer is a JsonAnswer (lib/http.ts).
 */
import "server-only";
import { actorFromCookies } from "@/lib/auth/session";
import { recordDeal } from "@/lib/data/deals";
import { errorAnswerFor, type JsonAnswer } from "@/lib/http";
import { guardJsonRequest, parseJsonText } from "@/lib/http-guard";
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

/** A route handler's request as a PlainRequest. */
export async function plainRequest(request: Request): Promise<PlainRequest> {
  const h = request.headers;
  return {
    cookie: h.get("cookie"),
    contentType: h.get("content-type"),
    origin: h.get("origin"),
    host: h.get("x-forwarded-host") ?? h.get("host"),
    acceptLanguage: h.get("accept-language"),
    text: await request.text(),
  };
}

/** One cookie's value from a Cookie header. */
function cookieValue(header: string | null, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * POST /api/games/{gameId}/deals: records the next deal of a game, `{ number, entries, clientKey? }` → 201
 * `{ number, duplicate, deal, version }` (200 and no version for a retry of a deal already stored).
 */
export async function postDeal(gameId: string, request: PlainRequest): Promise<JsonAnswer> {
  try {
    guardJsonRequest(request.contentType, request.origin, request.host);
    const body = parseJsonText(request.text);
    const input = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
    const recorded = await recordDeal(await actorFromCookies(request.cookie), { ...input, gameId } as never);
    return {
      status: recorded.duplicate ? 200 : 201,
      body: {
        number: recorded.number,
        duplicate: recorded.duplicate,
        deal: recorded.result,
        version: recorded.version,
      },
    };
  } catch (error) {
    return errorAnswerOf(error, request);
  }
}

/** The language to answer a request in: the language cookie, else the browser's preference. */
export function localeOfRequest(request: Pick<PlainRequest, "cookie" | "acceptLanguage">) {
  return localeOf(cookieValue(request.cookie, LOCALE_COOKIE), request.acceptLanguage);
}

/** The error answer to a request, in its language. */
export function errorAnswerOf(error: unknown, request: Pick<PlainRequest, "cookie" | "acceptLanguage">): JsonAnswer {
  return errorAnswerFor(error, localeOfRequest(request));
}
