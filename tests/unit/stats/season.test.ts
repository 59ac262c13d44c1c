import { describe, expect, it } from "vitest";
import { evaluateGame, type GameRecord } from "@/lib/rules";
import { gamePoints, groupRecords, readAsOne, seasonTable, spellingsAsOne, type SeasonGame } from "@/lib/stats/season";
import { summarizeGame } from "@/lib/stats/summary";
import { deal, game, knocks, passes, plays } from "@/tests/support/records";

const scored = (evening: string, ref: string, record: GameRecord, date?: string): SeasonGame => {
  const evaluation = evaluateGame(record);
  if (!evaluation.ok) throw new Error(JSON.stringify(evaluation.problems));
  return {
    eveningId: evening,
    game: ref,
    date: date ?? null,
    players: record.players,
    summary: summarizeGame(record, evaluation.result),
  };
};
const five = { houseRules: { startScore: 5 } };
const alone = (who: string, players: string[]) =>
  deal(Object.fromEntries(players.map((p) => [p, p === who ? plays() : passes()])));

/**
 * A Knektpass season, start 5, computed by hand (D sits in from the second evening; "lone" is −5):
 *   e1 G1 A B C: A alone → A 0 wins.                       points A 1+2, B 0, C 0 (B = C = 5)
 *   e1 G2 A B C: all play 1/2/2 → 4 3 3; B alone → B 0.     points B 3, C 1 (3 beats A's 4), A 0
 *   e2 G3 A B D: D alone → D wins.                          points D 3, A 0, B 0
 *   e2 G6 A B D: 1/2/2 → 4 3 3 (A 1 behind); A alone → 0.   points A 3, B 0, D 0 (equal scores beat no one)
 *   e3 G4 A B C D: 2/1/1/1 → 3 4 4 4, not finished.         no points
 *   e3 G5 A B C D: C alone → C wins.                        points C 1+3, others 0
 * Per evening: A 3 3 0 = 6; B 3 0 0 = 3; C 1 – 4 = 5; D – 3 0 = 3.
 */
const season = (d = "D") => {
  const abc = ["A", "B", "C"];
  const abd = ["A", "B", d];
  const all = ["A", "B", "C", d];
  return [
    scored("e1", "G1", game("knektpass", abc, [alone("A", abc)], five), "2026-01-10"),
    scored(
      "e1",
      "G2",
      game("knektpass", abc, [deal({ A: plays(1), B: plays(2), C: plays(2) }), alone("B", abc)], five),
      "2026-01-10",
    ),
    scored("e2", "G3", game("knektpass", abd, [alone(d, abd)], five), "2026-02-01"),
    scored(
      "e2",
      "G6",
      game("knektpass", abd, [deal({ A: plays(1), B: plays(2), [d]: plays(2) }), alone("A", abd)], five),
      "2026-02-01",
    ),
    scored("e3", "G4", game("knektpass", all, [deal({ A: plays(2), B: plays(1), C: plays(1), [d]: plays(1) })], five)),
    scored("e3", "G5", game("knektpass", all, [alone("C", all)], five)),
  ];
};

describe("the points scheme (hand-computed)", () => {
  it("a win is worth one more than the players beaten; an equal score beats no one; unfinished is nothing", () => {
    const [g1, g2, , g6, g4, g5] = season();
    expect(gamePoints(g1!.summary)).toEqual({ A: 3, B: 0, C: 0 });
    expect(gamePoints(g2!.summary)).toEqual({ A: 0, B: 3, C: 1 });
    expect(gamePoints(g6!.summary)).toEqual({ A: 3, B: 0, D: 0 });
    expect(gamePoints(g4!.summary)).toEqual({ A: 0, B: 0, C: 0, D: 0 });
    expect(gamePoints(g5!.summary)).toEqual({ A: 0, B: 0, C: 4, D: 0 });
  });
});

