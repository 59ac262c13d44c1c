/**
 * The one error shape of the route handlers: `{ error: { code, message } }` with the right status (STYLE.md 5).
 * The message is translated for whoever asked (the language cookie, else the browser's preference).
 */
import "server-only";
import { isTransientDatabaseError, UNAVAILABLE } from "@/lib/data/retry";
import { isAppError } from "@/lib/errors";
import { translate, type Locale, type Message } from "@/lib/i18n/dictionaries";
import { getLocale } from "@/lib/i18n/server";

async function requestLocale(): Promise<Locale> {
  try {
    return await getLocale();
  } catch {
    return "en"; // outside a request (scripts, tests)
  }
}

export async function errorResponse(
  code: string,
  message: Message,
  status: number,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  const text = translate(message, await requestLocale());
  return Response.json(
    { error: { code, message: text, ...extra } },
    { status, headers: { "Cache-Control": "no-store" } },
  );
}

/** Maps any thrown error to a response; unknown errors become a 500 without details (logged on the server). */
export async function toErrorResponse(error: unknown): Promise<Response> {
  if (isTransientDatabaseError(error)) error = UNAVAILABLE();
  if (isAppError(error)) {
    const locale = await requestLocale();
    const fields = Object.entries(error.fieldMessages).map(([name, list]) => [
      name,
      list.map((m) => translate(m, locale)),
    ]);
    const extra = {
      ...(error.problems.length ? { problems: error.problems } : {}),
      ...(fields.length ? { fields: Object.fromEntries(fields) } : {}),
    };
    return errorResponse(error.code, error.text, error.status, extra);
  }
  console.error(error);
  return errorResponse("internal", { key: "errors.internal" }, 500);
}
