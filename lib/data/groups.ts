/**
 * Groups (sällskap): members and admins, the invite link, the group's players (rename, link to an account,
 * merge and split), and evenings kept for a group. Who may do what is the matrix in docs/security.md; every
 * operation checks it first. A group a user is not a member of answers "not found", so ids can't be probed.
 */
import "server-only";
import { z } from "zod";
import { dateColumn, getDb, readRows, sql, type Tx } from "@/lib/db/client";
import { AppError, parseInput } from "@/lib/errors";
import { nameKey } from "@/lib/schemas/names";
import { inTransaction, markEveningChanged } from "./changes";
import { requireRole, requireSignedIn, type Actor } from "./access";
import { newToken } from "./tokens";
import { GroupNameSchema, GroupPlayerNameSchema } from "@/lib/schemas/group";
import { IdSchema, isId } from "@/lib/schemas/ids";

export type GroupRole = "admin" | "member";
type Reader = Pick<Tx, "groupMember">;

const noGroup = () => new AppError("not_found", { key: "errors.noGroup" });

export async function groupRoleIn(tx: Reader, groupId: string, userId: string): Promise<GroupRole | null> {
  if (!isId(groupId)) return null;
  // Outside a transaction a raw read (decision 013): every group page asks this several times, and the ORM's
  // compiling of the query cost more than running it.
  const [member] =
    tx === getDb()
      ? (
          await readRows<[{ admin: unknown }[]]>(sql`
            SELECT m."admin" AS "admin" FROM "GroupMember" m
            WHERE m."groupId" = ${groupId} AND m."userId" = ${userId}`)
        )[0]
      : [await tx.groupMember.findUnique({ where: { groupId_userId: { groupId, userId } }, select: { admin: true } })];
  return member ? (Number(member.admin) ? "admin" : "member") : null;
}

/** The actor's role in the group, or an error: unauthenticated, not found (also for a non-member), forbidden. */
export async function requireGroupRole(
  tx: Reader,
  actor: Actor,
  groupId: unknown,
  allowed: readonly GroupRole[],
): Promise<{ userId: string; groupId: string; role: GroupRole }> {
  const { userId } = requireSignedIn(actor);
  const role = typeof groupId === "string" ? await groupRoleIn(tx, groupId, userId) : null;
  if (!role) throw noGroup();
  if (!allowed.includes(role)) throw new AppError("forbidden", { key: "errors.groupAdminOnly" });
  return { userId, groupId: groupId as string, role };
}

function parseName(schema: z.ZodType<string>, value: unknown): string {
  return parseInput(z.object({ name: schema }), { name: value }).name;
}

export async function createGroup(actor: Actor, name: unknown): Promise<{ id: string }> {
  const { userId } = requireSignedIn(actor);
  const data = { name: parseName(GroupNameSchema, name), inviteToken: newToken() };
  return getDb().group.create({
    data: { ...data, members: { create: { userId, admin: true } } },
    select: { id: true },
  });
}

export async function renameGroup(actor: Actor, groupId: unknown, name: unknown): Promise<void> {
  const newName = parseName(GroupNameSchema, name);
  await inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    await tx.group.update({ where: { id }, data: { name: newName } });
  });
}

export interface GroupSummary {
  id: string;
  name: string;
  role: GroupRole;
  members: number;
}

