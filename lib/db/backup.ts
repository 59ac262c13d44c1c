/**
 * Online backup of the embedded SQLite database with SQLite's backup API: a consistent copy taken while the
 * app keeps serving and writing (README "Backups"). Restore: stop the app, put the copy in place of
 * ./data/protokoll.db (and remove protokoll.db-wal and -shm), start the app.
 */
import Database from "better-sqlite3";
import { resolveDatabase } from "./config";

export async function backupSqlite(
  destination: string,
  databaseUrl = process.env.DATABASE_URL,
): Promise<{ pages: number }> {
  const config = resolveDatabase(databaseUrl);
  if (config.provider !== "sqlite")
    throw new Error("db:backup is for the embedded SQLite database; back up PostgreSQL with pg_dump.");
  const source = new Database(config.file!, { fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    const progress = await source.backup(destination);
    const copy = new Database(destination, { readonly: true });
    try {
      const check = copy.pragma("integrity_check", { simple: true });
      if (check !== "ok") throw new Error(`the backup failed its integrity check: ${String(check)}`);
    } finally {
      copy.close();
    }
    return { pages: progress.totalPages };
  } finally {
    source.close();
  }
}
