/**
 * A fix for an upstream bug in @prisma/client 6.19 with @prisma/adapter-pg 6.19 (both pinned): when the
 * connection of an interactive transaction dies (PostgreSQL restarted, a failover, a network cut), the client's
 * transaction manager sends `ROLLBACK` (or `COMMIT`) on it, that fails, and the adapter's `rollback()` — which
 * gives the connection back to the pool — is never called. Each such transaction keeps one of the pool's
 * connections for ever; after a restart under load every connection is kept, and every later request waits
 * for one until it times out ("timeout exceeded when trying to connect") although the database is back.
 *
 * Here a transaction whose `COMMIT` or `ROLLBACK` fails gives its connection back at once, marked as broken so
 * the pool closes it instead of handing it out again. `bench:soak` restarts PostgreSQL under load and checks
 * that the app answers again afterwards.
 */
import "server-only";
import type { SqlDriverAdapter, SqlDriverAdapterFactory, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";

/** What the adapter's transaction holds (adapter-pg 6.19): its pooled connection and a listener to remove. */
interface PgTransactionLike {
  client?: { release(error?: Error | boolean): void; on?(event: "error", listener: () => void): void };
  cleanup?: () => void;
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

const ENDS = new Set(["COMMIT", "ROLLBACK"]);

function releasingOnFailure(tx: Transaction): Transaction {
  const own = tx as unknown as PgTransactionLike;
  if (!own.client || typeof own.client.release !== "function") return tx; // a later adapter: as it comes
  let released = false;
  const release = (error?: Error) => {
    if (released) return;
    released = true;
    // The dead connection may still report its end (PostgreSQL's "terminating connection") once the
    // transaction's own listener is gone: heard here, not thrown as an uncaught exception.
    own.client!.on?.("error", () => undefined);
    own.cleanup?.();
    own.client!.release(error ?? true);
  };
  const executeRaw = tx.executeRaw.bind(tx);
  tx.executeRaw = async (query: SqlQuery) => {
    try {
      return await executeRaw(query);
    } catch (error) {
      if (ENDS.has(query.sql)) release(error instanceof Error ? error : new Error(String(error)));
      throw error;
    }
  };
  const commit = own.commit.bind(tx);
  const rollback = own.rollback.bind(tx);
  own.commit = async () => {
    if (released) return;
    released = true;
    await commit();
  };
  own.rollback = async () => {
    if (released) return;
    released = true;
    await rollback();
  };
  return tx;
}

/** The adapter factory with transactions that never keep a dead connection from the pool. */
export function withConnectionRelease(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect(): Promise<SqlDriverAdapter> {
      const adapter = await factory.connect();
      const start = adapter.startTransaction.bind(adapter);
      adapter.startTransaction = async (...args) => releasingOnFailure(await start(...args));
      return adapter;
    },
  };
}
