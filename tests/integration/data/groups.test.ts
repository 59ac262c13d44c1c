import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { startGame } from "@/lib/data/evenings";
import {
  createGroup,
  deleteGroup,
  joinGroup,
  leaveGroup,
  linkGroupPlayer,
  mergeGroupPlayers,
  moveEvening,
  removeGroupMember,
  renameGroupPlayer,
  setGroupAdmin,
  splitGroupPlayer,
} from "@/lib/data/groups";
import { listHistory } from "@/lib/data/history";
import { exportAll, importEvenings } from "@/lib/data/transfer";
import { createRuleSet, deleteRuleSet, getRuleSet, listRuleSets, updateRuleSet } from "@/lib/data/rule-sets";
import { createSeason, recordsView, seasonView } from "@/lib/data/seasons";
import { AppError } from "@/lib/errors";
import { describeWithDatabase, newActor, newEvening as anEvening } from "@/tests/support/data";

const refusal = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
};

async function groupOf(admin: { userId: string }, ...members: { userId: string }[]) {
  const { id } = await createGroup(admin, "Torsdagsgänget");
  const { inviteToken } = await getDb().group.findUniqueOrThrow({ where: { id }, select: { inviteToken: true } });
  for (const m of members) await joinGroup(m, inviteToken);
  return id;
}

/** A game won on its first deal by `who` alone (Knektpass from 5). */
async function loneWin(actor: { userId: string }, gameId: string, players: string[], who: string) {
  await recordDeal(actor, {
    gameId,
    number: 1,
    entries: Object.fromEntries(players.map((p) => [p, { plays: p === who }])),
  });
}

const five = { houseRules: { startScore: 5 } };
const newEvening = (actor: { userId: string }, overrides: Parameters<typeof anEvening>[1]) =>
  anEvening(actor, { firstDealerSeat: 0, ...overrides });

