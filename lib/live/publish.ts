/**
 * Tells every app instance that an evening changed, after the change is committed. PostgreSQL: NOTIFY, which
 * every instance LISTENs to (lib/live/hub.ts). SQLite (one instance): straight to this process's hub.
 */
import "server-only";
import { getDb } from "@/lib/db/client";
import { resolveDatabase } from "@/lib/db/config";
import { EVENING_CHANNEL, liveHub } from "./hub";

export async function publishEveningChange(eveningId: string): Promise<void> {
  if (resolveDatabase().provider === "postgresql") {
    try {
      await getDb().$executeRaw`SELECT pg_notify(${EVENING_CHANNEL}, ${eveningId})`;
      return;
    } catch (error) {
      // The change is committed; at least this instance's viewers hear of it.
      console.error("[live] NOTIFY failed", error);
    }
  }
  liveHub().changed(eveningId);
}
