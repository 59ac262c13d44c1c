/**
 * Who may do what with an evening. Every data-layer operation calls one of these first; an evening a user
 * may not see answers "not found", so ids can't be probed. The members of an evening's group are its members
 * too (docs/security.md).
 */
import "server-only";
import { AppError } from "@/lib/errors";
import { sql, type Sql, type Tx } from "@/lib/db/client";
import { isId } from "@/lib/schemas/ids";

/** The signed-in user acting, or null for a visitor. */
export type Actor = { userId: string } | null;
export type Role = "owner" | "member";
/** Any client or transaction that can read evenings. */
type Reader = Pick<Tx, "evening">;

/** For raw reads (decision 013): the user is a member of evening `e`, or of the group it is kept for. */
export const memberSql = (userId: string): Sql =>
  sql`(EXISTS (SELECT 1 FROM "EveningMember" m WHERE m."eveningId" = e."id" AND m."userId" = ${userId})
    OR (e."groupId" IS NOT NULL AND EXISTS (SELECT 1 FROM "GroupMember" gm
      WHERE gm."groupId" = e."groupId" AND gm."userId" = ${userId})))`;

/**
 * For raw reads: evening `e` is one the user owns or sits at — the evenings they may see. An evening an import
 * is still writing is seen by no one (decision 018).
 */
export const visibleSql = (userId: string): Sql =>
  sql`(e."ownerId" = ${userId} OR ${memberSql(userId)}) AND e."importing" IS NULL`;

/** The same, for the ORM's reads. */
export const visibleWhere = (userId: string) => ({
  OR: [{ ownerId: userId }, { members: { some: { userId } } }, { group: { members: { some: { userId } } } }],
  importing: null,
});

export function requireSignedIn(actor: Actor): { userId: string } {
  if (!actor) throw new AppError("unauthenticated", { key: "errors.signIn" });
  return actor;
}

export async function roleIn(tx: Reader, eveningId: string, userId: string): Promise<Role | null> {
  if (!isId(eveningId)) return null;
  const evening = await tx.evening.findUnique({
    where: { id: eveningId },
    select: {
      ownerId: true,
      importing: true,
      members: { where: { userId }, select: { userId: true } },
      group: { select: { members: { where: { userId }, select: { userId: true } } } },
    },
  });
  if (!evening || evening.importing) return null;
  if (evening.ownerId === userId) return "owner";
  return evening.members.length || evening.group?.members.length ? "member" : null;
}

/** The actor's role in the evening, or an error: unauthenticated, not found (also when not allowed to see it), forbidden. */
export async function requireRole(
  tx: Reader,
  actor: Actor,
  eveningId: string,
  allowed: readonly Role[],
): Promise<Role> {
  const { userId } = requireSignedIn(actor);
  const role = await roleIn(tx, eveningId, userId);
  if (!role) throw new AppError("not_found", { key: "errors.noEvening" });
  if (!allowed.includes(role)) throw new AppError("forbidden", { key: "errors.ownerOnly" });
  return role;
}
