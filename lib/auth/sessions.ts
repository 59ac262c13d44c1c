/**
 * Sessions that can be ended (decision 017). A session cookie is a signed, encrypted token that stays valid
 * until it expires; to end one before that, each session gets an id (`sid`) at sign-in, and *Sign out* writes
 * that id to the database. Every request's session is checked against that list — remembered for at most
 * RECHECK_MS per session, so the hot routes ask the database about once a second per phone, and a session
 * ended on one instance is refused by every other within that time. A cookie from before sessions had ids is
 * refused: its owner signs in once more.
 */
import "server-only";
import { randomUUID } from "node:crypto";
import { getDb } from "@/lib/db/client";

/** How long an instance trusts what it last read about a session. */
export const RECHECK_MS = 1_000;
const MAX_REMEMBERED = 10_000;
const checked = new Map<string, { ended: boolean; at: number }>();

export function newSessionId(): string {
  return randomUUID();
}

function remember(sid: string, ended: boolean): void {
  if (checked.size >= MAX_REMEMBERED) checked.delete(checked.keys().next().value!);
  checked.set(sid, { ended, at: Date.now() });
}

/** Whether the session `sid` may act: it has an id and was not ended. */
export async function sessionLive(sid: string | null | undefined): Promise<boolean> {
  if (typeof sid !== "string" || !sid) return false;
  const known = checked.get(sid);
  if (known && (known.ended || Date.now() - known.at < RECHECK_MS)) return !known.ended;
  const row = await getDb().endedSession.findUnique({ where: { id: sid }, select: { id: true } });
  remember(sid, row !== null);
  return row === null;
}

/** Ends the session `sid` on every instance; its cookie would have expired at `expiresAt` anyway. */
export async function endSession(sid: string, expiresAt: Date): Promise<void> {
  const db = getDb();
  await db.endedSession.upsert({ where: { id: sid }, create: { id: sid, expiresAt }, update: {} });
  remember(sid, true);
  // Ended sessions past their cookie's expiry need no remembering.
  await db.endedSession.deleteMany({ where: { expiresAt: { lt: new Date() } } });
}
