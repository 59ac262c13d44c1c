import "server-only";
import { databaseProvider, getDb } from "@/lib/db/client";

/** Whether the database answers, and which one it is. */
export async function checkDatabase(): Promise<{ ok: boolean; db: "sqlite" | "postgresql" }> {
  const db = databaseProvider();
  try {
    await getDb().$queryRawUnsafe("select 1");
    return { ok: true, db };
  } catch {
    return { ok: false, db };
  }
}
