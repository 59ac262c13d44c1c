import pg from "pg";
import { expect, inject, it } from "vitest";
import { EVENING_CHANNEL, onEveningChanged, readChangePayload } from "@/lib/data/changes";
import { deleteDeal, editDeal, recordDeal } from "@/lib/data/deals";
import { startGame } from "@/lib/data/evenings";
import { forgetGame, writing } from "@/lib/data/game-cache";
import { getDb } from "@/lib/db/client";
import {
  getScoreboardByToken,
  getScoreboardForEvening,
  getShareLink,
  rotateShareLink,
  setShareMoney,
  type Scoreboard,
} from "@/lib/data/share";
import { createScorer, evaluateGame, type GameRecord } from "@/lib/rules";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";
import { randomDeal, seeded } from "@/tests/support/random-game";

/** The versions the changes `work` makes to the evening name as they travel: by NOTIFY on PostgreSQL, else in process. */
async function changesHeard(eveningId: string, work: () => Promise<unknown>): Promise<(number | undefined)[]> {
  const heard: (number | undefined)[] = [];
  if (inject("provider") !== "postgresql") {
    const stop = onEveningChanged((id, _change, version) => id === eveningId && heard.push(version));
    await work().finally(stop);
    return heard;
  }
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    client.on("notification", ({ payload }) => {
      const change = readChangePayload(payload ?? "");
      if (change.eveningId === eveningId) heard.push(change.version);
    });
    await client.query(`LISTEN ${EVENING_CHANNEL}`);
    await work();
    for (let i = 0; i < 100 && !heard.length; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return heard;
  } finally {
    await client.end();
  }
}

describeWithDatabase("share link and money", () => {
  it("the link shows the stakes only once the owner turns the money on, and again not once it is off", async () => {
    const owner = await newActor("owner");
    const stakes = { currency: "SEK", perGame: 500 };
    const { eveningId, gameId } = await newEvening(owner, { stakes });
    await recordDeal(owner, {
      gameId,
      number: 1,
      entries: { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } },
    });
    const token = (await getShareLink(owner, eveningId))!;
    const before = (await getScoreboardByToken(token))!.scoreboard;
    expect(before.stakes).toBeNull();
    expect(JSON.stringify(before)).not.toContain("SEK");

    await setShareMoney(owner, eveningId, true);
    const shown = (await getScoreboardByToken(token))!.scoreboard;
    expect(shown.stakes).toEqual({ currency: "SEK", perGame: 500, perPoint: 0, perLimpa: 0 });
    // A change every open viewer hears of.
    expect(shown.version).toBeGreaterThan(before.version);

    await setShareMoney(owner, eveningId, false);
    expect((await getScoreboardByToken(token))!.scoreboard.stakes).toBeNull();
  });

  it("an evening not played for money shows no stakes even with the money turned on", async () => {
    const owner = await newActor("owner");
    const { eveningId } = await newEvening(owner);
    await setShareMoney(owner, eveningId, true);
    const token = (await getShareLink(owner, eveningId))!;
    expect((await getScoreboardByToken(token))!.scoreboard.stakes).toBeNull();
  });
});

