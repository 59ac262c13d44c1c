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
  constructor(private readonly statement: Statement<Args>) {}
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
  close(): void {
    this.statements.clear();
    this.database.close();
  }
  get size(): number {
    return this.statements.size;
  }
}

/** The adapter factory with its connection's statements reused. */
export function withStatementCache(factory: SqlDriverAdapterFactory): SqlDriverAdapterFactory {
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect(): Promise<SqlDriverAdapter> {
      const adapter = await factory.connect();
      // The adapter and the transactions it starts reach the driver only through this property (adapter
      // 6.19, pinned). Should a later adapter keep its connection elsewhere, it runs as it comes.
      const holder = adapter as unknown as { client?: Database | StatementCache };
      if (holder.client && !(holder.client instanceof StatementCache) && typeof holder.client.prepare === "function") {
        holder.client = new StatementCache(holder.client);
      }
      return adapter;
    },
  };
}
