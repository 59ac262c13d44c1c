import "server-only";
import { resolveDatabase } from "@/lib/db/config";
import { getDb } from "@/lib/db/client";
import { withDatabaseRetry } from "./retry";

/**
 * How long a connection error is retried before the answer is "not ok". Right after a PostgreSQL restart
 * the pool can still hand out a connection that died with it; the next one works, and the database does
 * answer, so that is not a failure.
 */
const RETRY_MS = 2_000;

/** Whether the database answers, and which one it is. Never throws: a failure is `ok: false`. */
export async function checkDatabase(): Promise<{ ok: boolean; db: "sqlite" | "postgresql" }> {
  const db = resolveDatabase().provider;
  try {
    await withDatabaseRetry(() => getDb().$queryRawUnsafe("select 1"), RETRY_MS);
    return { ok: true, db };
  } catch {
    return { ok: false, db };
  }
}