/** The actor's groups, by name. */
export async function listGroups(actor: Actor): Promise<GroupSummary[]> {
  const { userId } = requireSignedIn(actor);
  // A raw read (decision 013): the evening, players and group pages all ask, and the ORM's nested count cost
  // more to compile than to run.
  const [rows] = await readRows<[{ id: string; name: string; admin: unknown; members: unknown }[]]>(sql`
    SELECT g."id" AS "id", g."name" AS "name", m."admin" AS "admin",
           (SELECT COUNT(*) FROM "GroupMember" c WHERE c."groupId" = g."id") AS "members"
    FROM "GroupMember" m JOIN "Group" g ON g."id" = m."groupId"
    WHERE m."userId" = ${userId}`);
  return rows
    .map((r) => ({
      id: r.id,
      name: r.name,
      role: (Number(r.admin) ? "admin" : "member") as GroupRole,
      members: Number(r.members),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

// ---------------------------------------------------------------------------------------------------------------
// Members and the invite link

/** What an invite link shows before joining: the group's name and how many are in it. */
export async function describeGroupInvite(token: unknown): Promise<{ name: string; members: number } | null> {
  if (!isId(token)) return null;
  const group = await getDb().group.findUnique({
    where: { inviteToken: token },
    select: { name: true, _count: { select: { members: true } } },
  });
  return group ? { name: group.name, members: group._count.members } : null;
}

export async function joinGroup(actor: Actor, token: unknown): Promise<{ id: string; name: string }> {
  const { userId } = requireSignedIn(actor);
  if (!isId(token)) throw new AppError("not_found", { key: "errors.inviteGone" });
  return inTransaction(async (tx) => {
    const group = await tx.group.findUnique({ where: { inviteToken: token }, select: { id: true, name: true } });
    if (!group) throw new AppError("not_found", { key: "errors.inviteGone" });
    await tx.groupMember.upsert({
      where: { groupId_userId: { groupId: group.id, userId } },
      create: { groupId: group.id, userId },
      update: {},
    });
    await linkInvitedPlayer(tx, group.id, userId);
    return group;
  });
}

/**
 * A player a restored backup gave this account's name (`invitedAccount`) becomes this account's, now that it joined
 * by the invite itself — unless the account is another player of the group already.
 */
async function linkInvitedPlayer(tx: Tx, groupId: string, userId: string): Promise<void> {
  const { username } = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true } });
  const waiting = await tx.groupPlayer.findFirst({
    where: { groupId, invitedAccount: username, userId: null, mergedIntoId: null },
    orderBy: { createdAt: "asc" },
    select: { id: true },
  });
  if (waiting && !(await tx.groupPlayer.count({ where: { groupId, userId } })))
    await tx.groupPlayer.update({ where: { id: waiting.id }, data: { userId } });
  await tx.groupPlayer.updateMany({ where: { groupId, invitedAccount: username }, data: { invitedAccount: null } });
}

/** Replaces the invite link (the old one stops working), or switches it off (`off`). */
export async function rotateGroupInvite(actor: Actor, groupId: unknown, off = false): Promise<void> {
  await inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    await tx.group.update({ where: { id }, data: { inviteToken: off ? null : newToken() } });
  });
}

/**
 * A member who goes (leaves, is removed, or the group is deleted) keeps seeing the group's evenings they sat at —
 * as an evening's member does: those where they recorded a deal or a player linked to them sat — and nothing
 * else of the group. They become members of those evenings.
 */
async function keepEveningsSatAt(tx: Tx, groupId: string, userId: string): Promise<void> {
  const now = new Date();
  await tx.$executeRaw(sql`
    INSERT INTO "EveningMember" ("eveningId", "userId", "createdAt")
    SELECT e."id", ${userId}, ${now} FROM "Evening" e
    WHERE e."groupId" = ${groupId} AND e."ownerId" <> ${userId} AND (
      EXISTS (SELECT 1 FROM "Game" g JOIN "Deal" d ON d."gameId" = g."id"
              WHERE g."eveningId" = e."id" AND d."recordedById" = ${userId})
      OR EXISTS (SELECT 1 FROM "EveningPlayer" ep JOIN "GroupPlayer" gp ON gp."id" = ep."groupPlayerId"
                 WHERE ep."eveningId" = e."id" AND gp."userId" = ${userId}))
    ON CONFLICT DO NOTHING`);
}

async function admins(tx: Tx, groupId: string): Promise<string[]> {
  const rows = await tx.groupMember.findMany({ where: { groupId, admin: true }, select: { userId: true } });
  return rows.map((r) => r.userId);
}

/**
 * Leaves the group. The last admin names another member (`successor`), who becomes an admin; the last member
 * deletes the group instead.
 */
