/**
 * Fresh test databases built from the committed migrations, for both providers. PostgreSQL comes from
 * TEST_POSTGRES_URL (default: the machine's server on 127.0.0.1:5432); when it does not answer, tests skip
 * locally and fail under CI=true.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import pg from "pg";

export const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
export const POSTGRES_HOW_TO =
  "PostgreSQL is not reachable at " +
  POSTGRES_ADMIN_URL +
  ": start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_POSTGRES_URL.";

export function migrate(databaseUrl: string): void {
  const run = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  if (run.status !== 0)
    throw new Error(`prisma migrate deploy failed for ${databaseUrl}:\n${run.stdout}\n${run.stderr}`);
}

export function freshSqliteUrl(): string {
  const url = `file:${join(mkdtempSync(join(tmpdir(), "protokoll-db-")), "test.db")}`;
  migrate(url);
  return url;
}

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty PostgreSQL database, migrates it, and returns its URL and a function that drops it. */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `protokoll_test_${randomBytes(6).toString("hex")}`;
  await admin((c) => c.query(`create database ${name}`));
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  migrate(url.toString());
  return {
    url: url.toString(),
    drop: () => admin((c) => c.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
