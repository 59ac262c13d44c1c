import { describe, expect, it } from "vitest";
import { ordinal, rate, rating } from "openskill";
import { continueRatings, gameRanks, ratingsTable, replayRatings, type RatedGame } from "@/lib/stats/ratings";
import { readAsOne } from "@/lib/stats/season";
import { SUMMARY_VERSION, type GameSummary } from "@/lib/stats/summary";

/** A game as the ratings read it: its players, who won, and the final scores (lower is better). */
function played(scores: Record<string, number>, winners: string[]): RatedGame & { eveningId: string; game: string } {
  const players = Object.keys(scores);
  const byPlayer = Object.fromEntries(players.map((p) => [p, { finalScore: scores[p]! }])) as GameSummary["byPlayer"];
  return {
    eveningId: "e",
    game: "g",
    players,
    summary: { version: SUMMARY_VERSION, players, dealCount: 1, finished: winners.length > 0, winners, byPlayer },
  };
}

describe("a game's ranking", () => {
  it("winners share 1; the others 1 + winners + those strictly lower; equal scores share a rank", () => {
    expect(gameRanks(played({ A: 0, B: 3, C: 3, D: 5 }, ["A"]).summary)).toEqual({ A: 1, B: 2, C: 2, D: 4 });
    // A shared win: two winners, then the rest from 3.
    expect(gameRanks(played({ A: 0, B: 0, C: 4, D: 2 }, ["A", "B"]).summary)).toEqual({ A: 1, B: 1, C: 4, D: 3 });
    // The engine's winners decide, not the score: under some house rules a non-winner also shows 0.
    expect(gameRanks(played({ A: 0, B: 0, C: 1 }, ["B"]).summary)).toEqual({ B: 1, A: 2, C: 3 });
    expect(gameRanks(played({ A: 3, B: 4 }, []).summary)).toBeNull();
  });
});

describe("the replay gives the openskill package's own numbers", () => {
  it("for a sequence with a tie, a shared win, an unfinished game and a merged player", () => {
    const games = [
      played({ A: 0, B: 3, C: 3 }, ["A"]),
      played({ A: 0, B: 0, C: 5 }, ["A", "B"]),
      played({ A: 2, C: 4 }, []),
      played({ Dagge: 0, B: 2, C: 1 }, ["Dagge"]),
    ];
    // By hand with the package: each finished game rated with its ranks, Dagge read as A.
    const [[a1], [b1], [c1]] = rate([[rating()], [rating()], [rating()]], { rank: [1, 2, 2] }) as [
      [{ mu: number; sigma: number }],
      [{ mu: number; sigma: number }],
      [{ mu: number; sigma: number }],
    ];
    const [[a2], [b2], [c2]] = rate([[a1], [b1], [c1]], { rank: [1, 1, 3] });
    const [[a3], [b3], [c3]] = rate([[a2!], [b2!], [c2!]], { rank: [1, 3, 2] });
    const expected = { A: a3!, B: b3!, C: c3! };

    const merged = readAsOne(games, (n) => (n === "Dagge" ? "A" : n));
    const ratings = replayRatings(merged);
    expect([...ratings.keys()].sort()).toEqual(["A", "B", "C"]);
    for (const [p, r] of Object.entries(expected))
      expect(ratings.get(p)).toEqual({ mu: r.mu, sigma: r.sigma, ordinal: ordinal(r) });
    // μ − 3σ, as shown.
    expect(ratings.get("A")!.ordinal).toBeCloseTo(a3!.mu - 3 * a3!.sigma, 10);
    // Unmerged, Dagge is a newcomer with one game.
    expect(replayRatings(games).get("Dagge")!.sigma).toBeGreaterThan(ratings.get("A")!.sigma);
  });
});

describe("ratings carried along the group's games", () => {
  const evening = (id: string, g: ReturnType<typeof played>, ref: string) => ({ ...g, eveningId: id, game: ref });
  const games = [
    evening("e1", played({ A: 0, B: 3, C: 3 }, ["A"]), "g1"),
    evening("e1", played({ A: 0, B: 0, C: 5 }, ["A", "B"]), "g2"),
    evening("e2", played({ A: 4, B: 0, C: 1 }, ["B"]), "g3"),
    evening("e2", played({ A: 2, B: 3, C: 4 }, []), "g4"),
  ];

  it("going on from the state gives the replay's numbers; a game in play waits until it ends", () => {
    const all = continueRatings(null, games);
    expect(all.consumed).toBe(3);
    const stepwise = continueRatings(continueRatings(null, games.slice(0, 1)), games);
    expect(stepwise.ratings).toEqual(all.ratings);
    expect(Object.fromEntries(all.ratings)).toEqual(
      Object.fromEntries([...replayRatings(games)].map(([p, r]) => [p, { mu: r.mu, sigma: r.sigma }])),
    );
    // The game in play ends: one more game rated, the same as a replay.
    const ended = [...games.slice(0, 3), evening("e2", played({ A: 0, B: 3, C: 4 }, ["A"]), "g4")];
    expect(continueRatings(all, ended).ratings).toEqual(continueRatings(null, ended).ratings);
  });

  it("an edited game already rated means a replay; the change is over the last evening", () => {
    const all = continueRatings(null, games);
    const edited = [games[0]!, evening("e1", played({ A: 5, B: 0, C: 5 }, ["B"]), "g2"), games[2]!, games[3]!];
    expect(continueRatings(all, edited).ratings).toEqual(continueRatings(null, edited).ratings);
    expect(continueRatings(all, edited).ratings).not.toEqual(all.ratings);
    const table = ratingsTable(all);
    const afterE1 = continueRatings(null, games.slice(0, 2)).ratings;
    for (const row of table) expect(row.change).toBeCloseTo(row.ordinal - ordinal(afterE1.get(row.player)!), 10);
    expect(table.map((r) => r.ordinal)).toEqual([...table.map((r) => r.ordinal)].sort((a, b) => b - a));
  });
});
