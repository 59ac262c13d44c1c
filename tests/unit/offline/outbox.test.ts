import { describe, expect, it } from "vitest";
import {
  chooseOnConflict,
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

  it("puts a deal after the server's last when the server holds fewer deals than the phone's copy had", () => {
    expect(planStep(queued(1, 6), server)).toEqual({ kind: "record", number: 3 });
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
    expect(outboxCounts([conflict, ...during, { ...bad, state: "refused" }])).toEqual({
      waiting: 2,
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