describeWithDatabase("groups", () => {
  it("two hosts, one history: every member sees the group's evenings, seats the group's players and may record", async () => {
    const anna = await newActor("anna");
    const bo = await newActor("bo");
    const stranger = await newActor("stranger");
    const groupId = await groupOf(anna, bo);
    const players = ["Anna", "Bo", "Dag"];
    const first = await newEvening(anna, { ...five, groupId, players, date: "2026-03-05" });
    // Bo hosts next week, typing "dag" — the group's Dag.
    const second = await newEvening(bo, { ...five, groupId, players: ["anna", "Bo", "dag"], date: "2026-03-12" });
    expect((await getEvening(bo, second.eveningId)).games[0]!.record.players).toEqual(["Anna", "Bo", "Dag"]);
    expect(await getDb().groupPlayer.count({ where: { groupId } })).toBe(3);
    // Read before the games are won (the season's folded games are kept), and again after: the deals show at once.
    expect((await seasonView(anna, groupId, "knektpass", "2026")).table.every((r) => r.wins === 0)).toBe(true);
    // Each sees both evenings and may record at the other's table; a stranger sees neither.
    expect((await listHistory(anna)).items.map((e) => e.id)).toEqual([second.eveningId, first.eveningId]);
    expect((await listHistory(bo)).items.map((e) => e.id)).toEqual([second.eveningId, first.eveningId]);
    await loneWin(bo, first.gameId, players, "Dag");
    await loneWin(anna, second.gameId, players, "Dag");
    expect((await listHistory(stranger)).items).toEqual([]);
    expect((await refusal(getEvening(stranger, first.eveningId))).code).toBe("not_found");
    // The evening shows its group.
    expect((await getEvening(bo, first.eveningId)).group).toMatchObject({ id: groupId, name: "Torsdagsgänget" });
    // The season table counts both hosts' evenings as one history.
    const season = await seasonView(anna, groupId, "knektpass", "2026");
    expect(season.table.map((r) => [r.player, r.wins, r.evenings])).toEqual([
      ["Dag", 2, 2],
      ["Anna", 0, 2],
      ["Bo", 0, 2],
    ]);
  });

  it("moving an evening in matches its players by name and adds new ones; moving it out gives it back", async () => {
    const anna = await newActor("anna");
    const bo = await newActor("bo");
    const groupId = await groupOf(anna, bo);
    await newEvening(anna, { groupId, players: ["Anna", "Bo"] });
    const own = await newEvening(anna, { players: ["ANNA", "Bo", "Gun"] });
    expect((await refusal(getEvening(bo, own.eveningId))).code).toBe("not_found");
    // Only the owner moves it, and only into a group of theirs.
    expect((await refusal(moveEvening(bo, own.eveningId, groupId))).code).toBe("not_found");
    const other = await newActor("other");
    const otherGroup = (await createGroup(other, "Andra")).id;
    expect((await refusal(moveEvening(anna, own.eveningId, otherGroup))).code).toBe("not_found");
    await moveEvening(anna, own.eveningId, groupId);
    const seats = await getDb().eveningPlayer.findMany({
      where: { eveningId: own.eveningId },
      select: { name: true, groupPlayer: { select: { name: true } } },
      orderBy: { name: "asc" },
    });
    // "ANNA" is the group's Anna (the sheet keeps what was written); Gun is new to the group.
    expect(seats.map((s) => [s.name, s.groupPlayer?.name])).toEqual([
      ["ANNA", "Anna"],
      ["Bo", "Bo"],
      ["Gun", "Gun"],
    ]);
    expect((await getEvening(bo, own.eveningId)).role).toBe("member");
    await moveEvening(anna, own.eveningId, null);
    expect((await refusal(getEvening(bo, own.eveningId))).code).toBe("not_found");
    expect(
      await getDb().eveningPlayer.count({ where: { eveningId: own.eveningId, groupPlayerId: { not: null } } }),
    ).toBe(0);
  });

  it("a merge reads two names as one person in the season table and the records, and is undone by a split", async () => {
    const anna = await newActor("anna");
    const bo = await newActor("bo");
    const groupId = await groupOf(anna, bo);
    const e1 = await newEvening(anna, { ...five, groupId, players: ["Anna", "Dag"], date: "2026-04-02" });
    await loneWin(anna, e1.gameId, ["Anna", "Dag"], "Dag");
    const e2 = await newEvening(bo, { ...five, groupId, players: ["Bo", "Dagge"], date: "2026-04-09" });
    await loneWin(bo, e2.gameId, ["Bo", "Dagge"], "Dagge");
    const ids = Object.fromEntries(
      (await getDb().groupPlayer.findMany({ where: { groupId }, select: { id: true, name: true } })).map((p) => [
        p.name,
        p.id,
      ]),
    );
    const table = async () =>
      (await seasonView(bo, groupId, "knektpass", "2026")).table.map((r) => [r.player, r.wins, r.evenings]);
    expect(await table()).toContainEqual(["Dagge", 1, 1]);

    // Only an admin merges; two people who sat together are not merged.
    expect((await refusal(mergeGroupPlayers(bo, groupId, ids.Dagge, ids.Dag))).code).toBe("forbidden");
    const together = await refusal(mergeGroupPlayers(anna, groupId, ids.Anna, ids.Dag));
    expect(together.text).toMatchObject({ key: "errors.mergeSatTogether", params: { a: "Anna", b: "Dag" } });
    const before = await getDb().dealEntry.count();
    await mergeGroupPlayers(anna, groupId, ids.Dagge, ids.Dag);
    expect(await table()).toEqual([
      ["Dag", 2, 2],
      ["Anna", 0, 1],
      ["Bo", 0, 1],
    ]);
    const wins = (await recordsView(anna, groupId, "knektpass")).records.find((r) => r.record === "mostWinsInRow");
    expect(wins).toMatchObject({ players: ["Dag"], value: 2, evening: e2.eveningId, gameNumber: 1 });
    // Nothing about the deals was rewritten; renaming the player renames the row.
    expect(await getDb().dealEntry.count()).toBe(before);
    expect((await getEvening(bo, e2.eveningId)).games[0]!.record.players).toEqual(["Bo", "Dagge"]);
    // A name that is another player's, however written, is refused (found by the fuzz test on PostgreSQL).
    const taken = await refusal(renameGroupPlayer(anna, groupId, ids.Dag, "ANNA"));
    expect(taken.text).toMatchObject({ key: "errors.groupPlayerTaken", params: { name: "ANNA", existing: "Anna" } });
    await renameGroupPlayer(anna, groupId, ids.Dag, "Dag H");
    expect((await table())[0]).toEqual(["Dag H", 2, 2]);
    // A merged player is not merged again until split; the split reads them apart again.
    expect((await refusal(mergeGroupPlayers(anna, groupId, ids.Dagge, ids.Bo))).text.key).toBe(
      "errors.mergeAlreadyMerged",
    );
    await splitGroupPlayer(anna, groupId, ids.Dagge);
    expect(await table()).toContainEqual(["Dagge", 1, 1]);
    expect(await table()).toContainEqual(["Dag H", 1, 1]);
  });

  it("the last admin names another before leaving; a removed member keeps the evenings they sat at", async () => {
    const anna = await newActor("anna");
    const bo = await newActor("bo");
    const cilla = await newActor("cilla");
    const groupId = await groupOf(anna, bo, cilla);
    const sat = await newEvening(anna, { groupId, players: ["Anna", "Cilla"] });
    const notSat = await newEvening(anna, { groupId, players: ["Anna", "Bo"] });
    // Cilla links herself to her player; she may not link someone else's.
    const players = await getDb().groupPlayer.findMany({ where: { groupId }, select: { id: true, name: true } });
    const cillaPlayer = players.find((p) => p.name === "Cilla")!.id;
    await linkGroupPlayer(cilla, groupId, cillaPlayer, cilla.userId);
    expect(
      (await refusal(linkGroupPlayer(cilla, groupId, players.find((p) => p.name === "Bo")!.id, bo.userId))).code,
    ).toBe("forbidden");

    expect((await refusal(removeGroupMember(bo, groupId, cilla.userId))).code).toBe("forbidden");
    const inviteBefore = (await getDb().group.findUniqueOrThrow({ where: { id: groupId } })).inviteToken;
    await removeGroupMember(anna, groupId, cilla.userId);
    expect((await getDb().group.findUniqueOrThrow({ where: { id: groupId } })).inviteToken).not.toBe(inviteBefore);
    expect((await listHistory(cilla)).items.map((e) => e.id)).toEqual([sat.eveningId]);
    expect((await refusal(getEvening(cilla, notSat.eveningId))).code).toBe("not_found");
    expect((await refusal(seasonView(cilla, groupId, "knektpass"))).code).toBe("not_found");

    // Anna is the only admin: she names Bo to leave; a group keeps an admin.
    expect((await refusal(setGroupAdmin(anna, groupId, anna.userId, false))).text.key).toBe("errors.groupLastAdmin");
    expect((await refusal(leaveGroup(anna, groupId))).text.key).toBe("errors.groupNameAdmin");
    await leaveGroup(anna, groupId, bo.userId);
    expect(await getDb().groupMember.findMany({ where: { groupId }, select: { userId: true, admin: true } })).toEqual([
      { userId: bo.userId, admin: true },
    ]);
    // Anna still owns her evenings.
    expect((await listHistory(anna)).items.map((e) => e.id).sort()).toEqual([sat.eveningId, notSat.eveningId].sort());
    expect((await refusal(leaveGroup(bo, groupId))).text.key).toBe("errors.groupLastMember");
  });

  it("deleting a group gives its evenings back to their owners; members keep the evenings they sat at", async () => {
    const anna = await newActor("anna");
    const bo = await newActor("bo");
    const groupId = await groupOf(anna, bo);
    const e = await newEvening(anna, { ...five, groupId, players: ["Anna", "Bo"] });
    await loneWin(bo, e.gameId, ["Anna", "Bo"], "Bo");
    const untouched = await newEvening(anna, { groupId, players: ["Anna", "Gun"] });
    await createSeason(anna, groupId, {
      variant: "knektpass",
      name: "Vår",
      startsOn: "2026-01-01",
      endsOn: "2026-06-30",
    });
    expect((await refusal(deleteGroup(bo, groupId))).code).toBe("forbidden");
    await deleteGroup(anna, groupId);
    expect(await getDb().group.count({ where: { id: groupId } })).toBe(0);
    const evening = await getDb().evening.findUniqueOrThrow({ where: { id: e.eveningId } });
    expect(evening).toMatchObject({ ownerId: anna.userId, groupId: null });
    // Bo recorded a deal there: he keeps it; the other he never sat at is gone from his history.
    expect((await listHistory(bo)).items.map((x) => x.id)).toEqual([e.eveningId]);
    expect((await getEvening(anna, untouched.eveningId)).group).toBeNull();
  });

  it("a new player at the next game of a group's evening joins the group's players", async () => {
    const anna = await newActor("anna");
    const groupId = await groupOf(anna);
    const e = await newEvening(anna, { ...five, groupId, players: ["Anna", "Bo"] });
    await loneWin(anna, e.gameId, ["Anna", "Bo"], "Anna");
    await startGame(anna, { eveningId: e.eveningId, players: ["Anna", "Bo", "Eva"], firstDealerSeat: 0 });
    const eva = await getDb().eveningPlayer.findFirstOrThrow({ where: { eveningId: e.eveningId, name: "Eva" } });
    expect(eva.groupPlayerId).not.toBeNull();
    expect(await getDb().groupPlayer.count({ where: { groupId } })).toBe(3);
  });
});

