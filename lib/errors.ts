/**
 * The one error type of the product (docs/conventions.md 6). Thrown by the data layer; mapped to an HTTP response in
 * lib/http/answers.ts and to an action result in lib/http/action-result.ts. What it says is a dictionary key with its
 * parameters (`text`, `fieldMessages`), translated where it is shown; `message` and `fields` are the English
 * rendering, for logs and for tests. A user never sees a stack trace.
 */
import type { ZodError, ZodType } from "zod";
import { isMessageKey, problemInBoth, translate, type Message } from "@/lib/i18n/dictionaries";
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
  /** What went wrong, to be translated where it is shown. */
  readonly text: Message;
  /** Rules problems, each with its deal and player, when the rules engine refused something. */
  readonly problems: Problem[];
  /** Field problems for forms: field name → messages. */
  readonly fieldMessages: Record<string, Message[]>;
  /** The field problems in English (logs, the REST error body). */
  readonly fields: Record<string, string[]>;

  constructor(
    code: AppErrorCode,
    text: Message,
    details: { problems?: Problem[]; fields?: Record<string, Message[]> } = {},
  ) {
    super(translate(text, "en"));
    this.name = "AppError";
    this.code = code;
    this.text = text;
    this.problems = details.problems ?? [];
    this.fieldMessages = details.fields ?? {};
    this.fields = Object.fromEntries(
      Object.entries(this.fieldMessages).map(([field, list]) => [field, list.map((m) => translate(m, "en"))]),
    );
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * Bad input, field by field: each zod issue's message is a dictionary key (the schemas in lib/schemas say
 * which), with the limit it broke as `{max}`; anything else is "this value is not valid".
 */
export function invalidInput(error: ZodError, text: Message = { key: "errors.fields" }): AppError {
  const fields: Record<string, Message[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".") || "form";
    const max = "maximum" in issue ? Number(issue.maximum) : undefined;
    // A custom check names what it found (e.g. the two names that are one person).
    const named = issue.code === "custom" ? (issue.params as Record<string, string> | undefined) : undefined;
    const params = { ...(max !== undefined ? { max } : {}), ...named };
    const message: Message = isMessageKey(issue.message)
      ? { key: issue.message, ...(Object.keys(params).length ? { params } : {}) }
      : { key: "field.invalid" };
    (fields[field] ??= []).push(message);
  }
  return new AppError("validation", text, { fields });
}

/**
 * `value` as `schema` reads it, or the validation error naming each field that is wrong (`text` the error's own
 * words): the one way input from outside is read in the data layer and the actions.
 */
export function parseInput<T>(schema: ZodType<T>, value: unknown, text?: Message): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalidInput(parsed.error, text);
  return parsed.data;
}

/** The rules engine refused something: its problems, each in both languages, as the error. */
export function refusedByRules(problems: Problem[]): AppError {
  const both = problems.map(problemInBoth);
  const joined = { en: both.map((p) => p.en).join("; "), sv: both.map((p) => p.sv).join("; ") };
  return new AppError("validation", { key: "errors.rules", params: { problems: joined } }, { problems });
}
