import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  applyDealChange,
  fromPage,
  scoredGames,
  toPage,
  type TableData,
  type TableEdit,
} from "@/app/(table)/evenings/[id]/table-data";
import { randomGame, seeded } from "@/tests/support/random-game";
import { EDIT_LINES } from "@/lib/schemas/sizes";
import { scoreGame, type GameRecord } from "@/lib/rules";

const example = (name: string): GameRecord =>
  JSON.parse(readFileSync(new URL(`../../fixtures/records/${name}`, import.meta.url), "utf8"));

/** The table of an evening whose second game is `record` with none of its deals yet. */
function tableOf(record: GameRecord): TableData {
  const first = { ...record, deals: record.deals.slice(0, 1) };
  const second = { ...record, deals: [] };
  return {
    open: true,
    role: "owner",
    games: [
      { id: "game-1", number: 1, record: first },
      { id: "game-2", number: 2, record: second },
    ],
    edits: [],
  };
}

const at = new Date("2026-12-04T20:15:00Z");

describe("a deal change shown from the route's answer: the game as the server now scores it", () => {
  for (const name of ["knektpass-example.json", "norrlands-knack-example.json"]) {
    it(`recording the deals of ${name} one by one scores each step as the whole record does`, () => {
      const record = example(name);
      const before = tableOf(record);
      let table = before;
      record.deals.forEach((deal, i) => {
        const next = applyDealChange(
          table,
          { action: "record", gameId: "game-2", number: i + 1, entries: deal.entries },
          "Anna",
          at,
        );
        expect(next).not.toBeNull();
        table = next!;
        const upTo = { ...record, deals: record.deals.slice(0, i + 1) };
        expect(table.games[1]!.record).toEqual(upTo);
        expect(scoredGames(table.games)[1]!.result).toEqual(scoreGame(upTo));
      });
      // The other game is untouched; the history names each deal, newest first, by whom and when.
      expect(table.games[0]).toBe(before.games[0]);
      expect(table.edits.map((e) => [e.dealNumber, e.action, e.gameNumber, e.by, e.at])).toEqual(
        record.deals.map((_, i) => [record.deals.length - i, "record", 2, "Anna", at.toISOString()]),
      );
      expect(new Set(table.edits.map((e) => e.id)).size).toBe(record.deals.length);
    });
  }

  it("an edit and a deletion score the game as the record with the change does", () => {
    const record = example("knektpass-example.json");
    const table: TableData = {
      ...tableOf(record),
      games: [{ id: "game-2", number: 2, record }],
    };
    const pass = { A: { plays: false }, B: { plays: true, exchanged: 0 }, C: { plays: false } };
    const edited = applyDealChange(table, { action: "edit", gameId: "game-2", number: 4, entries: pass }, "Bo", at)!;
    const editedRecord = { ...record, deals: [...record.deals.slice(0, 3), { entries: pass }] };
    const [editedGame] = scoredGames(edited.games);
    expect(editedGame!.result).toEqual(scoreGame(editedRecord));
    expect(editedGame!.result.scores).not.toEqual(scoredGames(table.games)[0]!.result.scores);

    const deleted = applyDealChange(edited, { action: "delete", gameId: "game-2", number: 1 }, "Bo", at)!;
    const deletedRecord = { ...editedRecord, deals: editedRecord.deals.slice(1) };
    expect(deleted.games[0]!.record).toEqual(deletedRecord);
    expect(scoredGames(deleted.games)[0]!.result).toEqual(scoreGame(deletedRecord));
    expect(deleted.edits.map((e) => `${e.action} ${e.dealNumber}`)).toEqual(["delete 1", "edit 4"]);
  });

  it("the copy keeps records only; a change scores again only the game it changed", () => {
    const record = example("norrlands-knack-example.json");
    const table = tableOf(record);
    const before = scoredGames(table.games);
    const entries = record.deals[0]!.entries;
    const next = applyDealChange(table, { action: "record", gameId: "game-2", number: 1, entries }, "Anna", at)!;
    // What the phone writes down holds no results (they are three times the records' size).
    expect(next.games.every((g) => !("result" in g))).toBe(true);
    const after = scoredGames(next.games);
    expect(after[0]!.result).toBe(before[0]!.result);
    expect(after[1]!.result).not.toBe(before[1]!.result);
    expect(after[1]!.result).toEqual(scoreGame(next.games[1]!.record));
  });

  it("a change this copy cannot show is refused, for the page to be reloaded instead", () => {
    const record = example("knektpass-example.json");
    const table = tableOf(record);
    const entries = record.deals[0]!.entries;
    // Another phone's deal came first: this copy's next deal is 1, the answer speaks of deal 2.
    expect(applyDealChange(table, { action: "record", gameId: "game-2", number: 2, entries }, "A", at)).toBeNull();
    expect(applyDealChange(table, { action: "edit", gameId: "game-2", number: 1, entries }, "A", at)).toBeNull();
    expect(applyDealChange(table, { action: "delete", gameId: "game-2", number: 1 }, "A", at)).toBeNull();
    expect(applyDealChange(table, { action: "record", gameId: "game-9", number: 1, entries }, "A", at)).toBeNull();
    // Five tricks taken by one seat and three by another: not a deal the rules score.
    const wrong = {
      A: { plays: true, exchanged: 0, tricks: 5 },
      B: { plays: true, exchanged: 0, tricks: 3 },
      C: { plays: false },
    };
    expect(
      applyDealChange(table, { action: "record", gameId: "game-2", number: 1, entries: wrong }, "A", at),
    ).toBeNull();
  });

  it("the history keeps as many lines as the page shows", () => {
    const record = example("knektpass-example.json");
    const old: TableEdit[] = Array.from({ length: EDIT_LINES }, (_, i) => ({
      id: `old-${i}`,
      gameNumber: 1,
      dealNumber: 1,
      action: "edit",
      by: "Bo",
      at: at.toISOString(),
    }));
    const table = { ...tableOf(record), edits: old };
    const entries = record.deals[0]!.entries;
    const next = applyDealChange(table, { action: "record", gameId: "game-2", number: 1, entries }, "Anna", at)!;
    expect(next.edits).toHaveLength(EDIT_LINES);
    expect(next.edits[0]!.by).toBe("Anna");
    expect(next.edits.at(-1)!.id).toBe(`old-${EDIT_LINES - 2}`);
  });
});

