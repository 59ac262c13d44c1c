/** The one error shape of the route handlers: `{ error: { code, message } }` with the right status (STYLE.md 5). */
import "server-only";
import { isTransientDatabaseError, UNAVAILABLE } from "@/lib/data/retry";
import { isAppError } from "@/lib/errors";

export function errorResponse(
  code: string,
  message: string,
  status: number,
  extra: Record<string, unknown> = {},
): Response {
  return Response.json({ error: { code, message, ...extra } }, { status, headers: { "Cache-Control": "no-store" } });
}

/** Maps any thrown error to a response; unknown errors become a 500 without details (logged on the server). */
export function toErrorResponse(error: unknown): Response {
  if (isTransientDatabaseError(error)) error = UNAVAILABLE();
  if (isAppError(error)) {
    const extra = error.problems.length ? { problems: error.problems } : {};
    return errorResponse(error.code, error.message, error.status, extra);
  }
  console.error(error);
  return errorResponse("internal", "Something went wrong on our side.", 500);
}
