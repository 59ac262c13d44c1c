import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { deleteDeal, editDeal, getGameDeals, recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { endEvening } from "@/lib/data/evenings";
import { loadSummaries } from "@/lib/data/game-summary";
import { isUniqueViolation } from "@/lib/data/prisma-errors";
import { problemText } from "@/lib/i18n/dictionaries";
import { sameEntries, scoreGame, type Problem } from "@/lib/rules";
import { summarizeGame } from "@/lib/stats/summary";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";
import { lone } from "@/tests/support/records";

const deal1 = {
  Anna: { plays: true, exchanged: [2, 0], tricks: 1 },
  Bo: { plays: true, exchanged: [1, 2], tricks: 4 },
  Cecilia: { plays: true, exchanged: 0, tricks: 0 },
};

describeWithDatabase("deals", () => {
  it("never stores a deal under another account than the one that entered it, and says who recorded each deal", async () => {
    const owner = await newActor("owner");
    const other = await newActor("other");
    const { gameId } = await newEvening(owner);
    const before = await fingerprint();
    // A phone's outbox sends a deal entered by `other` while `owner` is signed in on it: refused, nothing written.
    const error = await recordDeal(owner, {
      gameId,
      number: 1,
      entries: lone("Bo"),
      clientKey: "outbox-key-other-1",
      account: other.userId,
    }).catch((e) => e);
    expect(error).toMatchObject({ code: "unauthenticated", status: 401 });
    expect(await fingerprint()).toEqual(before);
    await recordDeal(owner, {
      gameId,
      number: 1,
      entries: lone("Bo"),
      clientKey: "outbox-key-own-1",
      account: owner.userId,
    });
    const { deals } = await getGameDeals(owner, gameId);
    expect(deals.map((d) => [d.number, d.clientKey, d.by])).toEqual([[1, "outbox-key-own-1", owner.username]]);
  });

  it("records deals and scores the stored game exactly as the rules engine scores the record", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    const first = await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    expect(first.result!.scores).toEqual({ Anna: 17, Bo: 8, Cecilia: 12 });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Bo") });
    const evening = await getEvening(owner, eveningId);
    const game = evening.games[0]!;
    expect(game.result).toEqual(scoreGame(game.record));
    expect(game.result.scores).toEqual({ Anna: 17, Bo: 3, Cecilia: 12 });
    expect(game.record.deals[0]!.entries.Anna).toEqual({ plays: true, exchanged: [2, 0], tricks: 1 });
  });

  it("a deal the rules engine refuses writes nothing and names the deal and the player", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    const before = await fingerprint();
    const error = await recordDeal(owner, {
      gameId,
      number: 1,
      entries: { ...deal1, Cecilia: { plays: false, tricks: 2 } },
    }).catch((e) => e);
    expect(error).toMatchObject({ code: "validation" });
    expect(error.problems.map((p: Problem) => problemText(p, "en"))).toEqual([
      "deal 1, Cecilia: passed, so took no tricks",
    ]);
    expect(await fingerprint()).toEqual(before);
  });

  it("a deal from someone without permission writes nothing", async () => {
    const owner = await newActor("owner");
    const stranger = await newActor("stranger");
    const { gameId } = await newEvening(owner);
    const before = await fingerprint();
    await expect(recordDeal(stranger, { gameId, number: 1, entries: deal1 })).rejects.toMatchObject({
      code: "not_found",
    });
    await expect(recordDeal(null, { gameId, number: 1, entries: deal1 })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    expect(await fingerprint()).toEqual(before);
  });

  it("a game this process has in hand is still refused to a stranger and on an ended evening, telling nothing", async () => {
    const owner = await newActor("owner");
    const stranger = await newActor("stranger");
    const { eveningId, gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    const before = await fingerprint();
    // A valid next deal, a deal the rules refuse and a retry of the owner's: all "not found", nothing written.
    for (const entries of [lone("Bo"), { ...lone("Bo"), Anna: { plays: true, tricks: 9 } }])
      await expect(recordDeal(stranger, { gameId, number: 2, entries })).rejects.toMatchObject({ code: "not_found" });
    await expect(recordDeal(stranger, { gameId, number: 1, entries: deal1 })).rejects.toMatchObject({
      code: "not_found",
    });
    expect(await fingerprint()).toEqual(before);
    await endEvening(owner, eveningId);
    const ended = await fingerprint();
    await expect(recordDeal(owner, { gameId, number: 2, entries: lone("Bo") })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await fingerprint()).toEqual(ended);
  });

  it("a member may record deals", async () => {
    const owner = await newActor("owner");
    const member = await newActor("member");
    const { eveningId, gameId } = await newEvening(owner);
    await getDb().eveningMember.create({ data: { eveningId, userId: member.userId } });
    await expect(recordDeal(member, { gameId, number: 1, entries: deal1 })).resolves.toMatchObject({ number: 1 });
  });

  it("a second deal with an already used number is refused and writes nothing", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    const before = await fingerprint();
    await expect(recordDeal(owner, { gameId, number: 1, entries: lone("Anna") })).rejects.toMatchObject({
      code: "conflict",
    });
    expect(await fingerprint()).toEqual(before);
  });

  it("the database itself refuses two deals with the same number in one game", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    const before = await fingerprint();
    await expect(
      getDb().deal.create({ data: { gameId, number: 1, recordedById: owner.userId } }),
    ).rejects.toMatchObject({ code: "P2002" });
    expect(await fingerprint()).toEqual(before);
  });

  it("a raw statement's duplicate is recognised as a unique violation, as the ORM's is", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    const now = new Date();
    const error = await getDb()
      .$executeRaw`INSERT INTO "Deal" ("id", "gameId", "number", "recordedById", "recordedAt", "updatedAt") VALUES (${"copy-of-deal-1"}, ${gameId}, 1, ${owner.userId}, ${now}, ${now})`.catch(
      (e: unknown) => e,
    );
    expect(isUniqueViolation(error)).toBe(true);
    expect(
      isUniqueViolation(
        await getDb()
          .deal.create({ data: { gameId, number: 1, recordedById: owner.userId } })
          .catch((e: unknown) => e),
      ),
    ).toBe(true);
    expect(isUniqueViolation(new Error("P2002"))).toBe(false);
  });

  it("the rows a recorded deal writes read back through the ORM as the ORM would have written them", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    const started = Date.now();
    await recordDeal(owner, { gameId, number: 1, entries: deal1, clientKey: "phone-one-deal-1" });
    const db = getDb();
    const deal = await db.deal.findUniqueOrThrow({
      where: { gameId_number: { gameId, number: 1 } },
      include: { entries: { orderBy: { seat: "asc" } } },
    });
    expect(deal).toMatchObject({ recordedById: owner.userId, clientKey: "phone-one-deal-1" });
    expect(deal.recordedAt).toBeInstanceOf(Date);
    expect(deal.recordedAt.getTime()).toBeGreaterThanOrEqual(started - 1_000);
    expect(deal.updatedAt.getTime()).toBe(deal.recordedAt.getTime());
    expect(
      deal.entries.map(({ seat, plays, exchanged, tricks, revoke }) => ({ seat, plays, exchanged, tricks, revoke })),
    ).toEqual([
      { seat: 0, plays: true, exchanged: [2, 0], tricks: 1, revoke: false },
      { seat: 1, plays: true, exchanged: [1, 2], tricks: 4, revoke: false },
      { seat: 2, plays: true, exchanged: [0], tricks: 0, revoke: false },
    ]);
    await recordDeal(owner, { gameId, number: 2, entries: lone("Bo") });
    const passed = await db.dealEntry.findMany({ where: { deal: { gameId, number: 2 } }, orderBy: { seat: "asc" } });
    expect(passed.map((e) => [e.plays, e.exchanged, e.tricks, e.revoke])).toEqual([
      [false, null, null, false],
      [true, null, null, false],
      [false, null, null, false],
    ]);
    const edits = await db.dealEdit.findMany({ where: { gameId }, orderBy: { dealNumber: "asc" } });
    // A recording's line names the deal; its entries are the deal's own rows, read back above.
    expect(edits.map((e) => [e.dealNumber, e.action, e.byId, e.before, e.after])).toEqual([
      [1, "record", owner.userId, null, null],
      [2, "record", owner.userId, null, null],
    ]);
    // Recording leaves the statistics summary to the next statistics page, which folds it from the deals.
    expect(await db.gameSummary.findUnique({ where: { gameId } })).toBeNull();
    const [folded] = await loadSummaries(owner);
    const summary = await db.gameSummary.findUniqueOrThrow({ where: { gameId } });
    const evening = await getEvening(owner, eveningId);
    expect(summary.dealCount).toBe(2);
    expect(folded!.summary).toEqual(summary.summary);
    expect(summary.summary).toEqual(
      JSON.parse(JSON.stringify(summarizeGame(evening.games[0]!.record, evening.games[0]!.result))),
    );
    const { version } = await db.evening.findUniqueOrThrow({ where: { id: eveningId }, select: { version: true } });
    expect(version).toBeGreaterThanOrEqual(2);
    // Editing and deleting write their lines of the history and the summary with the same statements.
    await editDeal(owner, { gameId, number: 2, entries: lone("Cecilia") });
    await deleteDeal(owner, { gameId, number: 1 });
    const later = await db.dealEdit.findMany({
      where: { gameId, action: { in: ["edit", "delete"] } },
      orderBy: { action: "desc" },
    });
    expect(later.map((e) => [e.dealNumber, e.action, e.byId, e.before, e.after])).toEqual([
      [2, "edit", owner.userId, lone("Bo"), lone("Cecilia")],
      // "before" is the deal as stored: one exchange round is kept as a list of one.
      [1, "delete", owner.userId, { ...deal1, Cecilia: { plays: true, exchanged: [0], tricks: 0 } }, null],
    ]);
    expect(later.every((e) => e.at.getTime() >= started - 1_000)).toBe(true);
    expect((await db.gameSummary.findUniqueOrThrow({ where: { gameId } })).dealCount).toBe(1);
    expect((await db.evening.findUniqueOrThrow({ where: { id: eveningId }, select: { version: true } })).version).toBe(
      version + 2,
    );
  });

  it("two phones racing to store the same deal: exactly one is stored, the other gets a clear refusal", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    const results = await Promise.allSettled([
      recordDeal(owner, { gameId, number: 1, entries: deal1, clientKey: "phone-one-deal-1" }),
      recordDeal(owner, { gameId, number: 1, entries: lone("Anna"), clientKey: "phone-two-deal-1" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusal = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refusal.reason).toMatchObject({ code: "conflict" });
    expect(refusal.reason.message).toMatch(/Deal 1 was (just|already) recorded from another phone/);
    expect(await getDb().deal.count({ where: { gameId } })).toBe(1);
  });

  it("a retried submission with the same client key is stored once", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    const input = { gameId, number: 1, entries: deal1, clientKey: "retry-key-0001" };
    const first = await recordDeal(owner, input);
    const retry = await recordDeal(owner, input);
    expect(first.duplicate).toBe(false);
    expect(retry).toMatchObject({ number: 1, duplicate: true });
    // The retry made no version: the phone that sent it reloads rather than applying the deal a second time.
    expect(retry.version).toBeUndefined();
    expect(first.version).toBeGreaterThan(0);
    expect(await getDb().deal.count({ where: { gameId } })).toBe(1);
  });

  it("a game's deals read back with the key of the phone that recorded each, for members only", async () => {
    const owner = await newActor("owner");
    const stranger = await newActor("stranger");
    const { eveningId, gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: deal1, clientKey: "outbox-key-0001" });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Bo") });
    const game = await getGameDeals(owner, gameId);
    expect(game.players).toEqual(["Anna", "Bo", "Cecilia"]);
    expect(game.deals.map((d) => [d.number, d.clientKey])).toEqual([
      [1, "outbox-key-0001"],
      [2, null],
    ]);
    // As sent, or as the database gives it back (every exchange as rounds): the same deal either way.
    expect(sameEntries(game.deals[0]!.entries, deal1)).toBe(true);
    expect(game.deals[1]!.entries).toEqual(lone("Bo"));
    await expect(getGameDeals(stranger, gameId)).rejects.toMatchObject({ code: "not_found" });
    await expect(getGameDeals(null, gameId)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(getGameDeals(owner, "not an id")).rejects.toMatchObject({ code: "validation" });
    // An ended evening takes no deals: a phone's outbox is told so, with the reason.
    await endEvening(owner, eveningId);
    await expect(getGameDeals(owner, gameId)).rejects.toMatchObject({ code: "conflict" });
  });

  it("editing an earlier deal recomputes everything after it and keeps the history", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Bo") });
    await editDeal(owner, {
      gameId,
      number: 1,
      entries: {
        ...deal1,
        Anna: { plays: true, exchanged: [2, 0], tricks: 2 },
        Bo: { plays: true, exchanged: 3, tricks: 3 },
      },
    });
    const game = (await getEvening(owner, eveningId)).games[0]!;
    expect(game.result.deals[0]!.scores).toEqual({ Anna: 10, Bo: 9, Cecilia: 12 });
    expect(game.result.scores).toEqual({ Anna: 10, Bo: 4, Cecilia: 12 });
    const history = await getDb().dealEdit.findMany({ where: { gameId }, orderBy: { at: "asc" } });
    expect(history.map((h) => [h.action, h.dealNumber])).toEqual([
      ["record", 1],
      ["record", 2],
      ["edit", 1],
    ]);
    expect(history[2]!.before).toMatchObject({ Anna: { tricks: 1 } });
    expect(history[2]!.byId).toBe(owner.userId);
  });

  it("an edit that would make a later deal invalid is refused and writes nothing", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner, { houseRules: { startScore: 5 } });
    await recordDeal(owner, { gameId, number: 1, entries: deal1 }); // Anna 10, Bo 1, Cecilia 5
    await recordDeal(owner, { gameId, number: 2, entries: lone("Cecilia") }); // Cecilia 0: wins
    const before = await fingerprint();
    // Had deal 1 been Bo alone (Bo 0), the game would end there and deal 2 would come after the win.
    const error = await editDeal(owner, { gameId, number: 1, entries: lone("Bo") }).catch((e) => e);
    expect(error.problems[0]).toMatchObject({ code: "game.over", deal: 2 });
    expect(await fingerprint()).toEqual(before);
  });

  it("an edit or deletion of a deal changed from another phone since this one showed it is refused and writes nothing", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Bo") });
    // The deal as this phone showed it, written down another way: the same deal, so the edit goes through.
    const shown = {
      Anna: { plays: true, exchanged: [2], tricks: 1 },
      Bo: { plays: true, exchanged: [1, 2], tricks: 4, revoke: false },
      Cecilia: { plays: true, tricks: 0 },
    };
    await editDeal(owner, { gameId, number: 1, entries: lone("Cecilia"), expected: shown });
    // Another phone changed deal 2 (Bo → Anna alone); this phone still shows Bo alone.
    await editDeal(owner, { gameId, number: 2, entries: lone("Anna"), expected: lone("Bo") });
    const before = await fingerprint();
    for (const change of [
      () => editDeal(owner, { gameId, number: 2, entries: lone("Cecilia"), expected: lone("Bo") }),
      () => deleteDeal(owner, { gameId, number: 2, expected: lone("Bo") }),
    ]) {
      const error = await change().catch((e) => e);
      expect(error).toMatchObject({ code: "conflict", message: expect.stringContaining("Deal 2 was changed") });
      expect(await fingerprint()).toEqual(before);
    }
    // Shown as it is now, it can be deleted.
    await deleteDeal(owner, { gameId, number: 2, expected: lone("Anna") });
    expect((await getGameDeals(owner, gameId)).deals.map((d) => d.entries)).toEqual([lone("Cecilia")]);
  });

  it("deleting a deal moves the later ones up and recomputes", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: lone("Anna") });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Bo") });
    await recordDeal(owner, { gameId, number: 3, entries: lone("Cecilia") });
    await recordDeal(owner, { gameId, number: 4, entries: lone("Cecilia") });
    await deleteDeal(owner, { gameId, number: 2 });
    const game = (await getEvening(owner, eveningId)).games[0]!;
    expect(game.record.deals).toHaveLength(3);
    expect(game.result.scores).toEqual({ Anna: 7, Bo: 12, Cecilia: 2 });
    const numbers = await getDb().deal.findMany({
      where: { gameId },
      select: { number: true },
      orderBy: { number: "asc" },
    });
    expect(numbers.map((d) => d.number)).toEqual([1, 2, 3]);
  });
});
