import { describe, expect, it } from "vitest";
import {
  chooseOnConflict,
  planStep,
  removeQueued,
  sameEntries,
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

describe("sameEntries", () => {
  it("sees the same deal however each phone wrote it down", () => {
    expect(
      sameEntries(
        { A: { plays: true, exchanged: 2, tricks: 3 } },
        { A: { plays: true, exchanged: [2], tricks: 3, revoke: false } },
      ),
    ).toBe(true);
    expect(sameEntries(pair("Anna", "Bo", 3), pair("Anna", "Bo", 3))).toBe(true);
    // The deal screen says "0 cards" where a script leaves the exchange out.
    expect(sameEntries({ A: { plays: true, exchanged: 0, tricks: 3 } }, { A: { plays: true, tricks: 3 } })).toBe(true);
    expect(sameEntries({ A: { plays: true, exchanged: [2, 0] } }, { A: { plays: true, exchanged: [2] } })).toBe(true);
  });

  it("tells different deals apart, seat by seat", () => {
    expect(sameEntries(pair("Anna", "Bo", 3), pair("Anna", "Bo", 2))).toBe(false);
    expect(sameEntries(alone("Bo"), alone("Anna"))).toBe(false);
    expect(sameEntries({ A: { plays: true, exchanged: [2, 1] } }, { A: { plays: true, exchanged: 3 } })).toBe(false);
    expect(sameEntries({ A: { plays: false } }, { A: { plays: false }, B: { plays: false } })).toBe(false);
  });
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
    });
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
