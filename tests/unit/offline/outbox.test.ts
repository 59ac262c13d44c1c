import { describe, expect, it } from "vitest";
import {
  changeShown,
  chooseOnConflict,
  followRecord,
  planChange,
  moveQueued,
  outboxCounts,
  planStep,
  renumberProvisional,
  thenChange,
  removeQueued,
  sendOrder,
  withQueued,
  type QueuedDeal,
} from "@/lib/offline/outbox";
import { scoreGame, type GameRecord } from "@/lib/rules";
import { alone, allPass, pair, PLAYERS } from "./fake-server";

const queued = (seq: number, number: number, entries = alone("Bo"), extra: Partial<QueuedDeal> = {}): QueuedDeal => ({
  seq,
  eveningId: "e1",
  gameId: "g1",
  number,
  entries,
  clientKey: `key-${seq}-xxxxxx`,
  queuedAt: seq,
  state: "waiting",
  ...extra,
});

describe("planStep: a queued deal against the server's record", () => {
  const server = [
    { entries: pair("Anna", "Bo"), clientKey: "other-phone-1" },
    { entries: alone("Cecilia"), clientKey: "key-7-xxxxxx" },
  ];

  it("sends a deal where the server's record ends where this phone's copy ended", () => {
    expect(planStep(queued(1, 3), server)).toEqual({ kind: "record", number: 3 });
  });

  it("recognises a deal the server already holds by its client key (an answer that never arrived)", () => {
    expect(planStep(queued(7, 2, alone("Cecilia")), server)).toEqual({ kind: "stored", number: 2 });
    // Even when the server's copy moved on since: the key decides, not the number.
    expect(planStep(queued(7, 5, alone("Cecilia")), server)).toEqual({ kind: "stored", number: 2 });
  });

  it("keeps the same deal once when another phone recorded it with identical entries", () => {
    expect(planStep(queued(1, 1, pair("Anna", "Bo")), server)).toEqual({ kind: "same", number: 1 });
  });

  it("shows a conflict when another phone recorded that number differently", () => {
    expect(planStep(queued(1, 1, pair("Anna", "Bo", 2)), server)).toEqual({
      kind: "conflict",
      number: 1,
      theirs: pair("Anna", "Bo"),
      by: null,
    });
    const named = [{ ...server[0]!, by: "bo_phone" }, server[1]!];
    expect(planStep(queued(1, 1, pair("Anna", "Bo", 2)), named)).toMatchObject({ kind: "conflict", by: "bo_phone" });
  });

  it("never compares a deal entered during a conflict: it follows the server's last deal", () => {
    // Shown as deal 1 while the conflict waited; the server's deal 1 is another (or this phone's own kept) deal.
    expect(planStep(queued(9, 1, pair("Anna", "Bo"), { provisional: true }), server)).toEqual({
      kind: "record",
      number: 3,
    });
    expect(planStep(queued(9, 2, alone("Anna"), { provisional: true }), server)).toEqual({ kind: "record", number: 3 });
  });

  it("never stores a deal under another number when the server holds fewer deals than the phone's copy had", () => {
    // Another phone undid deals: as deal 3 it would have another dealer — the table chooses (refusal "moved").
    expect(planStep(queued(1, 6), server)).toEqual({ kind: "moved", number: 6, next: 3 });
    expect(planStep(queued(1, 3), server)).toEqual({ kind: "record", number: 3 });
  });
});

describe("sendOrder", () => {
  it("sends per game in the order the deals were entered, whatever order they are read in", () => {
    const deals = [
      queued(4, 2, alone("Bo"), { gameId: "g2" }),
      queued(3, 2),
      queued(1, 1),
      queued(2, 1, alone("Bo"), { gameId: "g2" }),
    ];
    expect(sendOrder(deals).map((game) => game.map((d) => d.seq))).toEqual([
      [1, 3],
      [2, 4],
    ]);
  });
});

describe("chooseOnConflict", () => {
  const queue = [queued(1, 3, alone("Bo"), { state: "conflict", theirs: alone("Anna") }), queued(2, 4), queued(3, 5)];

  it("keep theirs drops mine; the deals after it keep their places behind theirs", () => {
    expect(chooseOnConflict(queue, 1, "theirs", 4)).toEqual({ remove: [1], update: [] });
  });

  it("keep mine leaves the outbox once sent as an edit of theirs", () => {
    expect(chooseOnConflict(queue, 1, "mine", 4)).toEqual({ remove: [1], update: [] });
  });

  it("keep both puts mine, and every deal queued after it, behind the server's last deal", () => {
    expect(chooseOnConflict(queue, 1, "both", 4)).toEqual({
      remove: [],
      update: [
        { seq: 1, changes: { number: 5, state: "waiting", theirs: undefined } },
        { seq: 2, changes: { number: 6 } },
        { seq: 3, changes: { number: 7 } },
      ],
    });
  });

  it("changes nothing for a deal that is not in conflict", () => {
    expect(chooseOnConflict(queue, 2, "theirs", 4)).toEqual({ remove: [], update: [] });
  });
});

