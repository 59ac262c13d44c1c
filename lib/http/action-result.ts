/**
 * What every server action returns: data, or what went wrong as messages to translate where they are shown —
 * never a thrown error (docs/conventions.md 4). A thrown error is read as every answer reads it (`failure.ts`).
 */
import "server-only";
import type { Message } from "@/lib/i18n/dictionaries";
import { failureOf, type Failure } from "./failure";

export type ActionFailure = { ok: false } & Omit<Failure, "status">;

export type ActionResult<T = undefined> = { ok: true; data: T } | ActionFailure;

/** A failure the action itself decides on (e.g. a refused sign-in), in the same shape. */
export function actionFailure(code: ActionFailure["code"], message: Message): ActionFailure {
  return { ok: false, code, message, problems: [], fields: {} };
}

/**
 * Whether an action's argument is the form it takes. A request made by hand can send anything in its place;
 * an action that takes a form answers `notAForm()` then, like any other bad input.
 */
export function isForm(value: unknown): value is FormData {
  return value instanceof FormData;
}

export function notAForm(): ActionFailure {
  return actionFailure("validation", { key: "errors.badRequest" });
}

export async function runAction<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (error) {
    // Next's redirect() and notFound() are thrown and must keep travelling.
    if (
      error instanceof Error &&
      "digest" in error &&
      typeof error.digest === "string" &&
      error.digest.startsWith("NEXT_")
    )
      throw error;
    const { code, message, problems, fields } = failureOf(error);
    return { ok: false, code, message, problems, fields };
  }
}
