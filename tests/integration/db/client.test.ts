import { expect, inject, it, vi } from "vitest";
import { databaseProvider, getDb } from "@/lib/db/client";
import { StatementCache } from "@/lib/db/sqlite-statements";
import { describeWithDatabase } from "@/tests/support/data";

describeWithDatabase("the database client", () => {
  it("talks to the database DATABASE_URL names", () => {
    expect(databaseProvider()).toBe(inject("provider"));
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
});
