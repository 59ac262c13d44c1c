/**
 * Driver adapters for the Prisma CLI only (migrate deploy/status, db push), with the workarounds for known
 * upstream bugs of Prisma 6.19's JavaScript schema engine. The app itself connects in lib/db/client.ts.
 */
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { ensureDatabaseFolder, type DatabaseConfig } from "../lib/db/config";

const PG_NAME = 19;
const PG_CHAR = 18;
const PG_TEXT = 25;

type QueryResultLike = { fields?: { dataTypeID: number }[] } | undefined;

/**
 * prisma/orm#27403: `migrate deploy`, `db push` and `migrate status` on PostgreSQL fail with "Column type
 * 'name' could not be deserialized" because adapter-pg cannot map the catalog types `name` (OID 19) and
 * `"char"` (OID 18). pg already returns both as strings, so report them as `text` (OID 25).
 */
function reportCatalogTypesAsText(result: QueryResultLike | QueryResultLike[]): void {
  for (const r of Array.isArray(result) ? result : [result]) {
    for (const field of r?.fields ?? []) {
      if (field.dataTypeID === PG_NAME || field.dataTypeID === PG_CHAR) field.dataTypeID = PG_TEXT;
    }
  }
}

class CatalogAsTextClient extends pg.Client {
  // pg's query has many overloads (promise or callback); patch the result on either path.
  query(...args: unknown[]): never {
    const last = args[args.length - 1];
    if (typeof last === "function") {
      args[args.length - 1] = (error: unknown, result: QueryResultLike) => {
        if (!error) reportCatalogTypesAsText(result);
        (last as (e: unknown, r: unknown) => void)(error, result);
      };
    }
    const returned = (super.query as (...a: unknown[]) => unknown)(...args);
    if (returned && typeof (returned as Promise<unknown>).then === "function") {
      return (returned as Promise<QueryResultLike>).then((result) => {
        reportCatalogTypesAsText(result);
        return result;
      }) as never;
    }
    return returned as never;
  }
}

/**
 * The schema engine arms a 10 s timer that outlives the command, so `migrate deploy` on PostgreSQL (and
 * `migrate dev`/`reset`) linger 10–60 s after finishing. Unref long timers in the CLI process: they still
 * fire while the command works, but no longer hold the finished process open.
 */
function unrefLongTimers(): void {
  const original = globalThis.setTimeout;
  if ((original as { unrefsLong?: boolean }).unrefsLong) return;
  const patched = ((handler: (...args: unknown[]) => void, ms?: number, ...args: unknown[]) => {
    const timer = original(handler, ms, ...args);
    if ((ms ?? 0) >= 10_000) timer.unref?.();
    return timer;
  }) as typeof setTimeout;
  Object.assign(patched, original, { unrefsLong: true });
  globalThis.setTimeout = patched;
}

export function cliAdapter(config: DatabaseConfig) {
  unrefLongTimers();
  if (config.provider === "postgresql") {
    const pool = new pg.Pool({
      connectionString: config.url,
      Client: CatalogAsTextClient,
      // The CLI's pool otherwise keeps the process alive ≈ 10 s after every command.
      allowExitOnIdle: true,
      idleTimeoutMillis: 200,
    });
    return new PrismaPg(pool);
  }
  ensureDatabaseFolder(config);
  return new PrismaBetterSQLite3({ url: config.url });
}
