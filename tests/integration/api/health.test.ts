import { expect, inject, it } from "vitest";
import { GET } from "@/app/api/health/route";
import { disconnectDb } from "@/lib/db/client";
import { describeWithDatabase } from "@/tests/support/data";

describeWithDatabase("GET /api/health", () => {
  it("answers 200 with the database kind when the database answers", async () => {
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: inject("provider") });
  });

  it("answers 503 when the database does not", async () => {
    await disconnectDb();
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL =
      inject("provider") === "postgresql" ? "postgresql://nobody@127.0.0.1:1/nothing" : "file:/dev/null/protokoll.db";
    try {
      // PostgreSQL: nothing listens on port 1. SQLite: a file that cannot be created.
      const response = await GET();
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ ok: false, db: inject("provider") });
    } finally {
      await disconnectDb();
      process.env.DATABASE_URL = saved;
    }
  });
});
