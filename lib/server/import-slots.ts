/**
 * Imports share the server: reading, checking and writing a backup of up to 8 MB takes a core and tens of MB
 * for a second or more, so only a few run at once on one server and one per account (decision 024). The import
 * page's preview reads the same file and takes a slot too. The account's slot is taken before the file is sent
 * on (one upload or import per account at a time), the server's once it has arrived — a slow upload holds only
 * its own account's. An import past them is refused (lib/server/front-guard.ts) with 429 and Retry-After;
 * nothing of it is written.
 */
import "server-only";
import { databaseProvider } from "@/lib/db/client";

/** One per account; two at once on PostgreSQL, one on SQLite (one writer: a second import only queues behind it). */
export const IMPORT_SLOTS = { postgresql: 2, sqlite: 1, perAccount: 1, retryAfterSeconds: 5 };

const accounts = new Map<string, number>();
let running = 0;

/** Frees a slot once, however often it is called. */
function once(release: () => void): () => void {
  let released = false;
  return () => {
    if (released) return;
    released = true;
    release();
  };
}

/** `account`'s slot — its one upload or import at a time — or null when it has one already; the slot's release. */
export function takeAccountSlot(account: string): (() => void) | null {
  const mine = accounts.get(account) ?? 0;
  if (mine >= IMPORT_SLOTS.perAccount) return null;
  accounts.set(account, mine + 1);
  return once(() => {
    const left = (accounts.get(account) ?? 1) - 1;
    if (left > 0) accounts.set(account, left);
    else accounts.delete(account);
  });
}

/** One of the server's slots for an import whose file has arrived, or null when all are running; its release. */
export function takeServerSlot(): (() => void) | null {
  if (running >= (databaseProvider() === "postgresql" ? IMPORT_SLOTS.postgresql : IMPORT_SLOTS.sqlite)) return null;
  running++;
  return once(() => running--);
}
