/**
 * What a server action returns: data, never a thrown error (STYLE.md 4). AppErrors become messages the form
 * shows; anything else is logged and reported as a generic failure, so a user never sees a stack trace.
 */
import "server-only";
import { isTransientDatabaseError, UNAVAILABLE } from "@/lib/data/retry";
import { isAppError, type AppErrorCode } from "@/lib/errors";
import type { Problem } from "@/lib/rules";

export type ActionResult<T = undefined> =
  | { ok: true; data: T }
  | {
      ok: false;
      code: AppErrorCode | "internal";
      message: string;
      messageSv: string;
      problems: Problem[];
      fields: Record<string, string[]>;
    };

export async function runAction<T>(work: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await work() };
  } catch (caught) {
    const error = isTransientDatabaseError(caught) ? UNAVAILABLE() : caught;
    if (isAppError(error)) {
      return {
        ok: false,
        code: error.code,
        message: error.message,
        messageSv: error.messageSv,
        problems: error.problems,
        fields: error.fields,
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
    return {
      ok: false,
      code: "internal",
      message: "Something went wrong on our side. Nothing was saved.",
      messageSv: "Något gick fel hos oss. Inget sparades.",
      problems: [],
      fields: {},
    };
  }
}
