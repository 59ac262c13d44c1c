/**
 * Prepared-statement reuse for the SQLite driver adapter. The adapter prepares every query afresh; a
 * prepared statement is a native object the garbage collector keeps until a full collection, so recording
 * deals left thousands of them (and their SQL text) to be copied through every young-generation collection.
 * Wrapping the adapter's better-sqlite3 connection so that `prepare` returns one cached statement per SQL
 * text makes the queries cheaper and the collections short (bench:deal). Only the calls the adapter makes
 * are provided: `prepare(sql).run()`, `prepare(sql).bind(args)` then `run` / `reader` / `columns` /
 * `raw().all()`, plus `exec` and `close`.
 */
import type { SqlDriverAdapter, SqlDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { Database, Statement } from "better-sqlite3";

/** Distinct SQL texts kept prepared; the app sends a few dozen shapes, lists of ids vary in length. */
const MAX_STATEMENTS = 500;

type Args = unknown[];

/** What the adapter does with the result of `prepare(sql).bind(args)`. */
class BoundStatement {
  constructor(
    private readonly statement: Statement<Args>,
    private readonly args: Args,
  ) {}
  get reader(): boolean {
    return this.statement.reader;
  }
  run() {
    return this.statement.run(this.args);
  }
  columns() {
    return this.statement.columns();
  }
  raw() {
    return { all: () => this.statement.raw(true).all(this.args) };
  }
}

class CachedStatement {
  constructor(readonly statement: Statement<Args>) {}
  bind(args: Args): BoundStatement {
    return new BoundStatement(this.statement, args);
  }
  run() {
    return this.statement.run();
  }
}

/** A stand-in for the adapter's connection whose `prepare` reuses statements. */
export class StatementCache {
  private readonly statements = new Map<string, CachedStatement>();
  constructor(private readonly database: Database) {}

  prepare(sql: string): CachedStatement {
    let cached = this.statements.get(sql);
    if (!cached) {
      cached = new CachedStatement(this.database.prepare<Args>(sql));
      if (this.statements.size >= MAX_STATEMENTS) this.statements.delete(this.statements.keys().next().value!);
      this.statements.set(sql, cached);
    }
    return cached;
  }
  exec(sql: string): void {
    this.database.exec(sql);
  }
  /** Rows of a query as objects, with the values bound as the adapter binds them (the same cached statement). */
  all<R>({ sql, values }: Query): R[] {
    // The adapter reads rows as arrays (`raw(true)`), which stays set on the statement: objects here.
    return this.prepare(sql).statement.raw(false).all(values.map(toSqlite)) as R[];
  }
  /** Runs a statement; the number of rows it changed. */
  run({ sql, values }: Query): number {
    return this.prepare(sql).statement.run(values.map(toSqlite)).changes;
  }
  close(): void {
    this.statements.clear();
    this.database.close();
  }
  get size(): number {
    return this.statements.size;
  }
}

/** A statement with its values, as Prisma's `sql` template makes it (`?` placeholders). */
export interface Query {
  sql: string;
  values: unknown[];
}

/** A value as the adapter stores it (DateTime as ISO 8601 text with an explicit UTC offset, booleans as 0/1). */
function toSqlite(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString().replace("Z", "+00:00");
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/** Statements of a synchronous transaction on the app's own connection. */
export interface DirectStatements {
  all<R>(query: Query): R[];
  run(query: Query): number;
}

/**
 * Synchronous transactions on the connection the Prisma client uses: a hot path's whole write in one turn of
 * the event loop, without the client's per-statement work (bench:deal). They take turns with the client's
 * own transactions through one lock; statements the client runs outside a transaction cannot come between
 * a synchronous transaction's statements, because nothing else runs while it does.
 */
export class SqliteDirect {
  private last: Promise<void> = Promise.resolve();
  constructor(private readonly connection: StatementCache) {}

  /** Waits for the transaction running now, if any; returns the function that lets the next one start. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const turn = this.last.then(() => release);
    this.last = this.last.then(() => done);
    return turn;
  }

  /** Runs `work` between BEGIN IMMEDIATE and COMMIT, or rolls back if it throws. */
  transaction<T>(work: (db: DirectStatements) => T): Promise<T> {
    return this.run("BEGIN IMMEDIATE", work);
  }

  /** Runs reads as one snapshot (a deferred transaction: other processes' writers are not held up). */
  read<T>(work: (db: DirectStatements) => T): Promise<T> {
    return this.run("BEGIN", work);
  }

  private async run<T>(begin: string, work: (db: DirectStatements) => T): Promise<T> {
    const release = await this.acquire();
    try {
      this.connection.exec(begin);
      try {
        const result = work(this.connection);
        this.connection.exec("COMMIT");
        return result;
      } catch (error) {
        this.connection.exec("ROLLBACK");
        throw error;
      }
    } finally {
      release();
    }
  }
}

interface TransactionLike {
  commit(): Promise<void>;
  rollback(): Promise<void>;
}

/**
 * The adapter factory with its connection's statements reused; `onDirect` receives the connection's
 * synchronous transactions, and the adapter's own transactions take the same lock.
 */
export function withStatementCache(
  factory: SqlDriverAdapterFactory,
  onDirect?: (direct: SqliteDirect) => void,
): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect(): Promise<SqlDriverAdapter> {
      const adapter = await factory.connect();
      // The adapter and the transactions it starts reach the driver only through this property (adapter
      // 6.19, pinned). Should a later adapter keep its connection elsewhere, it runs as it comes.
      const holder = adapter as unknown as { client?: Database | StatementCache };
      if (holder.client && !(holder.client instanceof StatementCache) && typeof holder.client.prepare === "function") {
        const cache = new StatementCache(holder.client);
        holder.client = cache;
        const direct = new SqliteDirect(cache);
        const start = adapter.startTransaction.bind(adapter);
        adapter.startTransaction = async (...args) => {
          const release = await direct.acquire();
          try {
            const tx = await start(...args);
            const own = tx as unknown as TransactionLike;
            const commit = own.commit.bind(tx);
            const rollback = own.rollback.bind(tx);
            own.commit = () => commit().finally(release);
            own.rollback = () => rollback().finally(release);
            return tx;
          } catch (error) {
            release();
            throw error;
          }
        };
        onDirect?.(direct);
      }
      return adapter;
    },
  };
}
