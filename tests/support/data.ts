/** Helpers for data-layer tests: users, evenings, and a fingerprint of everything stored. */
import { randomBytes } from "node:crypto";
import { describe, inject } from "vitest";
import { getDb, readRows, sql } from "@/lib/db/client";
import { createEvening, type CreateEveningInput } from "@/lib/data/evenings";
import { gameInclude } from "@/lib/data/game-record";
import { toGameRecord } from "@/lib/data/game-record";
import type { HistoryGame } from "@/lib/stats/players";
import { createUser } from "@/lib/data/users";

/** describe() that runs when this project's database is there (it always is under CI=true). */
export const describeWithDatabase = (name: string, body: () => void) => {
  const reason = inject("skipReason");
  return describe.skipIf(Boolean(reason))(`${name} [${inject("provider")}]`, body);
};

export async function newActor(prefix = "player"): Promise<{ userId: string; username: string }> {
  const username = `${prefix}-${randomBytes(4).toString("hex")}`;
  const user = await createUser({ username, password: "correct horse battery" });
  return { userId: user.id, username: user.username };
}

export async function newEvening(actor: { userId: string }, overrides: Partial<CreateEveningInput> = {}) {
  const input: CreateEveningInput = {
    title: "Torsdagskväll",
    date: "2026-12-03",
    variant: "knektpass",
    players: ["Anna", "Bo", "Cecilia"],
    firstDealerSeat: 2,
    ...overrides,
  };
  const { id } = await createEvening(actor, input);
  const game = await getDb().game.findFirstOrThrow({ where: { eveningId: id, number: 1 }, select: { id: true } });
  return { eveningId: id, gameId: game.id };
}

/**
 * Row counts of every table, the evenings' versions and what can change in place in the other tables: equal
 * fingerprints mean nothing was written. Raw reads (fast on a database that many tests have filled), compared as
 * values.
 */
export async function fingerprint() {
  const count = (table: string) => sql([`SELECT COUNT(*) AS "n" FROM "${table}"`]);
  const tables = ["User", "Person", "Evening", "EveningMember", "EveningPlayer", "Game", "GameSeat", "Deal"];
  const more = ["DealEntry", "DealEdit", "AppliedChange"];
  const rows = await readRows<unknown[][]>(
    ...[...tables, ...more].map(count),
    sql`SELECT "id", "version", "updatedAt", "groupId" FROM "Evening" ORDER BY "id"`,
    sql`SELECT "id", "updatedAt", "groupId" FROM "RuleSet" ORDER BY "id"`,
    sql`SELECT "id", "name", "inviteToken" FROM "Group" ORDER BY "id"`,
    sql`SELECT "groupId", "userId", "admin" FROM "GroupMember" ORDER BY "groupId", "userId"`,
    sql`SELECT "id", "name", "userId", "mergedIntoId" FROM "GroupPlayer" ORDER BY "id"`,
    sql`SELECT "id", "startsOn", "endsOn" FROM "Season" ORDER BY "id"`,
  );
  // Counts as numbers (SQLite gives bigints, PostgreSQL text), dates as times: the same state reads the same.
  const plain = (value: unknown): unknown =>
    typeof value === "bigint" ? Number(value) : value instanceof Date ? value.getTime() : value;
  const names = [
    ...[...tables, ...more].map((t) => `${t} rows`),
    "evenings",
    "ruleSets",
    "groups",
    "groupMembers",
    "groupPlayers",
    "seasons",
  ];
  return Object.fromEntries(
    rows.map((list, i) => [
      names[i]!,
      (list as Record<string, unknown>[]).map((row) =>
        Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])),
      ),
    ]),
  );
}

/**
 * Every game of the user's evenings, straight from the stored deals — what the statistics cache must equal.
 * The app reads statistics from the cache (lib/data/game-summary.ts); this is the test's independent copy.
 */
export async function historyFromDeals(actor: { userId: string }): Promise<HistoryGame[]> {
  const evenings = await getDb().evening.findMany({
    where: { OR: [{ ownerId: actor.userId }, { members: { some: { userId: actor.userId } } }] },
    orderBy: [{ date: "asc" }, { createdAt: "asc" }],
    select: { id: true, variant: true, houseRules: true, games: { orderBy: { number: "asc" }, include: gameInclude } },
  });
  return evenings.flatMap((e) => e.games.map((g) => ({ eveningId: e.id, record: toGameRecord(e, g) })));
}
