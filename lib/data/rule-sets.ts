/**
 * Saved rule sets ("our table's rules"): a named set of house rules and stakes for one game, owned by one
 * account — or kept for a group, when every member may use it and its admins change it (docs/security.md). An
 * evening started from a set keeps its own copy (decision 011), so nothing here ever changes an evening that
 * exists.
 */
import "server-only";
import { DbNull, getDb } from "@/lib/db/client";
import { AppError, parseInput, refusedByRules } from "@/lib/errors";
import { parseSetup, parseStakes, playsForMoney, type Stakes, type VariantId } from "@/lib/rules";
import { requireSignedIn, type Actor } from "./access";
import { RULE_SET_NAME_MAX, RuleSetSchema, type RuleSetInput } from "@/lib/schemas/rule-set";
import { IdSchema } from "@/lib/schemas/ids";
import { isUniqueViolation } from "./prisma-errors";
import { requireGroupRole } from "./groups";

export { RULE_SET_NAME_MAX, RuleSetSchema, type RuleSetInput };

export interface RuleSetView {
  id: string;
  name: string;
  variant: VariantId;
  houseRules: Record<string, unknown>;
  stakes: Stakes | null;
  updatedAt: Date;
  /** The group the set is kept for, and whether the reader may change it. */
  group: { id: string; name: string } | null;
  canChange: boolean;
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
  const { name, variant, houseRules, stakes } = parseInput(RuleSetSchema, input);
  return { name, variant, ...checkRules(variant, houseRules, stakes) };
}

function toView(
  userId: string,
  row: {
    id: string;
    name: string;
    variant: string;
    houseRules: unknown;
    stakes: unknown;
    ownerId: string;
    updatedAt: Date;
    group: { id: string; name: string; members: { admin: boolean }[] } | null;
  },
): RuleSetView {
  return {
    id: row.id,
    name: row.name,
    variant: row.variant as VariantId,
    houseRules: (row.houseRules ?? {}) as Record<string, unknown>,
    stakes: (row.stakes ?? null) as Stakes | null,
    updatedAt: row.updatedAt,
    group: row.group ? { id: row.group.id, name: row.group.name } : null,
    canChange: row.group ? Boolean(row.group.members[0]?.admin) : row.ownerId === userId,
  };
}

const select = (userId: string) =>
  ({
    id: true,
    name: true,
    variant: true,
    houseRules: true,
    stakes: true,
    updatedAt: true,
    ownerId: true,
    group: { select: { id: true, name: true, members: { where: { userId }, select: { admin: true } } } },
  }) as const;

/** The sets the user may use: their own (not kept for a group) and those of their groups. */
const usable = (userId: string) => ({
  OR: [{ ownerId: userId, groupId: null }, { group: { members: { some: { userId } } } }],
});

export async function listRuleSets(actor: Actor): Promise<RuleSetView[]> {
  const { userId } = requireSignedIn(actor);
  const rows = await getDb().ruleSet.findMany({
    where: usable(userId),
    orderBy: { name: "asc" },
    select: select(userId),
  });
  return rows.map((row) => toView(userId, row));
}

/** One of the sets the actor may use; any other set answers "not found", so ids can't be probed. */
export async function getRuleSet(actor: Actor, id: unknown): Promise<RuleSetView> {
  const { userId } = requireSignedIn(actor);
  const parsed = IdSchema.safeParse(id);
  const row = parsed.success
    ? await getDb().ruleSet.findFirst({ where: { id: parsed.data, ...usable(userId) }, select: select(userId) })
    : null;
  if (!row) throw new AppError("not_found", { key: "errors.noRuleSet" });
  return toView(userId, row);
}

/** A set the actor may change: their own, or one of a group they are an admin of. */
async function changeable(actor: Actor, id: unknown): Promise<RuleSetView> {
  const set = await getRuleSet(actor, id);
  if (!set.canChange) throw new AppError("forbidden", { key: "errors.groupAdminOnly" });
  return set;
}

const nameTaken = (name: string) =>
  new AppError(
    "conflict",
    { key: "errors.ruleSetNameTaken", params: { name } },
    {
      fields: { name: [{ key: "errors.ruleSetNameTaken", params: { name } }] },
    },
  );

/** Saves a new set: the actor's own, or — with `groupId` — one of a group the actor is an admin of. */
export async function createRuleSet(actor: Actor, input: RuleSetInput, groupId?: string): Promise<RuleSetView> {
  const { userId } = requireSignedIn(actor);
  const data = parse(input);
  if (groupId) await requireGroupRole(getDb(), actor, groupId, ["admin"]);
  try {
    const row = await getDb().ruleSet.create({
      data: {
        ownerId: userId,
        groupId: groupId ?? null,
        ...data,
        houseRules: data.houseRules as object,
        stakes: data.stakes ? { ...data.stakes } : undefined,
      },
      select: select(userId),
    });
    return toView(userId, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name);
    throw error;
  }
}

export async function updateRuleSet(actor: Actor, id: unknown, input: RuleSetInput): Promise<RuleSetView> {
  const { userId } = requireSignedIn(actor);
  const existing = await changeable(actor, id);
  const data = parse(input);
  try {
    const row = await getDb().ruleSet.update({
      where: { id: existing.id },
      data: { ...data, houseRules: data.houseRules as object, stakes: data.stakes ? { ...data.stakes } : DbNull },
      select: select(userId),
    });
    return toView(userId, row);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(data.name);
    throw error;
  }
}

export async function deleteRuleSet(actor: Actor, id: unknown): Promise<void> {
  const existing = await changeable(actor, id);
  await getDb().ruleSet.delete({ where: { id: existing.id } });
}
