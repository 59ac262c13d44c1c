import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { expect, inject, it } from "vitest";
import { backupSqlite } from "@/lib/db/backup";
import { getDb } from "@/lib/db/client";
import { recordDeal } from "@/lib/data/deals";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";
import { lone } from "@/tests/support/records";

// Each provider gets the tests that concern it (registered, not skipped, so nothing reads as skipped).
const sqlite = inject("provider") === "sqlite";

describeWithDatabase("durability and backups", () => {
  if (sqlite)
    it("the embedded database commits durably: WAL with synchronous FULL", async () => {
      const [journal] = await getDb().$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
      const [sync] = await getDb().$queryRawUnsafe<{ synchronous: bigint | number }[]>("PRAGMA synchronous");
      expect(journal!.journal_mode).toBe("wal");
      expect(Number(sync!.synchronous)).toBe(2);
    });

  if (sqlite)
    it("a backup taken while deals are being recorded is complete up to its start and passes an integrity check", async () => {
      const owner = await newActor("backup");
      const { gameId } = await newEvening(owner, { houseRules: { startScore: 500 } });
      for (let n = 1; n <= 5; n++) await recordDeal(owner, { gameId, number: n, entries: lone("Anna") });
      // Keep writing while the backup runs.
      const writing = (async () => {
        for (let n = 6; n <= 25; n++) await recordDeal(owner, { gameId, number: n, entries: lone("Bo") });
      })();
      const file = join(mkdtempSync(join(tmpdir(), "protokoll-backup-")), "backup.db");
      const { pages } = await backupSqlite(file);
      await writing;
      expect(pages).toBeGreaterThan(0);
      const copy = new Database(file, { readonly: true });
      const deals = (copy.prepare('SELECT count(*) AS n FROM "Deal" WHERE "gameId" = ?').get(gameId) as { n: number })
        .n;
      const numbers = copy.prepare('SELECT "number" FROM "Deal" WHERE "gameId" = ? ORDER BY "number"').all(gameId) as {
        number: number;
      }[];
      copy.close();
      expect(deals).toBeGreaterThanOrEqual(5);
      expect(deals).toBeLessThanOrEqual(25);
      expect(numbers.map((r) => r.number)).toEqual(numbers.map((_, i) => i + 1));
    });

  if (!sqlite)
    it("PostgreSQL refuses the SQLite backup command with a pointer to pg_dump", async () => {
      await expect(backupSqlite("/tmp/never.db")).rejects.toThrow(/pg_dump/);
    });
});
