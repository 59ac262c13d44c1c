/**
 * The one error type of the product (STYLE.md 6). Thrown by the data layer; mapped to an HTTP response in
 * lib/http.ts and to a form message by the actions. A user never sees a stack trace.
 */
import type { Problem } from "@/lib/rules";

export type AppErrorCode =
  | "validation" // bad input: nothing was written
  | "unauthenticated" // sign-in needed
  | "forbidden" // signed in, but not allowed
  | "not_found"
  | "conflict" // e.g. another phone stored this deal first
  | "rate_limited"
  | "unavailable"; // the database does not answer right now

const STATUS: Record<AppErrorCode, number> = {
  validation: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

export class AppError extends Error {
  readonly code: AppErrorCode;
  /** Rules problems, each with its deal and player, when the rules engine refused something. */
  readonly problems: Problem[];
  /** Field errors for forms: field name → messages. */
  readonly fields: Record<string, string[]>;
  /** The message in Swedish, where it reaches a person. */
  readonly messageSv: string;

  constructor(
    code: AppErrorCode,
    message: string,
    details: { problems?: Problem[]; fields?: Record<string, string[]>; sv?: string } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.problems = details.problems ?? [];
    this.fields = details.fields ?? {};
    this.messageSv = details.sv ?? message;
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
