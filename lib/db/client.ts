/**
 * The one Prisma client of the process (docs/conventions.md 3), for the provider DATABASE_URL names. In the app only
 * the data layer (lib/data/) imports it; scripts, benchmarks and tests use it to set up and inspect databases.
 * Both generated clients come from the same models, so they share one API; the SQLite client's type stands for
 * both. The SQLite connection goes through lib/db/sqlite-statements.ts, which reuses prepared statements.
 */
import "server-only";
import { createHash } from "node:crypto";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import Database from "better-sqlite3";
import pg from "pg";
import { PrismaClient as PostgresClient } from "@/lib/generated/postgresql/client";
import { PrismaClient as SqliteClient } from "@/lib/generated/sqlite/client";
import { ensureDatabaseFolder, resolveDatabase, type Provider } from "./config";
import { withConnectionRelease } from "./postgres-transactions";
import { withStatementCache, type SqliteDirect } from "./sqlite-statements";
import type { Sql } from "@/lib/generated/sqlite/internal/prismaNamespace";

export type Db = SqliteClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

interface Connection {
  db: Db;
  provider: Provider;
  /** SQLite: synchronous transactions on the client's own connection, once it is open. */
  direct?: SqliteDirect;
  /** SQLite: settled once the connection is open and set up (synchronous = FULL). */
  ready?: Promise<void>;
  /** PostgreSQL: a few connections of the driver's own, for reads of many rows (readRows) and the hot write. */
  reads?: pg.Pool;
}

/**
 * The ORM stores a DateTime as its UTC time in a column without a zone; the driver would read such a value as the
 * process's local time. Read as UTC, a raw read's dates are the ORM's whatever the server's time zone.
 */
const utcTimestamps = {
  getTypeParser: ((oid: number, format?: string) =>
    oid === pg.types.builtins.TIMESTAMP && format !== "binary"
      ? (value: string) => new Date(`${value.replace(" ", "T")}Z`)
      : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
};

const globalForDb = globalThis as typeof globalThis & { protokollDb?: Connection };

function connect(): Connection {
  const config = resolveDatabase();
  if (config.provider === "postgresql") {
    const adapter = withConnectionRelease(
      new PrismaPg({ connectionString: config.url, max: 10, connectionTimeoutMillis: 5_000 }),
    );
    const reads = new pg.Pool({
      connectionString: config.url,
      max: 5,
      connectionTimeoutMillis: 5_000,
      types: utcTimestamps,
    });
    reads.on("error", (error) => console.error("[db] idle read connection", error)); // it reconnects when next used
    return { db: new PostgresClient({ adapter }) as unknown as Db, provider: "postgresql", reads };
  }
  ensureDatabaseFolder(config);
  // WAL lets readers work while a deal is written, and survives a crash without losing committed deals.
  // journal_mode is stored in the file, so setting it once per process on a short-lived handle is enough.
  const setup = new Database(config.file!);
  setup.pragma("journal_mode = WAL");
  setup.close();
  const connection: Connection = { db: null as unknown as Db, provider: "sqlite" };
  const adapter = withStatementCache(
    new PrismaBetterSQLite3({ url: config.url, timeout: 5_000 }),
    (direct) => (connection.direct = direct),
  );
  const db = new SqliteClient({ adapter });
  connection.db = db;
  // In WAL mode this SQLite build defaults to synchronous=NORMAL, which can lose the last commits on power
  // loss. FULL makes every acknowledged deal durable. A page cache of up to 64 MiB (the default is 2 MiB)
  // keeps a long history's summaries and indexes in memory between requests: the statistics pages read
  // thousands of rows (bench:history). The client runs statements in order on its one connection, so these
  // come before any query the app sends.
  connection.ready = Promise.all([
    db.$executeRawUnsafe("PRAGMA synchronous = FULL"),
    db.$executeRawUnsafe("PRAGMA cache_size = -65536"),
  ]).then(
    () => undefined,
    (error) => console.error("[db] PRAGMA", error),
  );
  return connection;
}

function connection(): Connection {
  globalForDb.protokollDb ??= connect();
  return globalForDb.protokollDb;
}

/** Which database this process talks to, for the few statements written out per dialect. */
export function databaseProvider(): Provider {
  return connection().provider;
}

/**
 * SQLite: runs `work` as one synchronous transaction on the client's connection (lib/db/sqlite-statements.ts);
 * null on PostgreSQL. For the few hot paths whose statements are written out (decision 005).
 */
export async function sqliteDirect(): Promise<SqliteDirect | null> {
  const current = connection();
  if (current.provider !== "sqlite") return null;
  // Opening the connection is the setup's first statement; the direct transactions come after it.
  if (!current.direct) await current.ready;
  return current.direct ?? null;
}

/**
 * The rows of raw queries, straight from the database's driver, without the client's per-row work: for reads of
 * thousands of rows (bench:history). On SQLite one snapshot, read synchronously on the client's connection; on
 * PostgreSQL through a small pool of the driver's own. Values come as each driver gives them: integers may be
 * bigints (SQLite) or text (PostgreSQL's bigint), JSON columns text on SQLite and parsed on PostgreSQL.
 */
export async function readRows<R extends unknown[][]>(...queries: Sql[]): Promise<R> {
  const direct = await sqliteDirect();
  if (direct) return direct.read((db) => queries.map((query) => db.all(query))) as Promise<R>;
  const pool = connection().reads;
  if (pool)
    return Promise.all(
      queries.map(async (query) => (await pool.query({ text: query.text, values: query.values })).rows),
    ) as Promise<R>;
  // A client made elsewhere (scripts, benchmarks) without the driver's own connection.
  return Promise.all(queries.map((query) => getDb().$queryRaw(query))) as Promise<R>;
}

/** A JSON column's value from a raw query: SQLite hands it over as text, PostgreSQL already parsed. */
export function jsonColumn(value: unknown): unknown {
  return typeof value === "string" ? JSON.parse(value) : value;
}

/** A date column from a raw query: SQLite hands over the ISO text the ORM wrote, PostgreSQL a Date. */
export function dateColumn(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

/**
 * PostgreSQL: one statement on the driver's own pool, outside any transaction (atomic by itself, one round trip):
 * the hot write (decision 005). Returns how many rows it gave back. `prepared`: for a statement run again and again
 * (a deal): the database parses and plans it once per connection instead of on every run.
 */
export async function runStatement(query: Sql, { prepared = false } = {}): Promise<number> {
  const pool = connection().reads;
  if (!pool) throw new Error("runStatement is for PostgreSQL");
  // Prepared: parsed and planned once per connection, named after its text (the same text, the same statement).
  const name = prepared ? `p${createHash("sha1").update(query.text).digest("hex").slice(0, 20)}` : undefined;
  return (await pool.query({ name, text: query.text, values: query.values })).rowCount ?? 0;
}

/** Building blocks for raw statements (the same runtime serves both generated clients). */
export { DbNull, empty, join, sql, type Sql } from "@/lib/generated/sqlite/internal/prismaNamespace";

export function getDb(): Db {
  return connection().db;
}

/** Closes the connection (tests and scripts). */
export async function disconnectDb(): Promise<void> {
  const current = globalForDb.protokollDb;
  globalForDb.protokollDb = undefined;
  await Promise.all([current?.db.$disconnect(), current?.reads?.end()]);
}