export async function leaveGroup(actor: Actor, groupId: unknown, successor?: unknown): Promise<void> {
  await inTransaction(async (tx) => {
    const { userId, groupId: id, role } = await requireGroupRole(tx, actor, groupId, ["admin", "member"]);
    if (role === "admin" && (await admins(tx, id)).length === 1) {
      const others = await tx.groupMember.count({ where: { groupId: id, userId: { not: userId } } });
      if (!others) throw new AppError("conflict", { key: "errors.groupLastMember" });
      if (!isId(successor) || successor === userId || !(await groupRoleIn(tx, id, successor)))
        throw new AppError("validation", { key: "errors.groupNameAdmin" });
      await tx.groupMember.update({
        where: { groupId_userId: { groupId: id, userId: successor } },
        data: { admin: true },
      });
    }
    await keepEveningsSatAt(tx, id, userId);
    await tx.groupMember.delete({ where: { groupId_userId: { groupId: id, userId } } });
  });
}

/** An admin removes a member; the invite link is replaced, so they cannot simply join again. */
export async function removeGroupMember(actor: Actor, groupId: unknown, memberId: unknown): Promise<void> {
  await inTransaction(async (tx) => {
    const { userId, groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    if (memberId === userId) throw new AppError("validation", { key: "errors.groupRemoveSelf" });
    if (!isId(memberId) || !(await groupRoleIn(tx, id, memberId)))
      throw new AppError("not_found", { key: "errors.noGroupMember" });
    await keepEveningsSatAt(tx, id, memberId);
    await tx.groupMember.delete({ where: { groupId_userId: { groupId: id, userId: memberId } } });
    await tx.group.update({ where: { id }, data: { inviteToken: newToken() } });
  });
}

/** An admin makes a member an admin, or an admin a member again (a group keeps at least one admin). */
export async function setGroupAdmin(actor: Actor, groupId: unknown, memberId: unknown, admin: boolean): Promise<void> {
  await inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    const role = isId(memberId) ? await groupRoleIn(tx, id, memberId) : null;
    if (!role) throw new AppError("not_found", { key: "errors.noGroupMember" });
    if (!admin && role === "admin" && (await admins(tx, id)).length === 1)
      throw new AppError("conflict", { key: "errors.groupLastAdmin" });
    await tx.groupMember.update({
      where: { groupId_userId: { groupId: id, userId: memberId as string } },
      data: { admin },
    });
  });
}

/**
 * An admin deletes the group: its evenings go back to their owners (and their players to the owners' lists, as
 * before), its rule sets to the members who made them; each member keeps the evenings they sat at.
 */
export async function deleteGroup(actor: Actor, groupId: unknown): Promise<void> {
  await inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    const members = await tx.groupMember.findMany({ where: { groupId: id }, select: { userId: true } });
    for (const m of members) await keepEveningsSatAt(tx, id, m.userId);
    const evenings = await tx.evening.findMany({ where: { groupId: id }, select: { id: true } });
    await tx.group.delete({ where: { id } });
    for (const e of evenings) await markEveningChanged(tx, e.id, "evening");
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The group's players

/** Follows merges to the player a name is read as. */
export function canonicalOf<P extends { id: string; mergedIntoId: string | null }>(
  players: Map<string, P>,
  id: string,
): P {
  let player = players.get(id)!;
  for (let hops = 0; player.mergedIntoId && hops < 100; hops++) {
    const next = players.get(player.mergedIntoId);
    if (!next) break;
    player = next;
  }
  return player;
}

const nameTaken = (name: string, existing: string) =>
  new AppError(
    "conflict",
    { key: "errors.groupPlayerTaken", params: { name, existing } },
    { fields: { name: [{ key: "errors.groupPlayerTaken", params: { name, existing } }] } },
  );

/**
 * The group's player for each name (matched by the name's key, as the name rules compare names), adding the
 * ones it does not have yet. Returned in the order given.
 */
export async function groupPlayersFor(tx: Tx, groupId: string, names: string[]): Promise<string[]> {
  const keys = names.map(nameKey);
  const known = new Map(
    (
      await tx.groupPlayer.findMany({ where: { groupId, nameKey: { in: keys } }, select: { id: true, nameKey: true } })
    ).map((p) => [p.nameKey, p.id]),
  );
  const ids: string[] = [];
  for (const [i, name] of names.entries()) {
    let id = known.get(keys[i]!);
    if (!id) {
      id = (await tx.groupPlayer.create({ data: { groupId, name, nameKey: keys[i]! }, select: { id: true } })).id;
      known.set(keys[i]!, id);
    }
    ids.push(id);
  }
  return ids;
}

export async function addGroupPlayer(actor: Actor, groupId: unknown, name: unknown): Promise<{ id: string }> {
  const newName = parseName(GroupPlayerNameSchema, name);
  return inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin", "member"]);
    const existing = await tx.groupPlayer.findUnique({
      where: { groupId_nameKey: { groupId: id, nameKey: nameKey(newName) } },
      select: { name: true },
    });
    if (existing) throw nameTaken(newName, existing.name);
    return tx.groupPlayer.create({
      data: { groupId: id, name: newName, nameKey: nameKey(newName) },
      select: { id: true },
    });
  });
}

