import { describe, expect, it } from "vitest";
import { headToHead, playerMoney, playerNames, playerStats, summarize, type HistoryGame } from "@/lib/stats/players";
import { allPass, deal, game, knocks, passes, plays } from "@/tests/support/records";

/**
 * A small history, computed by hand:
 * Evening 1, Knektpass A B C, start 12, dealer A:
 *   d1 all play: A ex 2 took 1 (+5 → 17), B took 4 (8), C ex 0 took 0 (12)
 *   d2 B alone (3)   d3 redeal   d4 A ex 1 took 2 (15), B ex 2 took 3 (0: B wins)
 * Evening 2, Norrlands-Knack A B C D, start 10:
 *   d1 first deal, B knocks, takes 1 (9)
 *   d2 A 0 (limpa 10), B 5 (4), C 0 (limpa 10)
 *   d3 A 1 (9), B 3 (1), C 1 (9), D 0 (limpa 10)
 *   d4 (trumftvång) D 2 (8), A 3 (6), B 0 (limpa 6)
 *   (unfinished)
 * Evening 3, Knektpass A B, start 5: d1 A alone (0: A wins). A was never behind.
 */
const history: HistoryGame[] = [
  {
    eveningId: "e1",
    record: game(
      "knektpass",
      ["A", "B", "C"],
      [
        deal({ A: plays(1, [2, 0]), B: plays(4, [1, 2]), C: plays(0, 0) }),
        deal({ A: passes(), B: plays(), C: passes() }),
        allPass(["A", "B", "C"]),
        deal({ A: plays(2, 1), B: plays(3, 2), C: passes() }),
      ],
    ),
  },
  {
    eveningId: "e2",
    record: game(
      "norrlands-knack",
      ["A", "B", "C", "D"],
      [
        deal({ A: passes({ tricks: 2 }), B: knocks(1), C: passes({ tricks: 1 }), D: passes({ tricks: 1 }) }),
        deal({ A: knocks(0), B: knocks(5), C: knocks(0), D: passes() }),
        deal({ A: knocks(1), B: knocks(3), C: knocks(1), D: knocks(0) }),
        deal({ A: knocks(3), B: knocks(0), C: passes(), D: knocks(2) }),
      ],
    ),
  },
  {
    eveningId: "e3",
    record: game("knektpass", ["A", "B"], [deal({ A: plays(), B: passes() })], { houseRules: { startScore: 5 } }),
  },
];

describe("player statistics across evenings (hand-computed)", () => {
  it("names, most games first", () => {
    expect(playerNames(history)).toEqual(["A", "B", "C", "D"]);
  });

  it("A: 3 evenings, 3 games, 1 of 2 finished games won", () => {
    const a = playerStats(history, "A");
    expect(a).toMatchObject({ evenings: 3, games: 3, finishedGames: 2, wins: 1, winRate: 0.5 });
    // Played deals: e1 d1 d2 d4 (3), e2 d1–d4 (4), e3 d1 (1) = 8. Plays in: e1 d1, d4; e2 d2, d3, d4; e3 d1 = 6.
    expect(a.deals).toBe(8);
    expect(a.playRate).toBe(6 / 8);
    // Changes: e1 +5, 0, −2; e2 0, 0 (limpa at the cap), −1, −3; e3 −5 → −6 over 8 deals.
    expect(a.averageChange).toBe(-6 / 8);
    expect(a.limpas).toBe(1);
    expect(a.loneWins).toBe(1);
    // Runs without a limpa: e1 (3) + e2 d1 (1) = 4, limpa at e2 d2, then e2 d3 d4 + e3 d1 = 3.
    expect(a.longestRunWithoutLimpa).toBe(4);
    expect(a.bestComeback).toBe(0);
  });

  it("B: won from behind, lone win, a limpa under trumftvång", () => {
    const b = playerStats(history, "B");
    expect(b).toMatchObject({ evenings: 3, games: 3, finishedGames: 2, wins: 1, limpas: 1, loneWins: 1 });
    // In e1, B was never behind the best score.
    expect(b.bestComeback).toBe(0);
    // B's changes: e1 −4, −5, −3; e2 −1, −5, −3, +5; e3 0 → −16 over 8 deals.
    expect(b.averageChange).toBe(-16 / 8);
  });

  it("a comeback counts how far behind the winner was", () => {
    // C wins after trailing: C at 12 while A goes down to 7, then C takes two lone wins.
    const comeback: HistoryGame[] = [
      {
        eveningId: "x",
        record: game(
          "knektpass",
          ["A", "C"],
          [
            deal({ A: plays(), C: passes() }),
            deal({ A: passes(), C: plays() }),
            deal({ A: passes(), C: plays() }),
            deal({ A: passes(), C: plays() }),
          ],
        ),
      },
    ];
    // After d1: A 7, C 12 → C 5 behind. C then 7, 2, 0: wins.
    expect(playerStats(comeback, "C")).toMatchObject({ wins: 1, bestComeback: 5 });
  });

  it("head-to-head counts only finished games both played", () => {
    expect(headToHead(history, "A", "B")).toEqual({
      a: "A",
      b: "B",
      games: 2,
      aWins: 1,
      bWins: 1,
      aAhead: 1,
      bAhead: 1,
    });
    expect(headToHead(history, "C", "D")).toEqual({
      a: "C",
      b: "D",
      games: 0,
      aWins: 0,
      bWins: 0,
      aAhead: 0,
      bAhead: 0,
    });
  });
});

describe("money over the evenings played for stakes (hand-computed)", () => {
  // e1 for 5 kr a game + 1 kr a point: B wins; A at 15 pays 5 + 15 = 20 kr, C at 12 pays 17 kr, B gets 37 kr.
  // e2 for 2 kr a limpa: never won, so the limpas are refunded and nothing moves.
  // e3 for €1 a game: A wins; B pays €1.
  const stakes = {
    e1: { currency: "SEK", perGame: 500, perPoint: 100, perLimpa: 0 },
    e2: { currency: "SEK", perGame: 0, perPoint: 0, perLimpa: 200 },
    e3: { currency: "EUR", perGame: 100, perPoint: 0, perLimpa: 0 },
  } as const;
  const withStakes = summarize(history).map((g) => ({ ...g, stakes: stakes[g.eveningId as keyof typeof stakes] }));

  it("each player's net per currency, with the evenings played for money", () => {
    expect(playerMoney(withStakes, "A")).toEqual([
      { currency: "SEK", evenings: 2, net: -2000 },
      { currency: "EUR", evenings: 1, net: 100 },
    ]);
    expect(playerMoney(withStakes, "B")).toEqual([
      { currency: "SEK", evenings: 2, net: 3700 },
      { currency: "EUR", evenings: 1, net: -100 },
    ]);
    expect(playerMoney(withStakes, "C")).toEqual([{ currency: "SEK", evenings: 2, net: -1700 }]);
    expect(playerMoney(withStakes, "D")).toEqual([{ currency: "SEK", evenings: 1, net: 0 }]);
  });

  it("evenings not played for money count for nothing", () => {
    expect(playerMoney(summarize(history), "A")).toEqual([]);
  });
});
