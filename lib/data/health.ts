import "server-only";
import { resolveDatabase } from "@/lib/db/config";
import { getDb } from "@/lib/db/client";

/** Whether the database answers, and which one it is. Never throws: a failure is `ok: false`. */
export async function checkDatabase(): Promise<{ ok: boolean; db: "sqlite" | "postgresql" }> {
  const db = resolveDatabase().provider;
  try {
    await getDb().$queryRawUnsafe("select 1");
    return { ok: true, db };
  } catch {
    return { ok: false, db };
  }
}
