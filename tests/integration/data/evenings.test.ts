import { expect, it } from "vitest";
import { getEvening } from "@/lib/data/evening-view";
import { createEvening, startGame } from "@/lib/data/evenings";
import { joinEvening } from "@/lib/data/members";
import { getShareLink } from "@/lib/data/share";
import { listHistory } from "@/lib/data/history";
import { recordDeal } from "@/lib/data/deals";
import { cachedGame } from "@/lib/data/game-cache";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";
import { lone } from "@/tests/support/records";

describeWithDatabase("evenings", () => {
  it("creates an evening with its players, house rules and first game, scored by the rules engine", async () => {
    const owner = await newActor("owner");
    const { eveningId } = await newEvening(owner, { houseRules: { startScore: 15 } });
    const evening = await getEvening(owner, eveningId);
    expect(evening).toMatchObject({
      title: "Torsdagskväll",
      variant: "knektpass",
      role: "owner",
      houseRules: { startScore: 15 },
    });
    expect(evening.games).toHaveLength(1);
    expect(evening.games[0]!.record).toMatchObject({ players: ["Anna", "Bo", "Cecilia"], firstDealer: "Cecilia" });
    expect(evening.games[0]!.result.scores).toEqual({ Anna: 15, Bo: 15, Cecilia: 15 });
    expect((await listHistory(owner)).items.map((e) => e.id)).toContain(eveningId);
  });

  it("shows the owner and a member the same evening: date, members, edit history by name; the links only to the owner", async () => {
    const owner = await newActor("owner");
    const guest = await newActor("guest");
    const { eveningId, gameId } = await newEvening(owner, { place: "Köket", houseRules: { startScore: 15 } });
    await joinEvening(guest, (await getEvening(owner, eveningId)).inviteToken!);
    await recordDeal(owner, { gameId, number: 1, entries: lone("Anna") });
    await recordDeal(guest, { gameId, number: 2, entries: lone("Bo") });
    const mine = await getEvening(owner, eveningId);
    const theirs = await getEvening(guest, eveningId);
    expect(mine).toMatchObject({ role: "owner", viewer: owner.username, place: "Köket", status: "open" });
    expect(theirs).toMatchObject({ role: "member", viewer: guest.username, inviteToken: null, shareToken: null });
    expect(mine.date.toISOString()).toBe("2026-12-03T00:00:00.000Z");
    expect(mine.ownerName).toBe(owner.username);
    expect(mine.members).toEqual([{ userId: guest.userId, username: guest.username }]);
    expect(mine.inviteToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(mine.shareToken).toBe(await getShareLink(owner, eveningId));
    expect(mine.edits.map((e) => [e.gameNumber, e.dealNumber, e.action, e.by])).toEqual([
      [1, 2, "record", guest.username],
      [1, 1, "record", owner.username],
    ]);
    expect(mine.edits[0]!.at).toBeInstanceOf(Date);
    expect(mine.version).toBeGreaterThan(0);
    // Everything else is the same for both.
    const same = (view: typeof mine) => ({ ...view, inviteToken: null, shareToken: null, role: null, viewer: null });
    expect(same(theirs)).toEqual(same(mine));
  });

  it("hides an evening from strangers and visitors", async () => {
    const owner = await newActor("owner");
    const stranger = await newActor("stranger");
    const { eveningId } = await newEvening(owner);
    await expect(getEvening(stranger, eveningId)).rejects.toMatchObject({ code: "not_found" });
    await expect(getEvening(null, eveningId)).rejects.toMatchObject({ code: "unauthenticated" });
    expect((await listHistory(stranger)).items.map((e) => e.id)).not.toContain(eveningId);
  });

  it("refuses a wrong player count or an unknown house rule and writes nothing", async () => {
    const owner = await newActor("owner");
    const before = await fingerprint();
    await expect(
      createEvening(owner, {
        title: "x",
        date: "2026-12-03",
        variant: "norrlands-knack",
        players: ["A", "B"],
        firstDealerSeat: 0,
      }),
    ).rejects.toMatchObject({ code: "validation", problems: [{ code: "players.count" }] });
    await expect(
      createEvening(owner, {
        title: "x",
        date: "2026-12-03",
        variant: "knektpass",
        players: ["A", "B"],
        houseRules: { loneKnocker: "redeal" },
      }),
    ).rejects.toMatchObject({ code: "validation" });
    await expect(
      createEvening(owner, { title: "", date: "soon", variant: "knektpass", players: ["A", "B"] }),
    ).rejects.toMatchObject({
      code: "validation",
      fields: { title: ["give the evening a title"], date: ["a date like 2026-12-02"] },
    });
    // The right shape is not enough: the day must exist (it used to fail at the write, or move to 2 March).
    for (const date of ["2026-02-30", "2026-13-45"]) {
      await expect(
        createEvening(owner, { title: "x", date, variant: "knektpass", players: ["A", "B"] }),
      ).rejects.toMatchObject({
        code: "validation",
        fields: { date: ["no such date in the calendar"] },
      });
    }
    expect(await fingerprint()).toEqual(before);
  });

  it("starts the next game only once the current one is won", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner, { houseRules: { startScore: 5 } });
    const seats = { eveningId, players: ["Bo", "Cecilia", "Anna", "Dag"], firstDealerSeat: 0 };
    await expect(startGame(owner, seats)).rejects.toMatchObject({ code: "conflict" });
    await recordDeal(owner, {
      gameId,
      number: 1,
      entries: { Anna: { plays: true }, Bo: { plays: false }, Cecilia: { plays: false } },
    });
    const next = await startGame(owner, seats);
    expect(next.number).toBe(2);
    const evening = await getEvening(owner, eveningId);
    expect(evening.games[0]!.result.winners).toEqual(["Anna"]);
    expect(evening.games[1]!.record.players).toEqual(["Bo", "Cecilia", "Anna", "Dag"]);
    // The new game is known to this process at the evening's version, exactly as its first deal would read it.
    expect(cachedGame(next.id, evening.version)).toEqual({
      eveningId,
      version: evening.version,
      // The change that started it, and nothing else, moved the evening on from the version before.
      changedFrom: evening.version - 1,
      record: evening.games[1]!.record,
      clientKeys: [],
    });
    await recordDeal(owner, {
      gameId: next.id,
      number: 1,
      entries: { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false }, Dag: { plays: false } },
    });
    expect((await getEvening(owner, eveningId)).games[1]!.result.scores).toEqual({
      Bo: 0,
      Cecilia: 5,
      Anna: 5,
      Dag: 5,
    });
  });

  it("a first dealer's seat that is no seat at the table is refused in words, for an evening and a next game", async () => {
    const owner = await newActor("owner");
    const before = await fingerprint();
    const input = {
      title: "Ingen giv",
      date: "2026-12-07",
      variant: "knektpass" as const,
      players: ["Anna", "Bo", "Cecilia"],
    };
    const refusal = await createEvening(owner, { ...input, firstDealerSeat: 5 }).catch((e: unknown) => e);
    expect(refusal).toMatchObject({
      code: "validation",
      fields: { firstDealerSeat: ["choose the first dealer among the players"] },
    });
    expect(JSON.stringify(refusal)).not.toContain("\\u0000");
    expect(await fingerprint()).toEqual(before);
    const { eveningId } = await newEvening(owner);
    await expect(startGame(owner, { eveningId, players: ["Anna", "Bo"], firstDealerSeat: 2 })).rejects.toMatchObject({
      code: "validation",
      fields: { firstDealerSeat: ["choose the first dealer among the players"] },
    });
  });
});