describe("removeQueued", () => {
  it("moves the deals queued after it up one place, in its game only", () => {
    const queue = [queued(1, 3), queued(2, 4), queued(3, 5), queued(4, 4, alone("Bo"), { gameId: "g2" })];
    expect(removeQueued(queue, 2)).toEqual({ remove: [2], update: [{ seq: 3, changes: { number: 4 } }] });
  });
});

describe("withQueued: the game as this phone shows it", () => {
  const record: GameRecord = {
    variant: "knektpass",
    players: PLAYERS,
    firstDealer: "Anna",
    deals: [{ entries: pair("Anna", "Bo") }],
  };
  const result = scoreGame(record);

  it("plays the waiting deals on top of the server's, as the rules score them", () => {
    const local = withQueued(record, result, [queued(1, 2, alone("Cecilia")), queued(2, 3, allPass())]);
    const expected = scoreGame({
      ...record,
      deals: [...record.deals, { entries: alone("Cecilia") }, { entries: allPass() }],
    });
    expect(local.queued).toEqual([2, 3]);
    expect(local.result.scores).toEqual(expected.scores);
    expect(local.result.nextDeal).toEqual(expected.nextDeal);
  });

  it("stops at a deal the table must decide on, and at one the rules refuse", () => {
    const conflict = withQueued(record, result, [queued(1, 2, alone("Cecilia"), { state: "conflict" }), queued(2, 3)]);
    expect(conflict.queued).toEqual([]);
    expect(conflict.result).toBe(result);
    const refused = withQueued(record, result, [queued(1, 2, { Anna: { plays: true, tricks: 9 } }), queued(2, 3)]);
    expect(refused.queued).toEqual([]);
  });
});

describe("the table plays on during a conflict", () => {
  const record: GameRecord = {
    variant: "knektpass",
    players: PLAYERS,
    firstDealer: "Anna",
    // The server holds 2 deals: another phone's deal 2 conflicts with this phone's.
    deals: [{ entries: pair("Anna", "Bo") }, { entries: pair("Cecilia", "Anna") }],
  };
  const result = scoreGame(record);
  const conflict = queued(1, 2, alone("Cecilia"), { state: "conflict", theirs: pair("Cecilia", "Anna") });
  // Entered while the conflict was shown: the form offered 3 and 4 (after the server's deals).
  const during = [
    queued(2, 3, pair("Bo", "Cecilia"), { provisional: true }),
    queued(3, 4, allPass(), { provisional: true }),
  ];
  /** The queue after a change, as the store would hold it. */
  const apply = (queue: QueuedDeal[], change: ReturnType<typeof thenChange>) =>
    queue
      .filter((d) => !change.remove.includes(d.seq!))
      .map((d) => ({ ...d, ...change.update.find((u) => u.seq === d.seq)?.changes }));

  it("shows the deals entered meanwhile after the server's, marked provisional, and holds the conflicted one", () => {
    const local = withQueued(record, result, [conflict, ...during]);
    expect(local.queued).toEqual([3, 4]);
    expect(local.provisional).toEqual([3, 4]);
    expect([...local.seqOf]).toEqual([
      [3, 2],
      [4, 3],
    ]);
    const expected = scoreGame({
      ...record,
      deals: [...record.deals, { entries: pair("Bo", "Cecilia") }, { entries: allPass() }],
    });
    expect(local.result.scores).toEqual(expected.scores);
    // The next deal the form offers follows them.
    expect(local.result.nextDeal).toEqual(expected.nextDeal);
    expect(local.record.deals).toHaveLength(4);
  });

  it.each([
    ["theirs", 2, [3, 4]],
    ["mine", 2, [3, 4]],
    ["both", 2, [4, 5]],
  ] as const)(
    "after Keep %s the deals entered meanwhile follow the record, numbered for good",
    (choice, length, numbers) => {
      const queue = [conflict, ...during];
      // Keep mine sends mine as an edit of theirs (the sync does that) and then drops it.
      const chosen = choice === "mine" ? { remove: [1], update: [] } : chooseOnConflict(queue, 1, choice, length);
      const after = apply(queue, chosen);
      const change = thenChange(chosen, renumberProvisional(after, length));
      const final = apply(queue, change);
      expect(final.filter((d) => d.seq !== 1).map((d) => [d.number, d.provisional ?? false])).toEqual(
        numbers.map((n) => [n, false]),
      );
      if (choice === "both") expect(final.find((d) => d.seq === 1)).toMatchObject({ number: 3, state: "waiting" });
      else expect(final.find((d) => d.seq === 1)).toBeUndefined();
    },
  );

  it("keeps deals entered meanwhile provisional while a conflict is still ahead of them", () => {
    expect(renumberProvisional([conflict, ...during], 2)).toEqual({ remove: [], update: [] });
  });

  it("renumbers behind deals queued before the conflict was found that still wait", () => {
    const before = queued(0, 3, allPass());
    expect(renumberProvisional([before, ...during], 2).update.map((u) => u.changes.number)).toEqual([4, 5]);
  });

  it("stops showing provisional deals at one the rules refuse, and counts the outbox apart", () => {
    const bad = queued(4, 5, { Anna: { plays: true, tricks: 9 } }, { provisional: true });
    const local = withQueued(record, result, [conflict, ...during, bad]);
    expect(local.queued).toEqual([3, 4]);
    const edit = queued(9, 1, alone("Bo"), { kind: "edit", expected: alone("Anna") });
    expect(outboxCounts([conflict, ...during, { ...bad, state: "refused" }, edit])).toEqual({
      waiting: 2,
      changes: 1,
      games: 0,
      conflict: 1,
      refused: 1,
    });
  });

  it("moves a refused deal into another game as its next deal, waiting again", () => {
    const refused = queued(5, 7, alone("Bo"), { state: "refused", reason: "won", refusal: "won" });
    expect(moveQueued(refused, "g2", 1)).toEqual({
      remove: [],
      update: [
        {
          seq: 5,
          changes: {
            gameId: "g2",
            number: 1,
            state: "waiting",
            reason: undefined,
            refusal: undefined,
            provisional: undefined,
          },
        },
      ],
    });
  });
});

