import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StatementCache } from "@/lib/db/sqlite-statements";

// The cache stands in for the better-sqlite3 connection inside Prisma's SQLite adapter, which calls
// `prepare(sql).bind(args)` then `run()`, `reader`, `columns()` or `raw().all()`, and `prepare("BEGIN").run()`.
describe("StatementCache", () => {
  let database: Database.Database;
  let cache: StatementCache;
  beforeEach(() => {
    database = new Database(":memory:");
    database.defaultSafeIntegers(true);
    cache = new StatementCache(database);
    cache.exec(`CREATE TABLE t ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL)`);
  });
  afterEach(() => cache.close());

  it("reuses one prepared statement per SQL text, with fresh arguments on every call", () => {
    const insert = `INSERT INTO t ("id", "name") VALUES (?, ?)`;
    expect(cache.prepare(insert)).toBe(cache.prepare(insert));
    expect(cache.prepare(insert).bind([1, "Anna"]).run().changes).toBe(1);
    expect(cache.prepare(insert).bind([2, "Bo"]).run().changes).toBe(1);
    const select = cache.prepare(`SELECT "id", "name" FROM t WHERE "id" >= ? ORDER BY "id"`);
    const bound = select.bind([1n]);
    expect(bound.reader).toBe(true);
    expect(bound.columns().map((c) => c.name)).toEqual(["id", "name"]);
    expect(bound.raw().all()).toEqual([
      [1n, "Anna"],
      [2n, "Bo"],
    ]);
    expect(select.bind([2n]).raw().all()).toEqual([[2n, "Bo"]]);
    expect(cache.size).toBe(2); // the insert and the select
  });

  it("runs transaction control statements and reports writes as not readers", () => {
    cache.prepare("BEGIN").run();
    const bound = cache.prepare(`INSERT INTO t ("id", "name") VALUES (?, ?)`).bind([7, "Cecilia"]);
    expect(bound.reader).toBe(false);
    bound.run();
    cache.prepare("ROLLBACK").run();
    expect(database.prepare("SELECT count(*) AS n FROM t").get()).toEqual({ n: 0n });
  });

  it("a failing statement throws the driver's error and the cache keeps working", () => {
    const insert = `INSERT INTO t ("id", "name") VALUES (?, ?)`;
    cache.prepare(insert).bind([1, "Anna"]).run();
    expect(() => cache.prepare(insert).bind([1, "Anna again"]).run()).toThrow(/UNIQUE constraint failed/);
    expect(() => cache.prepare(`SELECT * FROM missing`)).toThrow(/no such table/);
    expect(cache.prepare(insert).bind([2, "Bo"]).run().changes).toBe(1);
  });

  it("keeps a bounded number of statements, dropping the oldest", () => {
    const first = cache.prepare(`SELECT 0`);
    for (let i = 1; i <= 600; i++) cache.prepare(`SELECT ${i}`);
    expect(cache.size).toBe(500);
    expect(cache.prepare(`SELECT 0`)).not.toBe(first);
    expect(cache.prepare(`SELECT 600`).bind([]).raw().all()).toEqual([[600n]]);
  });
});
