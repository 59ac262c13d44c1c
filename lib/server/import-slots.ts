/**
 * Imports share the server: reading, checking and writing a backup of up to 8 MB takes a core and tens of MB
 * for a second or more, so only a few run at once on one server and one per account (decision 024). The import
 * page's preview reads the same file and takes a slot too. An import past them is refused before its body is
 * read (lib/server/front-guard.ts), with 429 and Retry-After; nothing of it is written.
 */
import "server-only";

import { databaseProvider } from "@/lib/db/client";

/** One per account; two at once on PostgreSQL, one on SQLite (one writer: a second import only queues behind it). */
export const IMPORT_SLOTS = { postgresql: 2, sqlite: 1, perAccount: 1, retryAfterSeconds: 5 };

function overall(): number {
  return databaseProvider() === "postgresql" ? IMPORT_SLOTS.postgresql : IMPORT_SLOTS.sqlite;
}

const byAccount = new Map<string, number>();
let running = 0;

/** A slot for `account`'s import, or null when it or the server runs as many as it may; the slot's release. */
export function takeImportSlot(account: string): (() => void) | null {
  const mine = byAccount.get(account) ?? 0;
  if (running >= overall() || mine >= IMPORT_SLOTS.perAccount) return null;
  running++;
  byAccount.set(account, mine + 1);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    running--;
    const left = (byAccount.get(account) ?? 1) - 1;
    if (left > 0) byAccount.set(account, left);
    else byAccount.delete(account);
  };
}
