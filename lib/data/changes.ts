/**
 * How a change to an evening travels (decision 007): every write that phones or share-link viewers should see
 * calls `markEveningChanged` inside its transaction, which moves the evening's version on and says what
 * changed. After the commit, whoever listens hears of it — without the data layer knowing who listens:
 * - PostgreSQL: the same transaction sends `NOTIFY`, delivered to every app instance only if it commits.
 * - SQLite (one instance): `inTransaction` calls this process's listeners after the commit.
 * Phones notice the new version (`/api/evenings/{id}/version`); the live scoreboard registers a listener.
 */
import "server-only";
import { databaseProvider, getDb, sql, type Sql, type Tx } from "@/lib/db/client";

/** What changed in an evening. */
export type EveningChange = "deals" | "game" | "evening" | "members" | "invite" | "share";

/**
 * The PostgreSQL NOTIFY channel that carries "this evening changed" to every instance; payload `<evening> <change>`,
 * or `<evening> <change> <version>` when the writer knows the version its change made (a deal, a new game: a
 * change claimed from the version it read).
 */
export const EVENING_CHANNEL = "protokoll_evening";

/** The EVENING_CHANNEL payload of a change (see there). */
export function changePayload(eveningId: string, change: EveningChange, version?: number): string {
  return version === undefined ? `${eveningId} ${change}` : `${eveningId} ${change} ${version}`;
}

/** The evening and, when its writer said, the version of an EVENING_CHANNEL payload. */
export function readChangePayload(payload: string): { eveningId: string; version?: number } {
  const [eveningId, , version] = payload.split(" ");
  return { eveningId: eveningId!, version: /^\d+$/.test(version ?? "") ? Number(version) : undefined };
}

/** `version`: the evening's version the change made, when the writer knows it (a deal). */
export type EveningListener = (eveningId: string, change: EveningChange, version?: number) => void;

// One registry per process, not per bundle: route handlers and server actions are bundled separately and each
// bundle has its own copy of this module, so the listeners live on globalThis.
const globalForChanges = globalThis as typeof globalThis & { protokollEveningListeners?: Set<EveningListener> };
function listeners(): Set<EveningListener> {
  globalForChanges.protokollEveningListeners ??= new Set();
  return globalForChanges.protokollEveningListeners;
}

/** Hears every committed change to any evening in this process (and, on PostgreSQL, see EVENING_CHANNEL). */
export function onEveningChanged(listener: EveningListener): () => void {
  listeners().add(listener);
  return () => listeners().delete(listener);
}

/** Tells this process's listeners; one that throws does not keep the others from hearing. */
export function announceEveningChange(eveningId: string, change: EveningChange, version?: number): void {
  for (const listener of listeners()) {
    try {
      listener(eveningId, change, version);
    } catch (error) {
      console.error("[changes] listener failed", error);
    }
  }
}

/** Changes marked in a transaction, announced once it commits (SQLite): what changed and the version it made. */
type Marked = Map<string, { change: EveningChange; version?: number }>;
const pending = new WeakMap<object, Marked>();

/** Runs `work` in a transaction; the evening changes it marked are announced after the commit. */
export async function inTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const marked: Marked = new Map();
  const result = await getDb().$transaction(async (tx) => {
    marked.clear(); // a retried transaction starts over
    pending.set(tx, marked);
    return work(tx);
  });
  if (databaseProvider() !== "postgresql")
    for (const [eveningId, { change, version }] of marked) announceEveningChange(eveningId, change, version);
  return result;
}

/** The statement that moves an evening's version on by one (from `expectedVersion` only, when given). */
export function versionClaim(eveningId: string, expectedVersion: number | undefined, now: Date): Sql {
  return expectedVersion === undefined
    ? sql`UPDATE "Evening" SET "version" = "version" + 1, "updatedAt" = ${now} WHERE "id" = ${eveningId}`
    : sql`
        UPDATE "Evening" SET "version" = "version" + 1, "updatedAt" = ${now}
        WHERE "id" = ${eveningId} AND "version" = ${expectedVersion}`;
}

/**
 * Marks an evening changed inside the writing transaction (opened with `inTransaction`): its version moves
 * on by one. With `expectedVersion`, only from that version — false when someone else changed the evening
 * since it was read (the check that makes validate-then-write safe when phones or instances write at once).
 */
export async function markEveningChanged(
  tx: Tx,
  eveningId: string,
  change: EveningChange,
  { expectedVersion, now = new Date() }: { expectedVersion?: number; now?: Date } = {},
): Promise<boolean> {
  if ((await tx.$executeRaw(versionClaim(eveningId, expectedVersion, now))) !== 1) return false;
  const marked = pending.get(tx);
  if (!marked) throw new Error("markEveningChanged needs a transaction opened with inTransaction");
  // Claimed from the version it expected, the change made the next one: listeners may build on what they kept.
  const version = expectedVersion === undefined ? undefined : expectedVersion + 1;
  marked.set(eveningId, { change, version });
  if (databaseProvider() === "postgresql")
    await tx.$executeRaw`SELECT pg_notify(${EVENING_CHANNEL}, ${changePayload(eveningId, change, version)})`;
  return true;
}