describe("the log's edits and deletions", () => {
  const record: GameRecord = { variant: "knektpass", players: PLAYERS, firstDealer: "Anna", deals: [] };
  const stored = { ...record, deals: [{ entries: pair("Anna", "Bo") }, { entries: alone("Cecilia") }] };
  const show = (queue: QueuedDeal[], base = stored) => withQueued(base, scoreGame(base), queue);

  it("shows an edit or deletion of a stored deal on top of the server's record, and the deals after it renumbered", () => {
    const edit = queued(1, 2, alone("Bo"), { kind: "edit", expected: alone("Cecilia") });
    const local = show([edit, queued(2, 3, allPass())]);
    expect(local.record.deals.map((d) => d.entries)).toEqual([pair("Anna", "Bo"), alone("Bo"), allPass()]);
    expect(local.queued).toEqual([2, 3]);
    expect(local.seqOf.get(2)).toBe(1);
    expect(local.result).toEqual(scoreGame(local.record));
    const removed = show([queued(1, 1, pair("Anna", "Bo"), { kind: "delete", expected: pair("Anna", "Bo") })]);
    expect(removed.record.deals.map((d) => d.entries)).toEqual([alone("Cecilia")]);
    // Made on a deal the server's record no longer holds at that number (another phone changed it): not shown.
    const stale = show([queued(1, 2, alone("Bo"), { kind: "edit", expected: alone("Anna") })]);
    expect(stale.record).toBe(stored);
  });

  it("finds the deal an edit names by its recording's key, wherever the deal is shown", () => {
    const recorded = queued(1, 3, allPass(), { clientKey: "rec-key-1", sent: true });
    const undo = queued(2, 3, allPass(), { kind: "delete", expected: allPass(), target: "rec-key-1" });
    const next = queued(3, 3, alone("Anna"));
    const local = show([recorded, undo, next]);
    expect(local.record.deals.map((d) => d.entries)).toEqual([pair("Anna", "Bo"), alone("Cecilia"), alone("Anna")]);
    expect(local.seqOf.get(3)).toBe(3);
  });

  it("changes an entry in place until it is sent; after that a change is a new entry that names its deal", () => {
    const waiting = queued(1, 3, allPass(), { clientKey: "rec-key-1" });
    expect(changeShown([waiting], 1, { kind: "edit", entries: alone("Bo") }, "k2")).toMatchObject({
      update: [{ seq: 1, changes: { entries: alone("Bo") } }],
    });
    expect(changeShown([waiting], 1, { kind: "delete" }, "k2")).toEqual({ remove: [1], update: [] });
    const sent = { ...waiting, sent: true as const };
    const edit = changeShown([sent], 1, { kind: "edit", entries: alone("Bo") }, "edit-key-2");
    expect(edit).toMatchObject({ remove: [], update: [] });
    expect(edit.add).toEqual([
      expect.objectContaining({
        kind: "edit",
        number: 3,
        entries: alone("Bo"),
        expected: allPass(),
        target: "rec-key-1",
        clientKey: "edit-key-2",
        state: "waiting",
      }),
    ]);
    expect(edit.add![0]).not.toHaveProperty("sent");
    // An edit of an edit on its way names the same deal, made on what the phone shows now.
    const sentEdit = { ...edit.add![0]!, seq: 2, sent: true as const };
    expect(changeShown([sent, sentEdit], 2, { kind: "delete" }, "undo-key-3").add).toEqual([
      expect.objectContaining({ kind: "delete", target: "rec-key-1", expected: alone("Bo"), clientKey: "undo-key-3" }),
    ]);
  });

  it("drops a change of a deal whose recording was never stored, and sends the others for the deal's number now", () => {
    const server = [
      { entries: pair("Anna", "Bo"), clientKey: "a" },
      { entries: allPass(), clientKey: "rec-key-1" },
    ];
    expect(planChange({ number: 3, target: "rec-key-1" }, server)).toEqual({ kind: "send", number: 2 });
    expect(planChange({ number: 3, target: "never-stored" }, server)).toEqual({ kind: "drop" });
    expect(planChange({ number: 1 }, server)).toEqual({ kind: "send", number: 1 });
  });

  it("moves a deal and the new deals after it to follow the server's last deal, by the table's choice", () => {
    const queue = [
      queued(1, 5, allPass(), { state: "refused", refusal: "moved" }),
      queued(2, 6, alone("Bo")),
      queued(3, 2, alone("Bo"), { kind: "edit", expected: alone("Cecilia") }),
    ];
    expect(followRecord(queue, 1, 3)).toEqual({
      remove: [],
      update: [
        { seq: 1, changes: { state: "waiting", reason: undefined, refusal: undefined, number: 3 } },
        { seq: 2, changes: { number: 4 } },
      ],
    });
  });
});