describe("a stored game as the page carries it", () => {
  it("comes back as the same record: every field of every entry, however it was written", () => {
    const rnd = seeded(48);
    for (let i = 0; i < 200; i++) {
      const record = randomGame(rnd);
      const game = { id: `g${i}`, number: 1, record, keys: record.deals.map((_, n) => `key-${n}`) };
      expect(fromPage(toPage(game))).toEqual(game);
    }
    // Entries as the server builds them: each name an own property, "__proto__" too.
    const odd: GameRecord = {
      variant: "norrlands-knack",
      players: ["__proto__", "constructor", "Bo"],
      deals: [
        {
          entries: Object.fromEntries([
            ["__proto__", { plays: true, tricks: 0, revoke: false }],
            ["constructor", { plays: true, exchanged: [2, 3], tricks: 5, revoke: true }],
            ["Bo", { plays: false, exchanged: 0 }],
          ]),
        },
      ],
    };
    const back = fromPage(toPage({ id: "g", number: 1, record: odd }));
    expect(Object.keys(back.record.deals[0]!.entries)).toEqual(["__proto__", "constructor", "Bo"]);
    expect(back.record).toEqual(odd);
  });

  it("is a fraction of the record's size", () => {
    const record = randomGame(seeded(7), { variant: "knektpass", players: 5 });
    const page = toPage({ id: "g", number: 1, record });
    expect(JSON.stringify(page.record.deals).length).toBeLessThan(JSON.stringify(record.deals).length / 3);
  });
});
