import { expect, inject, it, vi } from "vitest";
import { databaseProvider, dateColumn, getDb, readRows, sql, sqliteDirect } from "@/lib/db/client";
import { StatementCache } from "@/lib/db/sqlite-statements";
import { describeWithDatabase } from "@/tests/support/data";

describeWithDatabase("the database client", () => {
  it("talks to the database DATABASE_URL names", () => {
    expect(databaseProvider()).toBe(inject("provider"));
  });

  it("a raw read's dates are the ORM's whatever the server's time zone", async () => {
    const zone = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
    try {
      const user = await getDb().user.create({ data: { username: `tz-${Date.now()}`, passwordHash: "x" } });
      const [[row]] = await readRows<[{ createdAt: unknown }[]]>(
        sql`SELECT "createdAt" FROM "User" WHERE "id" = ${user.id}`,
      );
      expect(dateColumn(row!.createdAt).toISOString()).toBe(user.createdAt.toISOString());
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it("on SQLite, queries go through the prepared-statement cache; on PostgreSQL they don't need it", async () => {
    const prepare = vi.spyOn(StatementCache.prototype, "prepare");
    try {
      await getDb().user.count();
      await getDb().$queryRaw`SELECT 1 AS "one"`;
      if (inject("provider") === "sqlite") {
        expect(prepare).toHaveBeenCalled();
        expect(prepare.mock.calls.map(([sql]) => sql)).toContain(`SELECT 1 AS "one"`);
      } else {
        expect(prepare).not.toHaveBeenCalled();
      }
    } finally {
      prepare.mockRestore();
    }
  });

  it("on SQLite, synchronous transactions take turns with the client's own and roll back whole", async () => {
    const direct = await sqliteDirect();
    if (inject("provider") !== "sqlite") return expect(direct).toBeNull();
    const db = getDb();
    await db.$executeRaw`CREATE TABLE IF NOT EXISTS "TurnTest" ("n" INTEGER NOT NULL)`;
    await db.$executeRaw`DELETE FROM "TurnTest"`;
    // Interactive transactions that pause between statements, and synchronous ones, all at once: each
    // synchronous one sees either none or all of an interactive one's rows, and nothing fails.
    const seen: number[] = [];
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? db.$transaction(async (tx) => {
              await tx.$executeRaw`INSERT INTO "TurnTest" ("n") VALUES (1)`;
              await new Promise((r) => setTimeout(r, 5));
              await tx.$executeRaw`INSERT INTO "TurnTest" ("n") VALUES (1)`;
            })
          : direct!.transaction((d) => {
              seen.push(Number(d.all<{ c: number }>(sql`SELECT COUNT(*) AS "c" FROM "TurnTest" WHERE "n" = 1`)[0]!.c));
              d.run(sql`INSERT INTO "TurnTest" ("n") VALUES (${2})`);
            }),
      ),
    );
    const rows = await db.$queryRaw<
      { n: number; c: number }[]
    >`SELECT "n", COUNT(*) AS "c" FROM "TurnTest" GROUP BY "n"`;
    expect(rows.map((r) => [Number(r.n), Number(r.c)])).toEqual([
      [1, 20],
      [2, 10],
    ]);
    // Never half of an interactive transaction, and some of them were seen whole.
    expect(seen).toHaveLength(10);
    expect(seen.filter((count) => count % 2 === 1)).toEqual([]);
    // The same durable connection: every commit is synced (synchronous = FULL).
    const [setting] = await direct!.transaction((d) => d.all<{ synchronous: bigint }>(sql`PRAGMA synchronous`));
    expect(Number(setting!.synchronous)).toBe(2);
    await expect(
      direct!.transaction((d) => {
        d.run(sql`INSERT INTO "TurnTest" ("n") VALUES (${3})`);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await db.$queryRaw<unknown[]>`SELECT 1 FROM "TurnTest" WHERE "n" = 3`).toEqual([]);
    await db.$executeRaw`DROP TABLE "TurnTest"`;
  });
});

describeWithDatabase("a transaction whose connection dies", () => {
  // PostgreSQL only: SQLite has no connection a server can cut (its one connection is the file's).
  it.runIf(inject("provider") === "postgresql")(
    "on PostgreSQL, gives its connection back: more such transactions than the pool holds, and the app still answers",
    async () => {
      const db = getDb();
      const accounts = await db.user.count();
      // Each transaction's connection is cut by the server while the transaction is open, as a restart does.
      for (let i = 0; i < 12; i++) {
        const failed = await db
          .$transaction(async (tx) => {
            await tx.$executeRaw`SELECT pg_terminate_backend(pg_backend_pid())`;
          })
          .then(
            () => null,
            (error: unknown) => error,
          );
        expect(failed).toBeInstanceOf(Error);
      }
      const started = Date.now();
      expect(await db.user.count()).toBe(accounts);
      expect(await db.$transaction(async (tx) => tx.user.count())).toBe(accounts);
      expect(Date.now() - started).toBeLessThan(2_000);
    },
  );
});