describe("the deals entered after a chosen one, numbered anew behind it", () => {
  // Numbers earlier choices left out of step: a deal after a deletion of a stored deal, shown then as deal 5.
  const queue = [
    queued(1, 23, allPass(), { state: "refused", refusal: "moved" }),
    queued(2, 24, alone("Bo")),
    queued(3, 5, alone("Bo"), { kind: "delete", expected: alone("Anna") }),
    queued(4, 5, alone("Cecilia")),
  ];

  it("Store as deal N: each after the one before, a deletion in between taking one away, never below 1", () => {
    expect(followRecord(queue, 1, 12).update).toEqual([
      { seq: 1, changes: { state: "waiting", reason: undefined, refusal: undefined, number: 12 } },
      { seq: 2, changes: { number: 13 } },
      { seq: 4, changes: { number: 13 } },
    ]);
  });

  it("Keep both: the same", () => {
    const conflict = queue.map((d, i) => (i === 0 ? { ...d, state: "conflict" as const, theirs: allPass() } : d));
    expect(chooseOnConflict(conflict, 1, "both", 11).update.map((u) => [u.seq, u.changes.number])).toEqual([
      [1, 12],
      [2, 13],
      [4, 13],
    ]);
  });
});

describe("a conflict found before the page has the server's deal", () => {
  it("shows the server's deal of its number in its place, so the next deal's number holds", () => {
    const record: GameRecord = { variant: "knektpass", players: PLAYERS, firstDealer: "Anna", deals: [] };
    const conflict = queued(1, 1, alone("Bo"), { state: "conflict", theirs: alone("Cecilia") });
    const during = queued(2, 2, alone("Anna"), { provisional: true });
    const early = withQueued(record, scoreGame(record), [conflict, during]);
    expect(early.record.deals.map((d) => d.entries)).toEqual([alone("Cecilia"), alone("Anna")]);
    expect(early.queued).toEqual([2]);
    // Once the page has the server's deal, the same view.
    const stored = { ...record, deals: [{ entries: alone("Cecilia") }] };
    const later = withQueued(stored, scoreGame(stored), [conflict, during]);
    expect(later.record.deals).toEqual(early.record.deals);
  });
});

describe("a waiting deal the server holds a deal of its number for", () => {
  it("is not shown, and holds back nothing entered after it: those follow the server's deals", () => {
    const record: GameRecord = { variant: "knektpass", players: PLAYERS, firstDealer: "Anna", deals: [] };
    // Another phone recorded deals 1 and 2; this phone's deal 2 (entered before it knew) waits to be compared.
    const stored = { ...record, deals: [{ entries: alone("Bo") }, { entries: alone("Anna") }] };
    const mine = queued(1, 2, alone("Cecilia"));
    const after = queued(2, 3, allPass());
    const local = withQueued(stored, scoreGame(stored), [mine, after]);
    expect(local.record.deals.map((d) => d.entries)).toEqual([alone("Bo"), alone("Anna"), allPass()]);
    expect(local.queued).toEqual([3]);
  });
});