describeWithDatabase("a group's rule sets", () => {
  it("every member may use a group's set, its admins change it; it goes back to its maker with the group", async () => {
    const anna = await newActor("anna");
    const bo = await newActor("bo");
    const stranger = await newActor("stranger");
    const groupId = await groupOf(anna, bo);
    const input = { name: "Fredagsregler", variant: "knektpass" as const, houseRules: { startScore: 7 }, stakes: null };
    // Only an admin keeps a set for the group.
    expect((await refusal(createRuleSet(bo, input, groupId))).code).toBe("forbidden");
    const set = await createRuleSet(anna, input, groupId);
    expect(set).toMatchObject({ group: { id: groupId }, canChange: true });
    // Bo sees it and starts an evening from it, but may not change it; a stranger does not see it.
    const seen = (await listRuleSets(bo)).find((s) => s.id === set.id);
    expect(seen).toMatchObject({ name: "Fredagsregler", canChange: false });
    const { eveningId } = await newEvening(bo, { ruleSetId: set.id, players: ["Anna", "Bo"] });
    expect((await getEvening(bo, eveningId)).houseRules).toEqual({ startScore: 7 });
    expect((await refusal(updateRuleSet(bo, set.id, { ...input, name: "Mina" }))).code).toBe("forbidden");
    expect((await refusal(deleteRuleSet(bo, set.id))).code).toBe("forbidden");
    expect((await refusal(getRuleSet(stranger, set.id))).code).toBe("not_found");
    expect(await listRuleSets(stranger)).toEqual([]);
    // The group goes: the set is Anna's own again, and Bo no longer sees it.
    await deleteGroup(anna, groupId);
    expect(await getRuleSet(anna, set.id)).toMatchObject({ group: null, canChange: true });
    expect((await refusal(getRuleSet(bo, set.id))).code).toBe("not_found");
  });
});