async function requirePlayer(tx: Tx, groupId: string, playerId: unknown) {
  const player = isId(playerId)
    ? await tx.groupPlayer.findFirst({
        where: { id: playerId, groupId },
        select: { id: true, name: true, userId: true, mergedIntoId: true },
      })
    : null;
  if (!player) throw new AppError("not_found", { key: "errors.noGroupPlayer" });
  return player;
}

/** An admin renames a player: the group's pages read the new name; the evenings' sheets keep what was written. */
export async function renameGroupPlayer(
  actor: Actor,
  groupId: unknown,
  playerId: unknown,
  name: unknown,
): Promise<void> {
  const newName = parseName(GroupPlayerNameSchema, name);
  await inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    const player = await requirePlayer(tx, id, playerId);
    // Checked before writing: on PostgreSQL a refused write ends the transaction, so it is never the check.
    const other = await tx.groupPlayer.findUnique({
      where: { groupId_nameKey: { groupId: id, nameKey: nameKey(newName) } },
      select: { id: true, name: true },
    });
    if (other && other.id !== player.id) throw nameTaken(newName, other.name);
    await tx.groupPlayer.update({ where: { id: player.id }, data: { name: newName, nameKey: nameKey(newName) } });
  });
}

/**
 * Links a player to a member's account, or unlinks it (`userId` null). A member links or unlinks themselves only,
 * and only a player no one else is linked to; an admin links any member. An account is one player of a group.
 */
export async function linkGroupPlayer(
  actor: Actor,
  groupId: unknown,
  playerId: unknown,
  userId: unknown,
): Promise<void> {
  await inTransaction(async (tx) => {
    const { userId: me, groupId: id, role } = await requireGroupRole(tx, actor, groupId, ["admin", "member"]);
    const player = await requirePlayer(tx, id, playerId);
    if (userId !== null && (!isId(userId) || !(await groupRoleIn(tx, id, userId))))
      throw new AppError("not_found", { key: "errors.noGroupMember" });
    const mine = userId === me || (userId === null && player.userId === me);
    if (role !== "admin" && (!mine || (player.userId && player.userId !== me)))
      throw new AppError("forbidden", { key: "errors.groupAdminOnly" });
    if (userId !== null)
      await tx.groupPlayer.updateMany({
        where: { groupId: id, userId, id: { not: player.id } },
        data: { userId: null },
      });
    await tx.groupPlayer.update({ where: { id: player.id }, data: { userId: userId as string | null } });
  });
}

/** The evenings of the group each of these players (and the players merged into them) sat at. */
async function eveningsOf(tx: Tx, groupId: string, ids: string[]) {
  const rows = await tx.eveningPlayer.findMany({
    where: { groupPlayerId: { in: ids }, evening: { groupId } },
    select: { eveningId: true, name: true, evening: { select: { title: true } } },
  });
  return rows;
}

/** A player and every player merged into it, at any depth. */
async function withAliases(tx: Tx, groupId: string, id: string): Promise<string[]> {
  const all = await tx.groupPlayer.findMany({ where: { groupId }, select: { id: true, mergedIntoId: true } });
  const byId = new Map(all.map((p) => [p.id, p]));
  return all.filter((p) => canonicalOf(byId, p.id).id === id).map((p) => p.id);
}