describe("the season table (hand-computed)", () => {
  const row = (player: string, rank: number, points: number, evenings: number, games: number, wins: number) => ({
    player,
    rank,
    points,
    evenings,
    games,
    wins,
  });

  it("every evening counts: points, then wins, then name; a player who joined mid-season is in it", () => {
    const table = seasonTable(season());
    expect(
      table.map(({ player, rank, points, evenings, games, wins }) => ({ player, rank, points, evenings, games, wins })),
    ).toEqual([row("A", 1, 6, 3, 6, 2), row("C", 2, 5, 2, 4, 1), row("B", 3, 3, 3, 6, 1), row("D", 3, 3, 2, 4, 1)]);
    expect(table.find((r) => r.player === "A")).toMatchObject({ loneWins: 2, limpas: 0, counted: 3, money: [] });
  });

  it("the best evening of each: C's 4 leads, A's two wins put A before B and D", () => {
    const table = seasonTable(season(), { best: 1 });
    expect(table.map((r) => [r.player, r.rank, r.points, r.counted, r.evenings])).toEqual([
      ["C", 1, 4, 1, 2],
      ["A", 2, 3, 1, 3],
      ["B", 3, 3, 1, 3],
      ["D", 3, 3, 1, 2],
    ]);
  });

  it("a merged player is one row: Dag (second evening) and Dagge (third) read as Dag", () => {
    const games = season().map((g, i) => (i >= 4 ? readAsOne([g], (n) => (n === "D" ? "Dagge" : n))[0]! : g));
    const apart = seasonTable(readAsOne(games, (n) => (n === "D" ? "Dag" : n)));
    expect(apart.find((r) => r.player === "Dag")).toMatchObject({ points: 3, evenings: 1, games: 2 });
    expect(apart.find((r) => r.player === "Dagge")).toMatchObject({ points: 0, evenings: 1, games: 2 });
    const merged = seasonTable(readAsOne(games, (n) => (n === "D" || n === "Dagge" ? "Dag" : n)));
    expect(merged.map((r) => r.player)).toEqual(["A", "C", "B", "Dag"]);
    expect(merged.find((r) => r.player === "Dag")).toMatchObject({ points: 3, evenings: 2, games: 4, wins: 1 });
  });

  it("money evenings add up each player's net per currency", () => {
    const stakes = { currency: "SEK", perGame: 100, perPoint: 10, perLimpa: 0 };
    const [g1] = season();
    // G1: B and C each owe 100 + 10 × 5 = 150; A receives 300.
    const table = seasonTable([{ ...g1!, stakes }]);
    expect(table.map((r) => [r.player, r.money])).toEqual([
      ["A", [{ currency: "SEK", evenings: 1, net: 300 }]],
      ["B", [{ currency: "SEK", evenings: 1, net: -150 }]],
      ["C", [{ currency: "SEK", evenings: 1, net: -150 }]],
    ]);
  });
});

