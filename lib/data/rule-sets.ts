/**
 * Saved rule sets ("our table's rules"): a named set of house rules and stakes for one game, owned by one
 * account. An evening started from a set keeps its own copy (decision 011), so nothing here ever changes an
 * evening that exists.
 */
import "server-only";
import { DbNull, getDb } from "@/lib/db/client";
import { AppError, invalidInput, refusedByRules } from "@/lib/errors";
import { parseSetup, parseStakes, playsForMoney, type Stakes, type VariantId } from "@/lib/rules";
import { requireSignedIn, type Actor } from "./access";
import { RULE_SET_NAME_MAX, RuleSetSchema, type RuleSetInput } from "@/lib/schemas/rule-set";
import { IdSchema } from "./input";
import { isUniqueViolation } from "./prisma-errors";

export { RULE_SET_NAME_MAX, RuleSetSchema, type RuleSetInput };

export interface RuleSetView {
  id: string;
  name: string;
  variant: VariantId;
  houseRules: Record<string, unknown>;
  stakes: Stakes | null;
  updatedAt: Date;
}

/**
 * House rules and stakes as the rules engine reads them: the house rules for this game (none of the other's),
 * stakes in whole minor units with a known currency. Stakes of 0 everywhere are no stakes. Throws the engine's
 * problems, so the message names what is wrong.
 */
export function checkRules(
  variant: VariantId,
  houseRules: Record<string, unknown>,
  stakes: unknown,
): { houseRules: Record<string, unknown>; stakes: Stakes | null } {
  const setup = parseSetup({ variant, players: ["A", "B", "C"], houseRules, deals: [] });
  const parsedStakes = stakes === null || stakes === undefined ? null : parseStakes(stakes);
  const problems = [...setup.problems, ...(parsedStakes?.problems ?? [])];
  if (problems.length) throw refusedByRules(problems);
  return {
    houseRules,
    stakes: parsedStakes?.stakes && playsForMoney(parsedStakes.stakes) ? parsedStakes.stakes : null,
  };
}

function parse(input: unknown) {
  const parsed = RuleSetSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { name, variant } = parsed.data;
  return { name, variant, ...checkRules(variant, parsed.data.houseRules, parsed.data.stakes) };
}

function toView(row: {
  id: string;
  name: string;
  variant: string;
  houseRules: unknown;
  stakes: unknown;
  updatedAt: Date;
}): RuleSetView {
  return {
    id: row.id,
    name: row.name,
    variant: row.variant as VariantId,
    houseRules: (row.houseRules ?? {}) as Record<string, unknown>,
    stakes: (row.stakes ?? null) as Stakes | null,
    updatedAt: row.updatedAt,
  };
}

const SELECT = { id: true, name: true, variant: true, houseRules: true, stakes: true, updatedAt: true } as const;

export async function listRuleSets(actor: Actor): Promise<RuleSetView[]> {
  const { userId } = requireSignedIn(actor);
  const rows = await getDb().ruleSet.findMany({ where: { ownerId: userId }, orderBy: { name: "asc" }, select: SELECT });
  return rows.map(toView);
}

/** One of the actor's sets; another account's set answers "not found", so ids can't be probed. */
export async function getRuleSet(actor: Actor, id: unknown): Promise<RuleSetView> {
  const { userId } = requireSignedIn(actor);
  const parsed = IdSchema.safeParse(id);
  const row = parsed.success
    ? await getDb().ruleSet.findFirst({ where: { id: parsed.data, ownerId: userId }, select: SELECT })
    : null;
  if (!row) throw new AppError("not_found", { key: "errors.noRuleSet" });
  return toView(row);
}

const nameTaken = (name: string) =>
  new AppError(
    "conflict",
    { key: "errors.ruleSetNameTaken", params: { name } },
    {
      fields: { name: [{ key: "errors.ruleSetNameTaken", params: { name } }] },
    },
  );

export async function createRuleSet(actor: Actor, input: RuleSetInput): Promise<RuleSetView> {
  const { userId } = requireSignedIn(actor);
  const data = parse(input);
  try {
    const row = await getDb().ruleSet.create({
      data: {
        ownerId: userId,
        ...data,
        houseRules: data.houseRules as object,
        stakes: data.stakes ? { ...data.stakes } : undefined,
      },
      select: SELECT,
    });
    return toView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name);
    throw error;
  }
}

export async function updateRuleSet(actor: Actor, id: unknown, input: RuleSetInput): Promise<RuleSetView> {
  const existing = await getRuleSet(actor, id);
  const data = parse(input);
  try {
    const row = await getDb().ruleSet.update({
      where: { id: existing.id },
      data: { ...data, houseRules: data.houseRules as object, stakes: data.stakes ? { ...data.stakes } : DbNull },
      select: SELECT,
    });
    return toView(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name);
    throw error;
  }
}

export async function deleteRuleSet(actor: Actor, id: unknown): Promise<void> {
  const existing = await getRuleSet(actor, id);
  await getDb().ruleSet.delete({ where: { id: existing.id } });
}
