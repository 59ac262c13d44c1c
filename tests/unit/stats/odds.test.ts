import { describe, expect, it } from "vitest";
import { createScorer, scorerAfter, type GameRecord } from "@/lib/rules";
import { learnModel, oddsOfGame, priorModel, seededRandom, winChances } from "@/lib/stats/odds";
import { allPass, deal, game, passes, plays } from "@/tests/support/records";

const alone = (who: string, players: string[]) =>
  deal(Object.fromEntries(players.map((p) => [p, p === who ? plays() : passes()])));
const abc = ["A", "B", "C"];

describe("a fork of the scorer", () => {
  it("goes on exactly as the game would, and leaves the game where it was", () => {
    const record = game("knektpass", abc, [deal({ A: plays(1), B: plays(2), C: plays(2) })]);
    const created = scorerAfter(record);
    if (!created.ok) throw new Error("the record scores");
    const fork = created.scorer.fork();
    expect(fork.push(alone("B", abc)).ok).toBe(true);
    expect(fork.standing).toEqual([11, 5, 10]);
    expect(created.scorer.standing).toEqual([11, 10, 10]);
    const whole = scorerAfter({ ...record, deals: [...record.deals, alone("B", abc)] });
    expect(whole.ok && whole.scorer.standing).toEqual(fork.standing);
  });
});

describe("win chances", () => {
  const model = priorModel("knektpass");

  it("add up to 1, are the same for the same seed, and a finished game gives its winner 1", () => {
    const created = createScorer(game("knektpass", abc, []));
    if (!created.ok) throw new Error("setup");
    const a = winChances(created.scorer, model, seededRandom(5), 200);
    const b = winChances(created.scorer, model, seededRandom(5), 200);
    expect(a).toEqual(b);
    expect(Object.values(a).reduce((x, y) => x + y, 0)).toBeCloseTo(1, 10);
    const won = scorerAfter(game("knektpass", abc, [alone("C", abc)], { houseRules: { startScore: 5 } }));
    if (!won.ok) throw new Error("won");
    expect(winChances(won.scorer, model, seededRandom(1), 50)).toEqual({ A: 0, B: 0, C: 1 });
  });

  it("a player one lone win from the end is the favourite; the odds of a game have one entry more than its deals", () => {
    // From 5, B plays alone twice... B at 0 wins; here B stands at 2 (12 − 5 − 5), the others at 12.
    const record = game("knektpass", abc, [alone("B", abc), alone("B", abc)]);
    const created = scorerAfter(record);
    if (!created.ok) throw new Error("record");
    const odds = winChances(created.scorer, model, seededRandom(3), 500);
    expect(odds.B).toBeGreaterThan(0.5);
    expect(odds.B).toBeGreaterThan(odds.A! + odds.C!);
    expect(oddsOfGame(record, model, seededRandom(3), 50)).toHaveLength(3);
  });
});

describe("the deal model", () => {
  it("counts who plays in which situation, on top of the prior; the other variant's games are ignored", () => {
    const prior = priorModel("knektpass");
    const history: GameRecord[] = [
      game("knektpass", abc, [alone("A", abc), allPass(abc)]),
      game(
        "norrlands-knack",
        ["A", "B", "C"],
        [deal({ A: passes({ tricks: 2 }), B: plays(1), C: passes({ tricks: 2 }) })],
      ),
    ];
    const learned = learnModel("knektpass", history);
    // Deal 1: everyone at 12, all "ahead" (tied for the lead): A plays. Deal 2: A at 7 ahead, B and C behind, all pass.
    expect(learned.plays.ahead.of - prior.plays.ahead.of).toBe(4);
    expect(learned.plays.ahead.yes - prior.plays.ahead.yes).toBe(1);
    expect(learned.plays.behind.of - prior.plays.behind.of).toBe(2);
    expect(learned.plays.behind.yes - prior.plays.behind.yes).toBe(0);
    expect(
      learnModel("norrlands-knack", history).firstDealPass.of - priorModel("norrlands-knack").firstDealPass.of,
    ).toBe(1);
  });
});
