import type { Problem, ProblemCode } from "./types";

export interface Location {
  deal?: number;
  player?: string;
}

/** Builds a problem whose messages name where it is: "deal 3, Bo: …" / "giv 3, Bo: …". */
export function problem(code: ProblemCode, where: Location, en: string, sv: string): Problem {
  const at = (dealWord: string) => {
    const parts: string[] = [];
    if (where.deal !== undefined) parts.push(`${dealWord} ${where.deal}`);
    if (where.player !== undefined) parts.push(where.player);
    return parts.length ? `${parts.join(", ")}: ` : "";
  };
  const p: Problem = { code, message: at("deal") + en, messageSv: at("giv") + sv };
  if (where.deal !== undefined) p.deal = where.deal;
  if (where.player !== undefined) p.player = where.player;
  return p;
}

/** Thrown by scoreGame for an invalid record; carries every problem found. */
export class RulesError extends Error {
  readonly problems: Problem[];
  constructor(problems: Problem[]) {
    super(problems.map((p) => p.message).join("; "));
    this.name = "RulesError";
    this.problems = problems;
  }
}

export function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value.length > 40 ? value.slice(0, 40) + "…" : value);
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "an object";
  return String(value);
}