describeWithDatabase("the live scoreboard as an evening goes on", () => {
  /** What the link shows of each game, next to the rules engine's score of the deals this test recorded. */
  const shown = (scoreboard: Scoreboard) =>
    scoreboard.games.map(({ scores, winners, deals }) => ({ scores, winners, deals: deals.length }));
  const expected = (records: GameRecord[]) =>
    records.map((record) => {
      const { scores, winners, deals } = evaluateGame(record).result!;
      return { scores, winners, deals: deals.length };
    });

  it("after every deal, a next game, an edit and a deletion it is the engine's score of what was recorded", async () => {
    const owner = await newActor("owner");
    const players = ["Anna", "Bo", "Cecilia"];
    const { eveningId, gameId } = await newEvening(owner, {
      players,
      firstDealerSeat: 0,
      houseRules: { startScore: 8 },
    });
    const token = (await getShareLink(owner, eveningId))!;
    const rnd = seeded(2026);
    const games = [
      {
        id: gameId,
        record: {
          variant: "knektpass",
          houseRules: { startScore: 8 },
          players,
          firstDealer: "Anna",
          deals: [],
        } as GameRecord,
      },
    ];
    const play = async (deals: number) => {
      const game = games.at(-1)!;
      const scorer = createScorer(game.record);
      if (!scorer.ok) throw new Error("bad setup");
      for (let d = 0; d < deals && !scorer.scorer.isOver; d++) {
        const deal = randomDeal(rnd, scorer.scorer);
        await recordDeal(owner, { gameId: game.id, number: game.record.deals.length + 1, entries: deal.entries });
        scorer.scorer.push(deal);
        game.record.deals.push(deal);
        expect(shown((await getScoreboardByToken(token))!.scoreboard)).toEqual(expected(games.map((g) => g.record)));
      }
      return scorer.scorer.isOver;
    };
    expect(await play(200)).toBe(true);
    const next = await startGame(owner, { eveningId, players, firstDealerSeat: 1 });
    games.push({ id: next.id, record: { ...games[0]!.record, firstDealer: "Bo", deals: [] } });
    const started = (await getScoreboardByToken(token))!.scoreboard;
    expect(started.games.map((game) => game.number)).toEqual([1, 2]);
    expect(shown(started)).toEqual(expected(games.map((g) => g.record)));
    await play(3);
    expect(shown((await getScoreboardByToken(token))!.scoreboard)).toEqual(expected(games.map((g) => g.record)));

    // The last deal entered again, differently: the scores from it on change.
    const game = games[1]!;
    const last = game.record.deals.length;
    const before = createScorer({ ...game.record, deals: game.record.deals.slice(0, -1) });
    if (!before.ok) throw new Error("bad record");
    const edited = randomDeal(rnd, before.scorer);
    await editDeal(owner, { gameId: game.id, number: last, entries: edited.entries });
    game.record.deals[last - 1] = edited;
    expect(shown((await getScoreboardByToken(token))!.scoreboard)).toEqual(expected(games.map((g) => g.record)));
    await deleteDeal(owner, { gameId: game.id, number: game.record.deals.length });
    game.record.deals.pop();
    expect(shown((await getScoreboardByToken(token))!.scoreboard)).toEqual(expected(games.map((g) => g.record)));
  });

  it("a deal another instance wrote shows, though this one has since read another game at the new version", async () => {
    const owner = await newActor("owner");
    const players = ["Anna", "Bo", "Cecilia"];
    const { eveningId, gameId } = await newEvening(owner, {
      players,
      firstDealerSeat: 0,
      houseRules: { startScore: 2 },
    });
    const token = (await getShareLink(owner, eveningId))!;
    const pass = { Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: false } };
    // Game 1 won at once: Anna plays alone and takes every trick.
    const won = { Anna: { plays: true, exchanged: 0 }, Bo: { plays: false }, Cecilia: { plays: false } };
    await recordDeal(owner, { gameId, number: 1, entries: won });
    expect((await getScoreboardByToken(token))!.scoreboard.games[0]!.winners).toEqual(["Anna"]);
    const next = await startGame(owner, { eveningId, players, firstDealerSeat: 1 });
    const before = (await getScoreboardByToken(token))!.scoreboard;
    // Another instance records game 2's first deal: this process's game cache does not have it.
    await recordDeal(owner, { gameId: next.id, number: 1, entries: pass });
    forgetGame(next.id);
    // This process then reads game 1 at the new version (a deal for a game that is over: refused after the read).
    await expect(recordDeal(owner, { gameId, number: 2, entries: pass })).rejects.toThrow();
    const after = (await getScoreboardByToken(token))!.scoreboard;
    expect(after.version).toBe(before.version + 1);
    expect(after.games[1]!.deals).toHaveLength(1);
  });
});

/**
 * An evening with one deal, its live scoreboard built, then renamed behind the app's back (no new version): a
 * scoreboard built without reading the evening keeps the old title.
 */
async function renamedAfterOneDeal() {
  const owner = await newActor("owner");
  const players = ["Anna", "Bo", "Cecilia"];
  const { eveningId, gameId } = await newEvening(owner, { players, firstDealerSeat: 0 });
  const pass = { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } };
  const first = await recordDeal(owner, { gameId, number: 1, entries: pass });
  const before = (await getScoreboardForEvening(eveningId, first.version))!;
  await getDb().$executeRaw`UPDATE "Evening" SET "title" = 'Renamed' WHERE "id" = ${eveningId}`;
  return { owner, players, eveningId, gameId, pass, first, before };
}

