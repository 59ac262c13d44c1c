import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { editDeal, recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { joinEvening } from "@/lib/data/members";
import { loadSummaries } from "@/lib/data/game-summary";
import { summarizeGame } from "@/lib/stats/summary";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";

const lone = (who: string, players: string[]) => Object.fromEntries(players.map((p) => [p, { plays: p === who }]));

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
    // A summary stored by an older version (without the players, say) is refolded once, and read as it is after that.
    const older = { ...forOwner[0]!.summary, version: undefined, players: undefined };
    await getDb().gameSummary.update({ where: { gameId: earlier.gameId }, data: { summary: older as object } });
    expect((await loadSummaries(owner))[0]).toEqual(forOwner[0]);
    const kept = await getDb().gameSummary.findUniqueOrThrow({ where: { gameId: earlier.gameId } });
    expect(kept.summary).toMatchObject({ version: 2, players: ["Anna", "Bo", "Cecilia"] });
  });

  it("a summary parsed for one page is not shown again once its row is rewritten, here or by another instance", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    const players = ["Anna", "Bo", "Cecilia"];
    await recordDeal(owner, { gameId, number: 1, entries: lone("Bo", players) });
    await loadSummaries(owner); // refolds the summary: recording left it behind
    const before = (await loadSummaries(owner))[0]!.summary;
    expect(before.byPlayer.Bo!.plays).toBe(1);
    expect((await loadSummaries(owner))[0]!.summary).toBe(before); // the parsed copy, while the row is unchanged
    // An edit rewrites the row: the next read shows the edited game.
    await editDeal(owner, { gameId, number: 1, entries: lone("Anna", players) });
    const edited = (await loadSummaries(owner))[0]!.summary;
    expect([edited.byPlayer.Anna!.plays, edited.byPlayer.Bo!.plays]).toEqual([1, 0]);
    // Another instance's write (the same deal count, a later write time) is read again too.
    const elsewhere = { ...edited, winners: ["Cecilia"] };
    await getDb().gameSummary.update({ where: { gameId }, data: { summary: elsewhere as object } });
    expect((await loadSummaries(owner))[0]!.summary.winners).toEqual(["Cecilia"]);
  });
});
