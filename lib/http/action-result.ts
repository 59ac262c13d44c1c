/**
 * What every server action returns: data, or what went wrong as messages to translate where they are shown —
 * never a thrown error (docs/conventions.md 4). AppErrors become their code, message, rules problems and field
 * messages; anything else is logged and reported as a generic failure, so a user never sees a stack trace.
 */
import "server-only";
import { isTransientDatabaseError, UNAVAILABLE } from "@/lib/data/retry";
import { isAppError, type AppErrorCode } from "@/lib/errors";
import type { Message } from "@/lib/i18n/dictionaries";
import type { Problem } from "@/lib/rules";

export type ActionFailure = {
  ok: false;
  code: AppErrorCode | "internal";
  message: Message;
  /** The rules engine's problems, each in both languages, with its deal and player. */
  problems: Problem[];
  /** Field name → messages, for forms. */
  fields: Record<string, Message[]>;
};

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
  } catch (caught) {
    const error = isTransientDatabaseError(caught) ? UNAVAILABLE() : caught;
    if (isAppError(error)) {
      return {
        ok: false,
        code: error.code,
        message: error.text,
        problems: error.problems,
        fields: error.fieldMessages,
      };
    }
    // Next's redirect() and notFound() are thrown and must keep travelling.
    if (
      error instanceof Error &&
      "digest" in error &&
      typeof error.digest === "string" &&
      error.digest.startsWith("NEXT_")
    )
      throw error;
    console.error(error);
    return actionFailure("internal", { key: "errors.internal" });
  }
}
