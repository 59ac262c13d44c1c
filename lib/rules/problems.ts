import { translate, type MessageKey, type MessageParam } from "@/lib/i18n/dictionaries";
import type { Problem, ProblemCode } from "./types";

export interface Location {
  deal?: number;
  player?: string;
}

/**
 * Builds a problem whose messages name where it is: "deal 3, Bo: …" / "giv 3, Bo: …". Its words come from the
 * product's dictionaries (`rules.*` keys, plain data), rendered in both languages here, so the `score`
 * command, the server and the browser say the same.
 */
export function problem(
  code: ProblemCode,
  where: Location,
  key: MessageKey,
  params: Record<string, MessageParam> = {},
): Problem {
  const render = (locale: "en" | "sv") => {
    const parts: string[] = [];
    if (where.deal !== undefined) parts.push(translate({ key: "rules.atDeal", params: { n: where.deal } }, locale));
    if (where.player !== undefined) parts.push(where.player);
    return (parts.length ? `${parts.join(", ")}: ` : "") + translate({ key, params }, locale);
  };
  const p: Problem = { code, message: render("en"), messageSv: render("sv") };
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