describeWithDatabase("a group in a backup", () => {
  it("is restored by an import for the importer alone: the backup's other people named to invite, players with their merges, seasons, its evenings", async () => {
    const anna = await newActor("anna");
    const bo = await newActor("bo");
    const groupId = await groupOf(anna, bo);
    const e1 = await newEvening(anna, { ...five, groupId, players: ["Anna", "Dag"], date: "2026-04-02" });
    await loneWin(anna, e1.gameId, ["Anna", "Dag"], "Dag");
    const e2 = await newEvening(bo, { ...five, groupId, players: ["Bo", "Dagge"], date: "2026-04-09" });
    await loneWin(bo, e2.gameId, ["Bo", "Dagge"], "Dagge");
    const ids = Object.fromEntries(
      (await getDb().groupPlayer.findMany({ where: { groupId }, select: { id: true, name: true } })).map((p) => [
        p.name,
        p.id,
      ]),
    );
    await mergeGroupPlayers(anna, groupId, ids.Dagge, ids.Dag);
    // A name that is another player's, however written, is refused (found by the fuzz test on PostgreSQL).
    const taken = await refusal(renameGroupPlayer(anna, groupId, ids.Dag, "ANNA"));
    expect(taken.text).toMatchObject({ key: "errors.groupPlayerTaken", params: { name: "ANNA", existing: "Anna" } });
    await renameGroupPlayer(anna, groupId, ids.Dag, "Dag H");
    await linkGroupPlayer(bo, groupId, ids.Bo, bo.userId);
    await createSeason(anna, groupId, {
      variant: "knektpass",
      name: "Vår",
      startsOn: "2026-01-01",
      endsOn: "2026-06-30",
    });
    const backup = await exportAll(anna);
    expect(backup.groups).toHaveLength(1);
    // Bo's evening is in Anna's backup too: she sees it as a member of the group.
    expect(backup.evenings.map((e) => e.group)).toEqual(["Torsdagsgänget", "Torsdagsgänget"]);
    expect(backup.evenings[1]!.groupPlayers).toEqual({ Bo: "Bo", Dagge: "Dagge" });

    // Another account restores the backup, as on a new instance: nobody else becomes a member of anything by it —
    // the backup's other people are named for the importer to invite.
    const carl = await newActor("carl");
    const result = await importEvenings(carl, backup);
    expect(result).toMatchObject({ created: [expect.any(String), expect.any(String)], groups: 1 });
    const restored = await getDb().group.findFirstOrThrow({
      where: { members: { some: { userId: carl.userId, admin: true } } },
      select: { id: true, name: true, inviteToken: true, members: { select: { userId: true, admin: true } } },
    });
    expect(restored.name).toBe("Torsdagsgänget");
    expect(restored.members).toEqual([{ userId: carl.userId, admin: true }]);
    // No row the import wrote names another account: no evening member, no player linked to anyone.
    expect(await getDb().eveningMember.count({ where: { eveningId: { in: result.created } } })).toBe(0);
    expect(await getDb().groupPlayer.count({ where: { groupId: restored.id, userId: { not: null } } })).toBe(0);
    expect(await getDb().groupMember.count({ where: { userId: { in: [anna.userId, bo.userId] } } })).toBe(2);
    expect(result.invite).toEqual([
      {
        groupId: restored.id,
        name: "Torsdagsgänget",
        inviteToken: restored.inviteToken,
        accounts: [anna.username, bo.username],
      },
    ]);
    const original = await seasonView(anna, groupId, "knektpass", "2026");
    const copy = await seasonView(carl, restored.id, "knektpass", "2026");
    expect(copy.table).toEqual(original.table);
    expect(copy.table[0]).toMatchObject({ player: "Dag H", wins: 2 });
    expect(copy.seasons.map((s) => s.name)).toEqual(["Vår"]);
    const players = await getDb().groupPlayer.findMany({
      where: { groupId: restored.id },
      select: { name: true, userId: true, mergedInto: { select: { name: true } } },
      orderBy: { name: "asc" },
    });
    expect(players).toEqual([
      { name: "Anna", userId: null, mergedInto: null },
      { name: "Bo", userId: null, mergedInto: null },
      { name: "Dag H", userId: null, mergedInto: null },
      { name: "Dagge", userId: null, mergedInto: { name: "Dag H" } },
    ]);
    expect((await listHistory(bo, { group: restored.id })).total).toBe(0);
    // Bo joins by the invite himself: the player the backup gave his name becomes his, and he sees its evenings.
    await joinGroup(bo, restored.inviteToken!);
    const boPlayer = await getDb().groupPlayer.findFirstOrThrow({ where: { groupId: restored.id, name: "Bo" } });
    expect(boPlayer).toMatchObject({ userId: bo.userId, invitedAccount: null });
    expect((await listHistory(bo, { group: restored.id })).total).toBe(2);
    // The same file again adds nothing.
    const before = await getDb().groupPlayer.count();
    expect(await importEvenings(carl, backup)).toMatchObject({ created: [], skipped: 2 });
    expect(await getDb().group.count({ where: { members: { some: { userId: carl.userId } } } })).toBe(1);
    expect(await getDb().groupPlayer.count()).toBe(before);
  });

  it("refuses a backup whose evening names a group the file does not have, writing nothing", async () => {
    const anna = await newActor("anna");
    const groupId = await groupOf(anna);
    await newEvening(anna, { ...five, groupId, players: ["Anna", "Bo"] });
    const backup = await exportAll(anna);
    const broken = { ...backup, evenings: backup.evenings.map((e) => ({ ...e, group: "Nobody's" })) };
    const error = await refusal(importEvenings(await newActor("carl"), broken));
    expect(JSON.stringify(error.fieldMessages)).toContain("importProblem.eveningGroup");
  });
});
