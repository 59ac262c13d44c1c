import { describe, expect, it } from "vitest";
import { keepMine, syncOutbox } from "@/lib/offline/sync";
import { changeShown, chooseOnConflict, followRecord, withQueued, type ShownChange } from "@/lib/offline/outbox";
import { scoreGame } from "@/lib/rules";
import { ACCOUNT, allPass, alone, FakeServer, MemoryQueue, pair } from "./fake-server";

function phone() {
  const queue = new MemoryQueue();
  let n = 0;
  const enter = (number: number, entries: ReturnType<typeof alone>, gameId = "g1") =>
    queue.add({ eveningId: "e1", gameId, number, entries, clientKey: `phone-a-${++n}-key` });
  return { queue, enter };
}

describe("syncOutbox", () => {
  it("sends every queued deal once, in the order entered, per game", async () => {
    const server = new FakeServer();
    const { queue, enter } = phone();
    enter(1, pair("Anna", "Bo"));
    enter(1, alone("Bo"), "g2");
    enter(2, alone("Cecilia"));
    enter(3, allPass());
    const report = await syncOutbox(queue, server, ACCOUNT);
    expect(report).toEqual({ outcome: "done", stored: 4, same: [] });
    expect(server.game("g1").map((d) => d.clientKey)).toEqual(["phone-a-1-key", "phone-a-3-key", "phone-a-4-key"]);
    expect(server.game("g2").map((d) => d.clientKey)).toEqual(["phone-a-2-key"]);
    expect(queue.deals).toEqual([]);
  });

  it("stores nothing twice when the answer to a send never arrived (the tab closed mid-sync)", async () => {
    const server = new FakeServer();
    const { queue, enter } = phone();
    enter(1, pair("Anna", "Bo"));
    enter(2, alone("Cecilia"));
    // The first deal reached the server, but the phone never heard back, so it is still queued.
    server.recordedElsewhere("g1", pair("Anna", "Bo"), "phone-a-1-key");
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({ outcome: "done", stored: 1, same: [] });
    expect(server.game("g1").map((d) => d.clientKey)).toEqual(["phone-a-1-key", "phone-a-2-key"]);
    // A second run has nothing left to send.
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({ outcome: "done", stored: 0, same: [] });
    expect(server.game("g1")).toHaveLength(2);
  });

  it("keeps the same deal from another phone once, and stops at a different one for the table to choose", async () => {
    const server = new FakeServer();
    server.recordedElsewhere("g1", pair("Anna", "Bo"));
    server.recordedElsewhere("g1", alone("Anna"));
    const { queue, enter } = phone();
    enter(1, pair("Anna", "Bo")); // identical: the same deal
    enter(2, alone("Cecilia")); // different: a conflict
    enter(3, allPass()); // waits behind the conflict
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({
      outcome: "done",
      stored: 0,
      same: [{ key: "phone-a-1-key", as: null }],
    });
    expect(server.game("g1")).toHaveLength(2);
    expect(queue.deals.map((d) => [d.number, d.state])).toEqual([
      [2, "conflict"],
      [3, "waiting"],
    ]);
    expect(queue.deals[0]!.theirs).toEqual(alone("Anna"));
  });

  it.each([
    ["theirs", [alone("Anna"), allPass()]],
    ["both", [alone("Anna"), alone("Cecilia"), allPass()]],
  ] as const)("keep %s ends with the expected record", async (choice, expected) => {
    const server = new FakeServer();
    server.recordedElsewhere("g1", alone("Anna"));
    const { queue, enter } = phone();
    enter(1, alone("Cecilia"));
    enter(2, allPass());
    await syncOutbox(queue, server, ACCOUNT);
    await queue.apply(chooseOnConflict(await queue.list(), 1, choice, server.game("g1").length));
    await syncOutbox(queue, server, ACCOUNT);
    expect(server.game("g1").map((d) => d.entries)).toEqual(expected);
    expect(queue.deals).toEqual([]);
  });

  it("keep mine replaces theirs as an edit, then the rest is sent", async () => {
    const server = new FakeServer();
    server.recordedElsewhere("g1", alone("Anna"));
    const { queue, enter } = phone();
    enter(1, alone("Cecilia"));
    enter(2, allPass());
    await syncOutbox(queue, server, ACCOUNT);
    const mine = queue.deals[0]!.clientKey;
    expect(await keepMine(queue, server, queue.deals[0]!)).toEqual({ ok: true });
    // The deal is this phone's recording now: its key, its account.
    expect(server.game("g1")[0]).toEqual({ entries: alone("Cecilia"), clientKey: mine, by: ACCOUNT });
    await syncOutbox(queue, server, ACCOUNT);
    expect(server.game("g1").map((d) => d.entries)).toEqual([alone("Cecilia"), allPass()]);
    expect(queue.deals).toEqual([]);
  });

  it("keep mine does not replace theirs another phone changed again since the table saw it; the conflict shows it as it is", async () => {
    const server = new FakeServer();
    server.recordedElsewhere("g1", alone("Anna"));
    const { queue, enter } = phone();
    enter(1, alone("Cecilia"));
    await syncOutbox(queue, server, ACCOUNT);
    server.game("g1")[0]!.entries = alone("Bo");
    expect(await keepMine(queue, server, queue.deals[0]!)).toEqual({ ok: false, reason: "Deal 1 was changed" });
    expect(server.game("g1").map((d) => d.entries)).toEqual([alone("Bo")]);
    // The conflict now shows theirs as it is; chosen again, mine replaces that.
    expect(queue.deals[0]).toMatchObject({ state: "conflict", theirs: alone("Bo") });
    expect(await keepMine(queue, server, queue.deals[0]!)).toEqual({ ok: true });
    expect(server.game("g1").map((d) => d.entries)).toEqual([alone("Cecilia")]);
    expect(queue.deals).toEqual([]);
  });

  it("leaves a deal the rules now refuse in the outbox with the reason, and what follows it unsent", async () => {
    // The other phone's deals won the game for Bo meanwhile.
    const server = new FakeServer();
    for (let i = 0; i < 3; i++) server.recordedElsewhere("g1", alone("Bo"));
    const { queue, enter } = phone();
    enter(4, pair("Anna", "Cecilia"));
    enter(5, allPass());
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({ outcome: "done", stored: 0, same: [] });
    expect(queue.deals[0]).toMatchObject({ state: "refused", number: 4 });
    expect(queue.deals[0]!.reason).toMatch(/over|won|winner/i);
    expect(queue.deals[1]).toMatchObject({ state: "waiting" });
    expect(server.game("g1")).toHaveLength(3);
  });

  it("an edit of a deal kept once as the same deal another phone recorded changes that deal", async () => {
    const server = new FakeServer();
    const { queue, enter } = phone();
    const mine = enter(1, pair("Anna", "Bo"));
    // Sent, its answer lost: the edit made meanwhile is an entry of its own, naming the deal by this phone's key.
    await queue.markSent(mine.seq!);
    await queue.apply(changeShown(queue.deals, mine.seq!, { kind: "edit", entries: alone("Bo") }, "edit-1"));
    server.recordedElsewhere("g1", pair("Anna", "Bo"), "other-phone-key");
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({
      outcome: "done",
      stored: 1,
      same: [{ key: "phone-a-1-key", as: "other-phone-key" }],
    });
    expect(server.game("g1")).toEqual([{ entries: alone("Bo"), clientKey: "other-phone-key" }]);
    expect(queue.deals).toEqual([]);
  });

  it("deals of a next game whose refused start the table deleted wait for the table, sent for no game", async () => {
    const server = new FakeServer();
    const { queue, enter } = phone();
    enter(1, alone("Bo"), "pending-started-elsewhere");
    enter(2, allPass(), "pending-started-elsewhere");
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({ outcome: "done", stored: 0, same: [] });
    expect(queue.deals.map((d) => [d.state, d.refusal])).toEqual([
      ["refused", "unstarted"],
      ["refused", "unstarted"],
    ]);
    // Nothing sent for them: only the session was asked for.
    expect(server.log).toEqual(["GET session"]);
  });

  it("keeps the outbox when the network fails or the session ended, and sends it later", async () => {
    const server = new FakeServer();
    const { queue, enter } = phone();
    enter(1, pair("Anna", "Bo"));
    enter(2, alone("Cecilia"));
    server.reachable = false;
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({ outcome: "offline", stored: 0, same: [] });
    server.reachable = true;
    server.signedIn = false;
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({ outcome: "signIn", stored: 0, same: [] });
    expect(queue.deals).toHaveLength(2);
    server.signedIn = true;
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({ outcome: "done", stored: 2, same: [] });
  });

  it("checks again when another phone writes between the check and the send", async () => {
    const server = new FakeServer();
    const { queue, enter } = phone();
    enter(1, pair("Anna", "Bo"));
    let once = true;
    server.before = (method) => {
      if (method === "POST" && once) {
        once = false;
        server.recordedElsewhere("g1", pair("Anna", "Bo"));
      }
    };
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({
      outcome: "done",
      stored: 0,
      same: [{ key: "phone-a-1-key", as: null }],
    });
    // The other phone's deal was the same: kept once.
    expect(server.game("g1")).toHaveLength(1);
    expect(queue.deals).toEqual([]);
  });
});

