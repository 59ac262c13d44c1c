/** Helpers for data-layer tests: users, evenings, and a fingerprint of everything stored. */
import { randomBytes } from "node:crypto";
import { describe, inject } from "vitest";
import { getDb } from "@/lib/db/client";
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

/** Row counts of every table and the evenings' versions: equal fingerprints mean nothing was written. */
export async function fingerprint() {
  const db = getDb();
  const [
    users,
    people,
    evenings,
    members,
    players,
    games,
    seats,
    deals,
    entries,
    edits,
    versions,
    ruleSets,
    groups,
    groupMembers,
    groupPlayers,
    seasons,
  ] = await Promise.all([
    db.user.count(),
    db.person.count(),
    db.evening.count(),
    db.eveningMember.count(),
    db.eveningPlayer.count(),
    db.game.count(),
    db.gameSeat.count(),
    db.deal.count(),
    db.dealEntry.count(),
    db.dealEdit.count(),
    db.evening.findMany({ select: { id: true, version: true, updatedAt: true }, orderBy: { id: "asc" } }),
    db.ruleSet.findMany({ select: { id: true, updatedAt: true }, orderBy: { id: "asc" } }),
    db.group.findMany({ select: { id: true, name: true, inviteToken: true }, orderBy: { id: "asc" } }),
    db.groupMember.findMany({
      select: { groupId: true, userId: true, admin: true },
      orderBy: [{ groupId: "asc" }, { userId: "asc" }],
    }),
    db.groupPlayer.findMany({
      select: { id: true, name: true, userId: true, mergedIntoId: true },
      orderBy: { id: "asc" },
    }),
    db.season.findMany({ select: { id: true, startsOn: true, endsOn: true }, orderBy: { id: "asc" } }),
  ]);
  return {
    users,
    people,
    evenings,
    members,
    players,
    games,
    seats,
    deals,
    entries,
    edits,
    versions,
    ruleSets,
    groups,
    groupMembers,
    groupPlayers,
    seasons,
  };
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