describe("the group's records (hand-computed)", () => {
  it("Knektpass: no limpa run; the first to set a value holds it", () => {
    expect(groupRecords(season(), "knektpass")).toEqual([
      { record: "mostWinsInRow", players: ["A"], value: 1, evening: "e1", game: "G1", deal: null, date: "2026-01-10" },
      {
        record: "biggestComeback",
        players: ["A"],
        value: 1,
        evening: "e2",
        game: "G6",
        deal: 1,
        date: "2026-02-01",
        // B and D shared the best score (3) when A stood at 4.
        against: ["B", "D"],
      },
      {
        record: "mostLoneWinsInEvening",
        players: ["A"],
        value: 1,
        evening: "e1",
        game: null,
        deal: null,
        date: "2026-01-10",
      },
      { record: "shortestGame", players: ["A"], value: 1, evening: "e1", game: "G1", deal: null, date: "2026-01-10" },
      { record: "longestGame", players: ["B"], value: 2, evening: "e1", game: "G2", deal: null, date: "2026-01-10" },
      { record: "largestChange", players: ["A"], value: -5, evening: "e1", game: "G1", deal: 1, date: "2026-01-10" },
    ]);
  });

  it("wins in a row skip the games a player did not sit in; lone wins add up over an evening", () => {
    const ab = ["A", "B"];
    const bc = ["B", "C"];
    const games = [
      scored("e1", "G1", game("knektpass", ab, [alone("A", ab)], five)),
      scored("e1", "G2", game("knektpass", bc, [alone("B", bc)], five)),
      scored("e1", "G3", game("knektpass", ab, [alone("A", ab)], five)),
      scored("e2", "G4", game("knektpass", ab, [alone("B", ab)], five)),
      scored("e2", "G5", game("knektpass", ab, [alone("A", ab)], five)),
    ];
    const records = groupRecords(games, "knektpass");
    expect(records.find((r) => r.record === "mostWinsInRow")).toMatchObject({ players: ["A"], value: 2, game: "G3" });
    expect(records.find((r) => r.record === "mostLoneWinsInEvening")).toMatchObject({
      players: ["A"],
      value: 2,
      evening: "e1",
    });
  });

  it("a merged player's wins in a row are one run: Dag then Dagge", () => {
    const dag = ["Dag", "B"];
    const dagge = ["Dagge", "B"];
    const games = [
      scored("e1", "G1", game("knektpass", dag, [alone("Dag", dag)], five)),
      scored("e2", "G2", game("knektpass", dagge, [alone("Dagge", dagge)], five)),
    ];
    const apart = groupRecords(games, "knektpass").find((r) => r.record === "mostWinsInRow");
    expect(apart).toMatchObject({ players: ["Dag"], value: 1, game: "G1" });
    const merged = groupRecords(
      readAsOne(games, (n) => (n === "Dagge" ? "Dag" : n)),
      "knektpass",
    ).find((r) => r.record === "mostWinsInRow");
    expect(merged).toMatchObject({ players: ["Dag"], value: 2, game: "G2" });
  });

  /**
   * Norrlands-Knack, start 10 (as in the player statistics' example), played twice (e1, e2), not finished:
   *   d1 first deal, B knocks, takes 1 (9)
   *   d2 A 0 (limpa 10), B 5 (4), C 0 (limpa 10)
   *   d3 A 1 (9), B 3 (1), C 1 (9), D 0 (limpa 10)
   *   d4 (trumftvång) D 2 (8), A 3 (6), B 0 (limpa 6)
   * B's first three deals are the longest run without a limpa (3; A's 2 + 1 across the games only equals it);
   * B's −5 on deal 2 is the largest change (B's +5 on deal 4 is as large, and later).
   */
  it("Norrlands-Knack: the run without a limpa runs across games; the first to reach it holds it", () => {
    const record = game(
      "norrlands-knack",
      ["A", "B", "C", "D"],
      [
        deal({ A: passes({ tricks: 2 }), B: knocks(1), C: passes({ tricks: 1 }), D: passes({ tricks: 1 }) }),
        deal({ A: knocks(0), B: knocks(5), C: knocks(0), D: passes() }),
        deal({ A: knocks(1), B: knocks(3), C: knocks(1), D: knocks(0) }),
        deal({ A: knocks(3), B: knocks(0), C: passes(), D: knocks(2) }),
      ],
    );
    const [g1, g2] = [scored("e1", "G1", record), scored("e2", "G2", record)];
    expect(g1!.summary.byPlayer.A).toMatchObject({
      leadingRun: 1,
      leadingRunEnd: 1,
      maxRun: 2,
      maxRunEnd: 4,
      trailingRun: 2,
      lastDeal: 4,
      behind: 8,
      behindDeal: 3,
      maxChange: -3,
      maxChangeDeal: 4,
    });
    expect(g1!.summary.dealCount).toBe(4);
    expect(groupRecords([g1!, g2!], "norrlands-knack")).toEqual([
      { record: "longestRunWithoutLimpa", players: ["B"], value: 3, evening: "e1", game: "G1", deal: 3, date: null },
      { record: "largestChange", players: ["B"], value: -5, evening: "e1", game: "G1", deal: 2, date: null },
    ]);
  });
});

describe("one person's spellings over every evening", () => {
  it("are read as the spelling most games use; two spellings that sat at one table stay two", () => {
    const written = (players: string[]) => game("knektpass", players, [alone(players[0]!, players)], five);
    const games = [
      scored("e1", "G1", written(["Anna", "Bo"])),
      scored("e2", "G2", written(["Anna", "bo"])),
      scored("e3", "G3", written(["ANNA", "Bo"])),
      // A Cyrillic "А" in "Аnna": the same person to the eye.
      scored("e4", "G4", written(["\u0410nna", "Bo"])),
      // An evening kept from before names were told apart: Cecilia and CECILIA at one table.
      scored("e5", "G5", written(["Cecilia", "CECILIA"])),
    ];
    const read = spellingsAsOne(games);
    expect(read.map((g) => g.players)).toEqual([
      ["Anna", "Bo"],
      ["Anna", "Bo"],
      ["Anna", "Bo"],
      ["Anna", "Bo"],
      ["Cecilia", "CECILIA"],
    ]);
    // Each game's figures go with its player: G3's winner was ANNA, now Anna.
    expect(read[2]!.summary.winners).toEqual(["Anna"]);
    expect(read[1]!.summary.byPlayer.Bo).toBe(games[1]!.summary.byPlayer.bo);
    // Nothing to read as one: the same list.
    const plain = games.slice(0, 1);
    expect(spellingsAsOne(plain)).toBe(plain);
  });
});