describe("syncOutbox: the last intent wins, also while a send is on its way", () => {
  /** The table changes deal `seq` as shown while the server is answering (the send on its way). */
  const duringSend = (queue: MemoryQueue, seq: number, change: ShownChange, key: string) => () =>
    void queue.apply(changeShown(queue.deals, seq, change, key));

  it("an edit made while the deal's send is on its way is sent after it, and the server ends with the edit", async () => {
    const server = new FakeServer();
    const { queue, enter } = phone();
    const entered = enter(1, alone("Bo"));
    server.before = once(
      "POST",
      duringSend(queue, entered.seq!, { kind: "edit", entries: alone("Cecilia") }, "edit-1"),
    );
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({ outcome: "done", stored: 2, same: [] });
    expect(server.game("g1").map((d) => d.entries)).toEqual([alone("Cecilia")]);
    expect(queue.deals).toEqual([]);
  });

  it("an undo made while the deal's send is on its way deletes the stored deal: nothing reappears", async () => {
    const server = new FakeServer();
    const { queue, enter } = phone();
    enter(1, pair("Anna", "Bo"));
    const undone = enter(2, alone("Bo"));
    server.before = once("POST", duringSend(queue, undone.seq!, { kind: "delete" }, "undo-1"), 2);
    await syncOutbox(queue, server, ACCOUNT);
    expect(server.game("g1").map((d) => d.entries)).toEqual([pair("Anna", "Bo")]);
    expect(queue.deals).toEqual([]);
    // The network delivers the undone deal's recording once more: it is not stored again.
    expect((await server.record("g1", { number: 2, entries: alone("Bo"), clientKey: undone.clientKey })).status).toBe(
      200,
    );
    expect(server.game("g1")).toHaveLength(1);
  });

  it("a deal whose answer was lost, undone and entered again, is not a conflict with 'another phone'", async () => {
    const server = new FakeServer();
    const { queue, enter } = phone();
    // The save reached the server; its answer did not, so the phone kept it as sent.
    const wrong = enter(1, alone("Bo"));
    await queue.markSent(wrong.seq!);
    server.recordedElsewhere("g1", alone("Bo"), wrong.clientKey);
    await queue.apply(changeShown(queue.deals, wrong.seq!, { kind: "delete" }, "undo-2"));
    enter(1, alone("Cecilia"));
    await syncOutbox(queue, server, ACCOUNT);
    expect(queue.deals).toEqual([]);
    expect(server.game("g1").map((d) => d.entries)).toEqual([alone("Cecilia")]);
  });

  it("a repeated edit whose first answer was lost is answered as the first, not as another phone's change", async () => {
    const server = new FakeServer();
    server.recordedElsewhere("g1", alone("Bo"), "stored-1");
    const { queue } = phone();
    queue.add({
      eveningId: "e1",
      gameId: "g1",
      number: 1,
      kind: "edit",
      entries: alone("Anna"),
      expected: alone("Bo"),
      clientKey: "edit-key-9",
    });
    // The first send was made and its answer lost.
    await server.edit("g1", 1, alone("Anna"), { expected: alone("Bo"), key: "edit-key-9" });
    expect(await syncOutbox(queue, server, ACCOUNT)).toEqual({ outcome: "done", stored: 0, same: [] });
    expect(queue.deals).toEqual([]);
    expect(server.game("g1").map((d) => d.entries)).toEqual([alone("Anna")]);
  });

  it("a deal entered after deals another phone undid waits for the table's choice, then follows the record", async () => {
    const server = new FakeServer();
    server.recordedElsewhere("g1", pair("Anna", "Bo"));
    const { queue, enter } = phone();
    // The phone's copy had three deals; another phone undid two meanwhile.
    enter(4, alone("Bo"));
    enter(5, alone("Cecilia"));
    await syncOutbox(queue, server, ACCOUNT);
    expect(server.game("g1")).toHaveLength(1);
    expect(queue.deals.map((d) => [d.number, d.state, d.refusal])).toEqual([
      [4, "refused", "moved"],
      [5, "waiting", undefined],
    ]);
    await queue.apply(followRecord(queue.deals, queue.deals[0]!.seq!, 2));
    await syncOutbox(queue, server, ACCOUNT);
    expect(server.game("g1").map((d) => d.entries)).toEqual([pair("Anna", "Bo"), alone("Bo"), alone("Cecilia")]);
  });

  it("an edit of a deal another phone changed meanwhile is refused, not made over theirs — and holds back nothing", async () => {
    const server = new FakeServer();
    server.recordedElsewhere("g1", alone("Anna"));
    const { queue } = phone();
    queue.add({
      eveningId: "e1",
      gameId: "g1",
      number: 1,
      kind: "edit",
      entries: alone("Cecilia"),
      expected: alone("Bo"),
      clientKey: "edit-key-7",
    });
    // A deal entered after the edit, on this phone, without a signal.
    queue.add({ eveningId: "e1", gameId: "g1", number: 2, entries: allPass(), clientKey: "after-key-7" });
    await syncOutbox(queue, server, ACCOUNT);
    expect(server.game("g1").map((d) => d.entries)).toEqual([alone("Anna"), allPass()]);
    expect(queue.deals.map((d) => [d.kind, d.state, d.refusal])).toEqual([["edit", "refused", "changed"]]);
    // What the phone shows meanwhile: the server's record, the refused change not in it.
    const record = { ...server.setup, deals: server.game("g1").map((d) => ({ entries: d.entries })) };
    expect(withQueued(record, scoreGame(record), queue.deals).record).toBe(record);
  });
});