/**
 * An admin merges `fromId` into `intoId` (the same person under two names): from then on the group's pages
 * read both as `intoId`. Kept as an alias, undone by `splitGroupPlayer`; no deal or sheet is rewritten. Two
 * players who sat at the same evening are two people and are not merged.
 */
export async function mergeGroupPlayers(
  actor: Actor,
  groupId: unknown,
  fromId: unknown,
  intoId: unknown,
): Promise<void> {
  await inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    const from = await requirePlayer(tx, id, fromId);
    const into = await requirePlayer(tx, id, intoId);
    if (from.id === into.id) throw new AppError("validation", { key: "errors.mergeSelf" });
    if (from.mergedIntoId || into.mergedIntoId) {
      const merged = from.mergedIntoId ? from : into;
      throw new AppError("conflict", { key: "errors.mergeAlreadyMerged", params: { name: merged.name } });
    }
    const fromEvenings = await eveningsOf(tx, id, await withAliases(tx, id, from.id));
    const intoEvenings = new Set(
      (await eveningsOf(tx, id, await withAliases(tx, id, into.id))).map((e) => e.eveningId),
    );
    const together = fromEvenings.find((e) => intoEvenings.has(e.eveningId));
    if (together)
      throw new AppError("conflict", {
        key: "errors.mergeSatTogether",
        params: { a: from.name, b: into.name, evening: together.evening.title },
      });
    await tx.groupPlayer.update({ where: { id: from.id }, data: { mergedIntoId: into.id, mergedAt: new Date() } });
    if (from.userId && !into.userId)
      await tx.groupPlayer.update({ where: { id: into.id }, data: { userId: from.userId } });
  });
}