describeWithDatabase("the live update of a deal this process wrote", () => {
  it("builds on the last scoreboard without reading the evening, and never keeps a link that changed since", async () => {
    const { owner, eveningId, gameId, pass, before } = await renamedAfterOneDeal();
    const second = await recordDeal(owner, { gameId, number: 2, entries: pass });
    const built = (await getScoreboardForEvening(eveningId, second.version))!;
    expect(built.scoreboard.version).toBe(second.version);
    expect(built.scoreboard.title).toBe(before.scoreboard.title);
    expect(built.scoreboard.games[0]!.deals).toHaveLength(2);
    // Asked without the version (a change another writer made), it reads the evening.
    expect((await getScoreboardForEvening(eveningId))!.scoreboard.title).toBe("Renamed");

    // The link rotated, then a deal: the live update of that deal reads the evening, and shows the new link's token.
    const token = await rotateShareLink(owner, eveningId);
    const third = await recordDeal(owner, { gameId, number: 3, entries: pass });
    const after = (await getScoreboardForEvening(eveningId, third.version))!;
    expect(after.shareToken).toBe(token);
    expect(after.scoreboard.games[0]!.deals).toHaveLength(3);
  });

  it("waits for this process's write under way before building its update: the change may be heard first", async () => {
    const { owner, eveningId, gameId, pass, first } = await renamedAfterOneDeal();
    // On PostgreSQL a deal's NOTIFY can reach the live hub before the deal's own answer reaches its writer.
    let send!: () => void;
    const sent = new Promise<void>((resolve) => (send = resolve));
    const recording = writing(eveningId, () =>
      sent.then(() => recordDeal(owner, { gameId, number: 2, entries: pass })),
    );
    const building = getScoreboardForEvening(eveningId, first.version! + 1);
    send();
    const [second, built] = await Promise.all([recording, building]);
    expect(built!.scoreboard.version).toBe(second.version);
    expect(built!.scoreboard.games[0]!.deals).toHaveLength(2);
    expect(built!.scoreboard.title).not.toBe("Renamed"); // not read: built on the last scoreboard and the write
  });

  it("builds a deal's scoreboard without reading even when the next deal is already in, and shows that deal only", async () => {
    const { owner, players, eveningId, gameId, pass } = await renamedAfterOneDeal();
    // A phone sends deals back to back: the live update of the second is built after the third is stored.
    const second = await recordDeal(owner, { gameId, number: 2, entries: pass });
    const third = await recordDeal(owner, { gameId, number: 3, entries: pass });
    const atSecond = (await getScoreboardForEvening(eveningId, second.version))!;
    expect(atSecond.scoreboard.version).toBe(second.version);
    expect(atSecond.scoreboard.games[0]!.deals).toHaveLength(2);
    expect(atSecond.scoreboard.title).not.toBe("Renamed"); // not read: built on the last scoreboard
    const atThird = (await getScoreboardForEvening(eveningId, third.version))!;
    expect(atThird.scoreboard.games[0]!.deals).toHaveLength(3);
    expect(atThird.scoreboard.title).not.toBe("Renamed");
    // An edit in between is no deal: the next version's scoreboard is read.
    await editDeal(owner, { gameId, number: 3, entries: { ...pass, Bo: { plays: false }, Anna: { plays: true } } });
    const fourth = await recordDeal(owner, { gameId, number: 4, entries: pass });
    expect((await getScoreboardForEvening(eveningId, fourth.version))!.scoreboard.title).toBe("Renamed");
    // A next game this process started: its update too is built on the last scoreboard, the new game added.
    await getDb().$executeRaw`UPDATE "Evening" SET "title" = 'Renamed again' WHERE "id" = ${eveningId}`;
    const heard = await changesHeard(eveningId, () => startGame(owner, { eveningId, players, firstDealerSeat: 1 }));
    const started = await getDb().evening.findUniqueOrThrow({ where: { id: eveningId }, select: { version: true } });
    expect(heard).toEqual([started.version]); // the change names the version it made
    const withNext = (await getScoreboardForEvening(eveningId, started.version))!;
    expect(withNext.scoreboard.games.map((g) => g.deals.length)).toEqual([4, 0]);
    expect(withNext.scoreboard.title).toBe("Renamed");
  });
});
