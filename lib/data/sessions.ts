/**
 * Sessions that can be ended (decision 017). A session cookie is a signed, encrypted token that stays valid
 * until it expires; so that a session can end before that, each gets an id (`sid`) at sign-in and a row in
 * `AccountSession` while it lives. Every request's session is checked against that row — remembered for at most
 * RECHECK_MS per session, so the hot routes ask the database about once a second per phone, and a session
 * ended on one instance is refused by every other within that time. *Sign out* deletes the row; changing the
 * password deletes the account's other rows. A cookie without a row (or without an id) is no session.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { dateColumn, getDb, readRows, sql } from "@/lib/db/client";
import { withDatabaseRetry } from "./retry";

/** How long an instance trusts what it last read about a session. */
export const RECHECK_MS = 1_000;
/** How long a session lives unused; each use moves its end on (at most once a day, to keep reads reads). */
export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
const EXTEND_EVERY_MS = 24 * 60 * 60 * 1000;
const MAX_REMEMBERED = 10_000;
/**
 * What this process last read about each session: one map for the whole process (Next bundles actions, route
 * handlers and the Node routes separately), so a session ended here is refused here at once.
 */
const globalForSessions = globalThis as typeof globalThis & {
  protokollSessions?: Map<string, { userId: string | null; at: number }>;
};
const checked = (globalForSessions.protokollSessions ??= new Map());

function remember(sid: string, userId: string | null): void {
  if (checked.size >= MAX_REMEMBERED) checked.delete(checked.keys().next().value!);
  checked.set(sid, { userId, at: Date.now() });
}

/**
 * What this process remembers of the session `sid`, checked within RECHECK_MS: whether it is `userId`'s live one, or
 * null when it is to be checked again.
 */
export function rememberedSession(sid: string, userId: string): boolean | null {
  const known = checked.get(sid);
  return known && Date.now() - known.at < RECHECK_MS ? known.userId === userId : null;
}

/** The session `sid` of `userId` was found live by a write that checked it itself (a deal, decision 005). */
export function sessionSeenLive(sid: string, userId: string): void {
  remember(sid, userId);
}

/** Opens a session for `userId` and returns its id, for the session cookie. */
export async function startSession(userId: string, now = new Date()): Promise<string> {
  const db = getDb();
  const id = randomUUID();
  await db.accountSession.create({
    data: { id, userId, expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS) },
  });
  remember(id, userId);
  // Sessions that lapsed unused need no row.
  await db.accountSession.deleteMany({ where: { expiresAt: { lt: now } } });
  return id;
}

/** Whether the session `sid` of `userId` may act: it has an id, was not ended and has not lapsed. */
export async function sessionLive(sid: string | null | undefined, userId: string): Promise<boolean> {
  if (typeof sid !== "string" || !sid) return false;
  const known = rememberedSession(sid, userId);
  if (known !== null) return known;
  const db = getDb();
  // Ridden out like a deal's write: a database briefly away (a restart) does not turn a phone's deal into a 503.
  // A raw read (decision 013): at a real table, where a phone sends a deal a minute, every deal asks it.
  const [[found]] = await withDatabaseRetry(() =>
    readRows<[{ userId: string; expiresAt: unknown }[]]>(
      sql`SELECT "userId", "expiresAt" FROM "AccountSession" WHERE "id" = ${sid}`,
    ),
  );
  const row = found ? { userId: found.userId, expiresAt: dateColumn(found.expiresAt) } : null;
  const now = Date.now();
  const live = row !== null && row.expiresAt.getTime() > now;
  remember(sid, live ? row.userId : null);
  if (live && row.expiresAt.getTime() - now < SESSION_MAX_AGE_MS - EXTEND_EVERY_MS)
    await db.accountSession
      .updateMany({ where: { id: sid }, data: { expiresAt: new Date(now + SESSION_MAX_AGE_MS) } })
      .catch(() => undefined); // a session used while busy keeps its old end for another day
  return live && row.userId === userId;
}

/** Ends the session `sid` on every instance. */
export async function endSession(sid: string): Promise<void> {
  await getDb().accountSession.deleteMany({ where: { id: sid } });
  remember(sid, null);
}

/** Ends every session of `userId` except `keep` (the one that asked), on every instance; returns how many. */
export async function endOtherSessions(userId: string, keep: string): Promise<number> {
  const db = getDb();
  const others = await db.accountSession.findMany({ where: { userId, id: { not: keep } }, select: { id: true } });
  const { count } = await db.accountSession.deleteMany({ where: { userId, id: { not: keep } } });
  for (const { id } of others) remember(id, null);
  return count;
}
