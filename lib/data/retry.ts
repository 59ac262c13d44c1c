/**
 * Riding out a database that is briefly away (a PostgreSQL restart, a failover): writes are retried for a few
 * seconds, which is safe because a deal's number and client key make a repeat harmless (decision 004). If the
 * database stays away, the caller gets a clear "try again" instead of a failure.
 */
import "server-only";
import { backoffDelay } from "@/lib/runtime/backoff";
import { AppError } from "@/lib/errors";

const TRANSIENT = [
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "Connection terminated",
  "terminating connection",
  "the database system is starting up",
  "the database system is shutting down",
  "Can't reach database",
  "Client has encountered a connection error",
  "57P01",
  "57P02",
  "57P03",
  "P1001",
  "P1017",
  "DatabaseNotReachable",
  "ConnectionClosed",
  "Server has closed the connection",
  "SocketTimeout",
  // A busy database: no connection or no transaction within the wait. Nothing was written; it is safe to retry.
  "P2024",
  "P2028",
  "Unable to start a transaction in the given time",
  "Timed out fetching a new connection",
  "timeout exceeded when trying to connect",
  "TransactionStartTimeout",
];

/** How long a client is asked to wait before trying again after a 503 (Retry-After, seconds). */
export const RETRY_AFTER_SECONDS = 2;

/** Whether an error means the database could not be reached, rather than that the request was wrong. */
export function isTransientDatabaseError(error: unknown): boolean {
  if (error instanceof AppError) return false;
  // The error, its causes and the driver's error Prisma keeps beside them (`meta.driverAdapterError`: a raw
  // query on a connection the restart closed says only "Server has closed the connection" and P2010 itself).
  const parts: string[] = [];
  const seen: unknown[] = [error];
  for (let i = 0; i < seen.length && i < 10; i++) {
    const o = seen[i] as { message?: unknown; code?: unknown; kind?: unknown; cause?: unknown; meta?: unknown };
    if (!o || typeof o !== "object") continue;
    parts.push(String(o.message ?? ""), String(o.code ?? ""), String(o.kind ?? ""));
    seen.push(o.cause, (o.meta as { driverAdapterError?: unknown } | undefined)?.driverAdapterError);
  }
  const text = parts.join(" ");
  return TRANSIENT.some((marker) => text.includes(marker));
}

export const UNAVAILABLE = () => new AppError("unavailable", { key: "errors.unavailable" });

/** Runs `work`, retrying while the database is unreachable, for up to `budgetMs`. */
export async function withDatabaseRetry<T>(work: () => Promise<T>, budgetMs = 8_000): Promise<T> {
  const deadline = Date.now() + budgetMs;
  for (let failures = 1; ; failures++) {
    try {
      return await work();
    } catch (error) {
      if (!isTransientDatabaseError(error)) throw error;
      // A database that restarts is back within a second or two: try soon, then every second.
      const delay = backoffDelay({ firstMs: 100, maxMs: 1_000 }, failures);
      if (Date.now() + delay > deadline) throw UNAVAILABLE();
      await new Promise((r) => setTimeout(r, delay));
    }
  }
}
