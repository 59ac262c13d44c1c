/**
 * The one error shape of the route handlers: `{ error: { code, message } }` with the right status
 * (docs/conventions.md 5).
 * The message is translated for whoever asked (the language cookie, else the browser's preference).
 */
import "server-only";
import { RETRY_AFTER_SECONDS } from "@/lib/data/retry";
import type { ErrorBody } from "@/lib/schemas/deal-api";
import { failureOf } from "./failure";
import { translate, type Locale, type Message } from "@/lib/i18n/dictionaries";
import { getLocale } from "@/lib/i18n/server";

async function requestLocale(): Promise<Locale> {
  try {
    return await getLocale();
  } catch {
    return "en"; // outside a request (scripts, tests)
  }
}

/** An answer before it becomes a response: a route handler's `Response`, or the Node server's own (lib/server/). */
export interface JsonAnswer {
  status: number;
  body: unknown;
}

/** The error body for `message`, in `locale`. */
export function errorAnswer(
  code: string,
  message: Message,
  status: number,
  locale: Locale,
  extra: Record<string, unknown> = {},
): JsonAnswer {
  // `key` names the message for a client that says it in its own words (the phone's outbox, lib/offline/sync.ts).
  const error: ErrorBody = { code, key: message.key, message: translate(message, locale), ...extra };
  return { status, body: { error } };
}

/** Maps any thrown error to an answer (`failureOf`); unknown errors become a 500 without details. */
export function errorAnswerFor(error: unknown, locale: Locale): JsonAnswer {
  const { code, status, message, problems, fields } = failureOf(error);
  const translated = Object.entries(fields).map(([name, list]) => [name, list.map((m) => translate(m, locale))]);
  const extra = {
    ...(problems.length ? { problems } : {}),
    ...(translated.length ? { fields: Object.fromEntries(translated) } : {}),
  };
  return errorAnswer(code, message, status, locale, extra);
}

/** The headers of an answer: never cached; a 503 says when to try again. */
export function answerHeaders(status: number): Record<string, string> {
  return {
    "Cache-Control": "no-store",
    ...(status === 503 ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {}),
  };
}

/** A JSON answer as a route handler's response. */
export function toResponse({ status, body }: JsonAnswer): Response {
  return Response.json(body, { status, headers: answerHeaders(status) });
}

export async function errorResponse(
  code: string,
  message: Message,
  status: number,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  return toResponse(errorAnswer(code, message, status, await requestLocale(), extra));
}

/** Maps any thrown error to a response (see errorAnswerFor). */
export async function toErrorResponse(error: unknown): Promise<Response> {
  return toResponse(errorAnswerFor(error, await requestLocale()));
}
