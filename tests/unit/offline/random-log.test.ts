/**
 * Two phones at one table, 200 changes of every kind (new deals, edits, undos, deletions, the next game, the table's
 * choices) on a network that is away, drops answers and delivers requests twice, with a fixed seed: the log and its
 * sync (tests/support/random-table.ts) against a server with the real one's answers (fake-server.ts). Whatever
 * happens, nothing is stored twice, no deal is lost but by the table's choice, and once the table has made its
 * choices the server's record ends as the last phone to act showed it. `LOG_SEED=n` runs another seed; `bench:chaos`
 * plays the same table against the real server.
 */
import { describe, expect, it } from "vitest";
import { playRandomTable, type ReadGame } from "@/tests/support/random-table";
import { ACCOUNT, FakeServer } from "./fake-server";

const SEED = Number(process.env.LOG_SEED ?? 20261207);
const CHANGES = 200;

describe(`two phones, ${CHANGES} changes of every kind, a network that drops and repeats (seed ${SEED})`, () => {
  it("stores nothing twice, loses nothing, and ends as the last phone to act showed it", async () => {
    const server = new FakeServer({ ...new FakeServer().setup, houseRules: { startScore: 24 } });
    server.game("g1");
    const read = async (): Promise<ReadGame[]> =>
      [...server.games.keys()].map((id, i) => {
        const { players, firstDealer } = server.setupOf(id);
        const deals = server.game(id).map((d) => ({ entries: d.entries, clientKey: d.clientKey }));
        return { id, number: i + 1, players, firstDealerSeat: players.indexOf(firstDealer!), deals };
      });
    const run = await playRandomTable({
      seed: SEED,
      changes: CHANGES,
      eveningId: "e1",
      rules: { variant: "knektpass", houseRules: { startScore: 24 } },
      read,
      phones: [
        { api: server, account: ACCOUNT },
        { api: server, account: ACCOUNT },
      ],
      faults: { away: 0.15, dropped: 0.15, twice: 0.1, delayMs: 0 },
      ...(process.env.LOG_TRACE ? { trace: (line: string) => console.log(line) } : {}),
    });
    // Every kind of change was made.
    expect(
      Object.values(run.counts).every((n) => n > 0),
      JSON.stringify(run.counts),
    ).toBe(true);
    const stored = [...server.games.values()];
    expect(stored.map((game) => game.map((d) => d.entries))).toEqual(run.showed);
    // Nothing stored twice: every key once.
    const keys = stored.flat().flatMap((d) => (d.clientKey ? [d.clientKey] : []));
    expect(new Set(keys).size).toBe(keys.length);
    // Nothing lost: each deal entered is stored, or the table dropped it (an undo, a deletion, a choice), or it was
    // the same deal another phone had recorded.
    const lost = [...run.entered.keys()].filter(
      (key) => !keys.includes(key) && !run.dropped.has(key) && !run.same.has(key),
    );
    expect(lost).toEqual([]);
  });
});
