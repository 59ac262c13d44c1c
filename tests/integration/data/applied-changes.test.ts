import { expect, it } from "vitest";
import { deleteDeal, editDeal, getGameDeals, recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { startGame } from "@/lib/data/evenings";
import { joinEvening } from "@/lib/data/members";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";
import { lone } from "@/tests/support/records";

const key = (name: string) => `${name}-${Math.random().toString(36).slice(2, 10)}`;

describeWithDatabase("changes applied once by their key", () => {
  it("an edit sent twice is made once, and the repeat is answered as the first — not as another phone's change", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: lone("Bo"), clientKey: key("rec") });
    const change = { gameId, number: 1, entries: lone("Cecilia"), expected: lone("Bo"), key: key("edit") };
    const first = await editDeal(owner, change);
    expect(first).toEqual({ number: 1, version: expect.any(Number) });
    const before = await fingerprint();
    // The answer was lost; the phone sends the same change again: its `expected` no longer matches the deal, which
    // without the key would be refused as a conflict with "another phone".
    const repeat = await editDeal(owner, change);
    expect(repeat).toEqual({ ...first, duplicate: true });
    expect(await fingerprint()).toEqual(before);
    // Without the key the same request is the conflict it looks like.
    await expect(editDeal(owner, { ...change, key: undefined })).rejects.toMatchObject({ code: "conflict" });
  });

  it("a key used for one kind of change is refused for another, and a deal past the end is not 'taken'", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: lone("Bo"), clientKey: key("rec") });
    const edit = { gameId, number: 1, entries: lone("Anna"), expected: lone("Bo"), key: key("edit") };
    await editDeal(owner, edit);
    const before = await fingerprint();
    await expect(deleteDeal(owner, { gameId, number: 1, key: edit.key })).rejects.toMatchObject({
      code: "conflict",
      text: { key: "errors.keyReused" },
    });
    await expect(recordDeal(owner, { gameId, number: 5, entries: lone("Bo") })).rejects.toMatchObject({
      code: "conflict",
      text: { key: "errors.dealNotNext", params: { n: 5, next: 2 } },
    });
    expect(await fingerprint()).toEqual(before);
  });

  it("an undo sent twice deletes one deal, not the deal that moved into its place", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: lone("Bo"), clientKey: key("rec") });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Anna"), clientKey: key("rec") });
    await recordDeal(owner, { gameId, number: 3, entries: lone("Anna"), clientKey: key("rec") });
    // Deals 2 and 3 are alike: without `expected`, a repeat of "delete 2" would delete the deal that moved up.
    const undo = { gameId, number: 2, key: key("undo") };
    const first = await deleteDeal(owner, undo);
    const repeat = await deleteDeal(owner, undo);
    expect(repeat).toEqual({ ...first, duplicate: true });
    expect((await getGameDeals(owner, gameId)).deals.map((d) => d.entries)).toEqual([lone("Bo"), lone("Anna")]);
  });

  it("a change names its deal by key: another deal of the same entries moved into its number is not changed", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: lone("Bo"), clientKey: key("rec") });
    const second = key("rec");
    await recordDeal(owner, { gameId, number: 2, entries: lone("Anna"), clientKey: second });
    await recordDeal(owner, { gameId, number: 3, entries: lone("Anna"), clientKey: key("rec") });
    // One phone deletes deal 2; another, which saw deal 2 too, deletes or edits it as well.
    await deleteDeal(owner, { gameId, number: 2, expected: lone("Anna"), expectedKey: second, key: key("undo") });
    const before = await fingerprint();
    for (const change of [
      () => deleteDeal(owner, { gameId, number: 2, expected: lone("Anna"), expectedKey: second, key: key("undo") }),
      () =>
        editDeal(owner, {
          gameId,
          number: 2,
          entries: lone("Cecilia"),
          expected: lone("Anna"),
          expectedKey: second,
          key: key("edit"),
        }),
    ])
      await expect(change()).rejects.toMatchObject({ code: "conflict", text: { key: "errors.dealChanged" } });
    expect(await fingerprint()).toEqual(before);
    expect((await getGameDeals(owner, gameId)).deals.map((d) => d.entries)).toEqual([lone("Bo"), lone("Anna")]);
  });

  it("a deal recorded, then undone, is not stored again by a late repeat of its recording", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: lone("Bo"), clientKey: key("rec") });
    const late = { gameId, number: 2, entries: lone("Anna"), clientKey: key("late") };
    await recordDeal(owner, late);
    await deleteDeal(owner, { gameId, number: 2, expected: lone("Anna"), key: key("undo") });
    const before = await fingerprint();
    // The network delivers the recording once more, after the undo.
    const repeat = await recordDeal(owner, late);
    expect(repeat).toMatchObject({ number: 2, duplicate: true, result: null });
    expect(await fingerprint()).toEqual(before);
    expect((await getGameDeals(owner, gameId)).deals).toHaveLength(1);
  });

  it("the next game sent twice is started once, and a key is the account's own", async () => {
    const owner = await newActor("owner");
    const other = await newActor("other");
    const { eveningId, gameId } = await newEvening(owner);
    for (let n = 1; n <= 20; n++) {
      const game = (await getEvening(owner, eveningId)).games[0]!;
      if (game.result.winners.length) break;
      await recordDeal(owner, { gameId, number: n, entries: lone("Anna"), clientKey: key("rec") });
    }
    const next = { eveningId, players: ["Anna", "Bo", "Cecilia"], firstDealerSeat: 1, key: key("game") };
    const first = await startGame(owner, next);
    expect(first).toEqual({ id: expect.any(String), number: 2, version: expect.any(Number) });
    expect(await startGame(owner, next)).toEqual({ ...first, duplicate: true });
    expect((await getEvening(owner, eveningId)).games).toHaveLength(2);
    // Another account's request with the same key learns nothing of it: it is checked as its own change.
    await expect(startGame(other, next)).rejects.toMatchObject({ code: "not_found" });
  });

  it("the same next game started on two phones is one game; with other seats the second is refused", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    for (let n = 1; n <= 20; n++) {
      const game = (await getEvening(owner, eveningId)).games[0]!;
      if (game.result.winners.length) break;
      await recordDeal(owner, { gameId, number: n, entries: lone("Anna"), clientKey: key("rec") });
    }
    const seats = { eveningId, players: ["Anna", "Bo", "Cecilia"], firstDealerSeat: 1, number: 2 };
    // A game past the next one is no game a phone showed: refused, nothing written.
    await expect(startGame(owner, { ...seats, number: 3, key: key("game") })).rejects.toMatchObject({
      code: "conflict",
      text: { key: "errors.gameNotNext", params: { n: 3, next: 2 } },
    });
    const first = await startGame(owner, { ...seats, key: key("game") });
    await recordDeal(owner, { gameId: first.id, number: 1, entries: lone("Bo"), clientKey: key("rec") });
    // The other phone had not heard of it: the same game, its deals recorded there.
    const second = await startGame(owner, { ...seats, key: key("game") });
    expect(second).toEqual({ id: first.id, number: 2, version: expect.any(Number), same: true });
    const before = await fingerprint();
    await expect(startGame(owner, { ...seats, firstDealerSeat: 2, key: key("game") })).rejects.toMatchObject({
      code: "conflict",
      text: { key: "errors.gameStarted", params: { n: 2 } },
    });
    await expect(
      startGame(owner, { ...seats, players: ["Bo", "Anna", "Cecilia"], key: key("game") }),
    ).rejects.toMatchObject({ text: { key: "errors.gameStarted" } });
    expect(await fingerprint()).toEqual(before);
    // Without a number, a start while game 2 is played is refused as before.
    await expect(startGame(owner, { ...seats, number: undefined })).rejects.toMatchObject({
      text: { key: "errors.gameInProgress" },
    });
    expect((await getEvening(owner, eveningId)).games).toHaveLength(2);
  });

  it("Keep mine makes the deal this account's recording: its key and recorder, so the record says who recorded it", async () => {
    const owner = await newActor("owner");
    const member = await newActor("member");
    const { eveningId, gameId } = await newEvening(owner);
    await joinEvening(member, (await getEvening(owner, eveningId)).inviteToken!);
    const theirs = key("theirs");
    await recordDeal(owner, { gameId, number: 1, entries: lone("Bo"), clientKey: theirs });
    const mine = key("mine");
    await editDeal(member, {
      gameId,
      number: 1,
      entries: lone("Anna"),
      expected: lone("Bo"),
      key: key("keep"),
      clientKey: mine,
    });
    const [deal] = (await getGameDeals(owner, gameId)).deals;
    expect(deal).toMatchObject({ entries: lone("Anna"), clientKey: mine, by: expect.stringContaining("member") });
    // The other phone's late repeat of its recording is not taken for the deal that stands: the number is taken.
    await expect(
      recordDeal(owner, { gameId, number: 1, entries: lone("Bo"), clientKey: theirs }),
    ).rejects.toMatchObject({ code: "conflict" });
    // A recording's key names one deal only, and another account's recording is never taken over — not even with
    // the deal's own key.
    const owners = key("rec");
    await recordDeal(owner, { gameId, number: 2, entries: lone("Bo"), clientKey: owners });
    const before = await fingerprint();
    for (const taken of [mine, owners])
      await expect(
        editDeal(member, { gameId, number: 2, entries: lone("Bo"), clientKey: taken }),
      ).rejects.toMatchObject({ code: "conflict", text: { key: "errors.keyReused" } });
    expect(await fingerprint()).toEqual(before);
  });
});
