import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { editDeal, recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { joinEvening } from "@/lib/data/members";
import { loadSummaries } from "@/lib/data/game-summary";
import { SUMMARY_VERSION, summarizeGame } from "@/lib/stats/summary";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";
import { lone } from "@/tests/support/records";

/** What a restarted process has kept: nothing. */
const restarted = () => delete (globalThis as { protokollSummaries?: unknown }).protokollSummaries;

describeWithDatabase("the statistics read from stored summaries", () => {
  it("every game of the evenings one owns or sits at, in the order played, with its seats; none of others'", async () => {
    const owner = await newActor("owner");
    const guest = await newActor("guest");
    const stranger = await newActor("stranger");
    const later = await newEvening(owner, { date: "2026-05-02", players: ["Dag", "Eva", "Anna"] });
    const earlier = await newEvening(owner, {
      date: "2026-05-01",
      stakes: { currency: "SEK", perGame: 1000, perPoint: 100, perLimpa: 500 },
    } as never);
    await newEvening(stranger, { players: ["Anna", "Bo", "Zelda"] });
    const inviteToken = (await getDb().evening.findUniqueOrThrow({ where: { id: later.eveningId } })).inviteToken!;
    await joinEvening(guest, inviteToken);
    for (let n = 1; n <= 3; n++) {
      await recordDeal(owner, { gameId: earlier.gameId, number: n, entries: lone("Bo", ["Anna", "Bo", "Cecilia"]) });
      await recordDeal(guest, { gameId: later.gameId, number: n, entries: lone("Eva", ["Dag", "Eva", "Anna"]) });
    }
    const forOwner = await loadSummaries(owner);
    expect(forOwner.map((g) => [g.eveningId, g.players])).toEqual([
      [earlier.eveningId, ["Anna", "Bo", "Cecilia"]],
      [later.eveningId, ["Dag", "Eva", "Anna"]],
    ]);
    // Each summary is the rules engine's fold of the game as stored (refolded: recording left them behind).
    for (const [i, { eveningId }] of [earlier, later].entries()) {
      const game = (await getEvening(owner, eveningId)).games[0]!;
      expect(forOwner[i]!.summary).toEqual(JSON.parse(JSON.stringify(summarizeGame(game.record, game.result))));
      expect(forOwner[i]!.summary.byPlayer[game.record.players[1]!]!.deals).toBe(3);
    }
    expect(forOwner[0]!.stakes).toMatchObject({ currency: "SEK", perGame: 1000 });
    expect(forOwner[1]!.stakes).toBeUndefined();
    // The guest sees the evening they joined only; the stored summaries are current now, and read as they are.
    const forGuest = await loadSummaries(guest);
    expect(forGuest.map((g) => g.eveningId)).toEqual([later.eveningId]);
    expect(forGuest[0]!.summary).toEqual(forOwner[1]!.summary);
    expect((await getDb().gameSummary.findUniqueOrThrow({ where: { gameId: later.gameId } })).dealCount).toBe(3);
    expect(await loadSummaries(await newActor("nobody"))).toEqual([]);
    // A summary stored by an older version (without the players, say) is refolded once by the next process to
    // read it, and read as it is after that.
    const older = { ...forOwner[0]!.summary, version: undefined, players: undefined };
    await getDb().gameSummary.update({ where: { gameId: earlier.gameId }, data: { summary: older as object } });
    restarted();
    expect((await loadSummaries(owner))[0]).toEqual(forOwner[0]);
    const kept = await getDb().gameSummary.findUniqueOrThrow({ where: { gameId: earlier.gameId } });
    expect(kept.summary).toMatchObject({ version: SUMMARY_VERSION, players: ["Anna", "Bo", "Cecilia"] });
  });

  it("the games kept for one page are read again once their evening moves on, here or on another instance", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    const players = ["Anna", "Bo", "Cecilia"];
    await recordDeal(owner, { gameId, number: 1, entries: lone("Bo", players) });
    await loadSummaries(owner); // refolds the summary: recording left it behind
    const before = (await loadSummaries(owner))[0]!.summary;
    expect(before.byPlayer.Bo!.plays).toBe(1);
    expect((await loadSummaries(owner))[0]!.summary).toBe(before); // the kept copy, while the evening is unchanged
    // An edit rewrites the row: the next read shows the edited game.
    await editDeal(owner, { gameId, number: 1, entries: lone("Anna", players) });
    const edited = (await loadSummaries(owner))[0]!.summary;
    expect([edited.byPlayer.Anna!.plays, edited.byPlayer.Bo!.plays]).toEqual([1, 0]);
    // A deal recorded here leaves the stored summary behind; the next read folds it in.
    await recordDeal(owner, { gameId, number: 2, entries: lone("Cecilia", players) });
    expect((await loadSummaries(owner))[0]!.summary.byPlayer.Cecilia!.plays).toBe(1);
    // Another instance's write: the row rewritten and the evening moved on, in one transaction, as every write
    // that changes a game does there. This instance reads it again.
    const elsewhere = { ...(await loadSummaries(owner))[0]!.summary, winners: ["Cecilia"] };
    await getDb().$transaction([
      getDb().gameSummary.update({ where: { gameId }, data: { summary: elsewhere as object } }),
      getDb().evening.update({ where: { id: eveningId }, data: { version: { increment: 1 } } }),
    ]);
    expect((await loadSummaries(owner))[0]!.summary.winners).toEqual(["Cecilia"]);
  });

  it("an evening's games are read by the version the evening had when read first, never an older state", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    const players = ["Anna", "Bo", "Cecilia"];
    await recordDeal(owner, { gameId, number: 1, entries: lone("Bo", players) });
    expect((await loadSummaries(owner))[0]!.summary.byPlayer.Bo!.deals).toBe(1);
    // A second evening appears, and the first moves on, between two reads: both are in the next one, as stored.
    const second = await newEvening(owner, { date: "2030-01-01" });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Anna", players) });
    await recordDeal(owner, { gameId: second.gameId, number: 1, entries: lone("Cecilia", players) });
    const now = await loadSummaries(owner);
    expect(now.map((g) => [g.eveningId, g.summary.byPlayer.Anna!.deals])).toEqual([
      [eveningId, 2],
      [second.eveningId, 1],
    ]);
    // An evening deleted is gone from the next read.
    await getDb().game.deleteMany({ where: { eveningId: second.eveningId } });
    await getDb().evening.delete({ where: { id: second.eveningId } });
    expect((await loadSummaries(owner)).map((g) => g.eveningId)).toEqual([eveningId]);
  });
});