/** An admin undoes a merge: the player is read under its own name again. */
export async function splitGroupPlayer(actor: Actor, groupId: unknown, playerId: unknown): Promise<void> {
  await inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    const player = await requirePlayer(tx, id, playerId);
    if (!player.mergedIntoId)
      throw new AppError("conflict", { key: "errors.splitNotMerged", params: { name: player.name } });
    await tx.groupPlayer.update({ where: { id: player.id }, data: { mergedIntoId: null, mergedAt: null } });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// Evenings of a group

/** Seats an evening's players as the group's players (matched by name; new ones added). */
export async function seatAsGroupPlayers(tx: Tx, groupId: string, eveningId: string): Promise<void> {
  const players = await tx.eveningPlayer.findMany({ where: { eveningId }, select: { id: true, name: true } });
  const ids = await groupPlayersFor(
    tx,
    groupId,
    players.map((p) => p.name),
  );
  for (const [i, p] of players.entries())
    await tx.eveningPlayer.update({ where: { id: p.id }, data: { groupPlayerId: ids[i]! } });
}

/**
 * The evening's owner moves it into one of their groups (its players matched to the group's players by name,
 * new ones added) or out of its group (`groupId` null): then it is the owner's and its members' again.
 */
export async function moveEvening(actor: Actor, eveningId: unknown, groupId: unknown): Promise<void> {
  const id = IdSchema.safeParse(eveningId);
  if (!id.success) throw new AppError("not_found", { key: "errors.noEvening" });
  await inTransaction(async (tx) => {
    await requireRole(tx, actor, id.data, ["owner"]);
    if (groupId === null) {
      await tx.evening.update({ where: { id: id.data }, data: { groupId: null } });
      await tx.eveningPlayer.updateMany({ where: { eveningId: id.data }, data: { groupPlayerId: null } });
    } else {
      const { groupId: target } = await requireGroupRole(tx, actor, groupId, ["admin", "member"]);
      await tx.evening.update({ where: { id: id.data }, data: { groupId: target } });
      await seatAsGroupPlayers(tx, target, id.data);
    }
    await markEveningChanged(tx, id.data, "evening");
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The group's page

export interface GroupPlayerView {
  id: string;
  name: string;
  /** The member this player is, when linked. */
  account: { userId: string; username: string } | null;
  /** Set when merged: the player it is read as. */
  mergedInto: { id: string; name: string } | null;
}

export interface GroupView {
  id: string;
  name: string;
  role: GroupRole;
  /** Only for admins: the invite link's token (null when switched off). */
  inviteToken: string | null;
  members: { userId: string; username: string; admin: boolean; you: boolean }[];
  /** Every player, by name; merged players name the player they are read as. */
  players: GroupPlayerView[];
  evenings: { id: string; title: string; date: Date; variant: string; owner: string; status: string }[];
}

/** The evenings a group's page lists (the rest are in the history, filtered to the group). */
export const GROUP_PAGE_EVENINGS = 10;

/**
 * The group's page: read in one round of raw queries (decision 013) — the reader's membership with the group, its
 * members, players and latest evenings — and shown only once the membership is checked.
 */
export async function getGroupView(actor: Actor, groupId: unknown): Promise<GroupView> {
  const { userId } = requireSignedIn(actor);
  if (!isId(groupId)) throw noGroup();
  const [[me], members, players, evenings] = await readRows<
    [
      { admin: unknown; name: string; inviteToken: string | null }[],
      { userId: string; username: string; admin: unknown }[],
      {
        id: string;
        name: string;
        userId: string | null;
        username: string | null;
        mergedIntoId: string | null;
        mergedName: string | null;
      }[],
      { id: string; title: string; date: unknown; variant: string; status: string; owner: string }[],
    ]
  >(
    sql`SELECT m."admin" AS "admin", g."name" AS "name", g."inviteToken" AS "inviteToken"
      FROM "GroupMember" m JOIN "Group" g ON g."id" = m."groupId"
      WHERE m."groupId" = ${groupId} AND m."userId" = ${userId}`,
    sql`SELECT m."userId" AS "userId", u."username" AS "username", m."admin" AS "admin"
      FROM "GroupMember" m JOIN "User" u ON u."id" = m."userId" WHERE m."groupId" = ${groupId}`,
    sql`SELECT p."id" AS "id", p."name" AS "name", p."userId" AS "userId", u."username" AS "username",
        p."mergedIntoId" AS "mergedIntoId", t."name" AS "mergedName"
      FROM "GroupPlayer" p
      LEFT JOIN "User" u ON u."id" = p."userId"
      LEFT JOIN "GroupPlayer" t ON t."id" = p."mergedIntoId"
      WHERE p."groupId" = ${groupId}`,
    sql`SELECT e."id" AS "id", e."title" AS "title", e."date" AS "date", e."variant" AS "variant",
        e."status" AS "status", o."username" AS "owner"
      FROM "Evening" e JOIN "User" o ON o."id" = e."ownerId"
      WHERE e."groupId" = ${groupId} AND e."importing" IS NULL
      ORDER BY e."date" DESC, e."createdAt" DESC, e."id" DESC
      LIMIT ${GROUP_PAGE_EVENINGS}`,
  );
  if (!me) throw noGroup();
  const role: GroupRole = Number(me.admin) ? "admin" : "member";
  return {
    id: groupId,
    name: me.name,
    role,
    inviteToken: role === "admin" ? me.inviteToken : null,
    members: members
      .map((m) => ({
        userId: m.userId,
        username: m.username,
        admin: Boolean(Number(m.admin)),
        you: m.userId === userId,
      }))
      .sort((a, b) => Number(b.admin) - Number(a.admin) || a.username.localeCompare(b.username)),
    players: players
      .map((p) => ({
        id: p.id,
        name: p.name,
        account: p.userId ? { userId: p.userId, username: p.username ?? "" } : null,
        mergedInto: p.mergedIntoId ? { id: p.mergedIntoId, name: p.mergedName ?? "" } : null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    evenings: evenings.map((e) => ({ ...e, date: dateColumn(e.date) })),
  };
}

/** The names to offer when starting an evening for the group: its players (not the merged-away names). */
export async function listGroupPlayerNames(actor: Actor, groupId: unknown): Promise<string[]> {
  const db = getDb();
  const { groupId: id } = await requireGroupRole(db, actor, groupId, ["admin", "member"]);
  const [players] = await readRows<[{ name: string }[]]>(sql`
    SELECT p."name" AS "name" FROM "GroupPlayer" p WHERE p."groupId" = ${id} AND p."mergedIntoId" IS NULL`);
  return players.map((p) => p.name).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
