/**
 * What went wrong, as every answer to a request says it: the one reading of a thrown error shared by the route
 * handlers' answers (`answers.ts`, translated there) and the server actions' results (`action-result.ts`, translated
 * where they are shown). A database that is busy for a moment is "unavailable, try again"; an AppError is its code,
 * words, rules problems and field messages; anything else is logged and reported as an internal failure, so nobody
 * sees a stack trace.
 */
import "server-only";
import { isTransientDatabaseError, UNAVAILABLE } from "@/lib/data/retry";
import { isAppError, type AppErrorCode } from "@/lib/errors";
import type { Message } from "@/lib/i18n/dictionaries";
import type { Problem } from "@/lib/rules";

export interface Failure {
  code: AppErrorCode | "internal";
  status: number;
  message: Message;
  /** The rules engine's problems, each with its deal and player. */
  problems: Problem[];
  /** Field name → messages, for forms. */
  fields: Record<string, Message[]>;
}

export function failureOf(caught: unknown): Failure {
  const error = isTransientDatabaseError(caught) ? UNAVAILABLE() : caught;
  if (isAppError(error))
    return {
      code: error.code,
      status: error.status,
      message: error.text,
      problems: error.problems,
      fields: error.fieldMessages,
    };
  console.error(error);
  return { code: "internal", status: 500, message: { key: "errors.internal" }, problems: [], fields: {} };
}