/** Runs `fn` before the `nth` request of `method` only. */
function once(method: string, fn: () => void, nth = 1): (m: string) => void {
  let seen = 0;
  return (m) => {
    if (m === method && ++seen === nth) fn();
  };
}

describe("syncOutbox: the next game started without a signal", () => {
  it("starts the game once, then sends its deals under the game's id, in the order entered", async () => {
    const server = new FakeServer();
    // Game 1 won on the server (its last deals sent before).
    for (let won = false; !won;) {
      server.recordedElsewhere("g1", alone("Bo"));
      const record = { ...server.setup, deals: server.game("g1").map((d) => ({ entries: d.entries })) };
      won = scoreGame(record).winners.length > 0;
    }
    const { queue } = phone();
    const game = { eveningId: "e1", number: 2, entries: {}, players: ["Anna", "Bo", "Cecilia"], firstDealerSeat: 1 };
    queue.add({ ...game, gameId: "pending-game-key-1", kind: "game", clientKey: "game-key-1" });
    queue.add({
      eveningId: "e1",
      gameId: "pending-game-key-1",
      number: 1,
      entries: alone("Anna"),
      clientKey: "d1-key-1",
    });
    queue.add({ eveningId: "e1", gameId: "pending-game-key-1", number: 2, entries: allPass(), clientKey: "d2-key-1" });
    const told: [string | undefined, number, string | undefined][] = [];
    const report = await syncOutbox(queue, server, ACCOUNT, (entry, number, _, id) =>
      told.push([entry.kind, number, id]),
    );
    expect(report).toEqual({ outcome: "done", stored: 3, same: [] });
    expect(server.game("g2").map((d) => d.entries)).toEqual([alone("Anna"), allPass()]);
    expect(queue.deals).toEqual([]);
    expect(told).toEqual([
      ["game", 2, "g2"],
      [undefined, 1, undefined],
      [undefined, 2, undefined],
    ]);
    // A repeat of the start (an answer the network lost) is the same game, not a third one.
    expect((await server.startGame("e1", { ...game, key: "game-key-1" })).body).toMatchObject({
      id: "g2",
      duplicate: true,
    });
  });

  it("keeps the game and its deals on the phone while the game before is not over on the server", async () => {
    const server = new FakeServer();
    server.recordedElsewhere("g1", alone("Bo"));
    const { queue } = phone();
    queue.add({
      eveningId: "e1",
      gameId: "pending-k2345678",
      number: 2,
      entries: {},
      kind: "game",
      players: ["Anna", "Bo", "Cecilia"],
      firstDealerSeat: 0,
      clientKey: "k2345678",
    });
    queue.add({
      eveningId: "e1",
      gameId: "pending-k2345678",
      number: 1,
      entries: alone("Anna"),
      clientKey: "d-k2345678",
    });
    await syncOutbox(queue, server, ACCOUNT);
    expect(queue.deals.map((d) => [d.kind, d.state])).toEqual([
      ["game", "refused"],
      [undefined, "waiting"],
    ]);
    expect(server.games.has("g2")).toBe(false);
  });
});
