import type { Problem, ProblemCode, ProblemKey, RulesMessage } from "./types";

export interface Location {
  deal?: number;
  player?: string;
}

/**
 * A problem: what is wrong as a dictionary key and its parameters, and where ("deal 3, Bo"). The engine knows no
 * language; the words are rendered where the problem is shown (`problemText` in `lib/i18n`).
 */
export function problem(
  code: ProblemCode,
  where: Location,
  key: ProblemKey,
  params: Record<string, string | number | RulesMessage> = {},
): Problem {
  const p: Problem = { code, key, params };
  if (where.deal !== undefined) p.deal = where.deal;
  if (where.player !== undefined) p.player = where.player;
  return p;
}

/** Thrown by scoreGame for an invalid record; carries every problem found (rendered where they are shown). */
export class RulesError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map(where).join("; "));
    this.name = "RulesError";
    this.problems = problems;
  }
}

/** A problem's code and location, for an error's own message: "deal 3, Bo: tricks.invalid". */
function where(p: Problem): string {
  const at = [p.deal !== undefined ? `deal ${p.deal}` : null, p.player ?? null].filter(Boolean);
  return (at.length ? `${at.join(", ")}: ` : "") + p.code;
}

export function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return String(value);
}
