import { describe, expect, it } from "vitest";
import { createScorer, scorerAfter, type GameRecord } from "@/lib/rules";
import {
  drawDeal,
  EARLY_LOOK,
  learnModel,
  oddsOfGame,
  priorModel,
  seededRandom,
  winChances,
  winChancesInSlices,
} from "@/lib/stats/odds";
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

describe("win chances on a server (in slices)", () => {
  const model = priorModel("knektpass");
  const start = (startScore: number) => {
    const created = createScorer(game("knektpass", abc, [], { houseRules: { startScore } }));
    if (!created.ok) throw new Error("setup");
    return created.scorer;
  };

  it("are the odds winChances gives for the same seed, giving way while they are worked out", async () => {
    let pauses = 0;
    const pause = async () => void pauses++;
    const sliced = await winChancesInSlices(start(12), model, seededRandom(9), pause);
    expect(sliced).toEqual(winChances(start(12), model, seededRandom(9)));
    expect(pauses).toBeGreaterThan(0);
  });

  it("stop after the early look when most rollouts reach the deal cap undecided: equal chances, at a tenth of the cost", async () => {
    const counted = () => {
      const rnd = seededRandom(9);
      const draw = Object.assign(() => (draw.calls++, rnd()), { calls: 0 });
      return draw;
    };
    const all = counted();
    const odds = await winChancesInSlices(start(500), model, all, async () => undefined);
    // 500 points take far more than the cap's deals: no rollout ends, so no one is favoured.
    expect(odds).toEqual({ A: 1 / 3, B: 1 / 3, C: 1 / 3 });
    const early = counted();
    winChances(start(500), model, early, EARLY_LOOK);
    expect(all.calls).toBe(early.calls);
    // A start score a real game comes down from within the cap is rolled out in full.
    const full = counted();
    const fewer = counted();
    winChances(start(20), model, full);
    winChances(start(20), model, fewer, EARLY_LOOK);
    expect(full.calls).toBeGreaterThan(5 * fewer.calls);
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

  it("counts how often a Knektpass player who plays meets his quota, under the game's quota house rules", () => {
    const prior = priorModel("knektpass").quotaMet;
    const exchanging = (rounds: number[], tricks: number) => ({ plays: true, exchanged: rounds, tricks });
    // A exchanges 1 + 2 and takes 2: the sum (3) is missed, the largest round (2) is met; B exchanges nothing, takes 3.
    const hand = deal({ A: exchanging([1, 2], 2), B: exchanging([], 3), C: passes() });
    const bySum = learnModel("knektpass", [game("knektpass", abc, [hand])]).quotaMet;
    expect([bySum.yes - prior.yes, bySum.of - prior.of]).toEqual([1, 2]);
    const byRound = learnModel("knektpass", [
      game("knektpass", abc, [hand], { houseRules: { quota: "largestRound" } }),
    ]);
    expect([byRound.quotaMet.yes - prior.yes, byRound.quotaMet.of - prior.of]).toEqual([2, 2]);
    // With a quota of at least 1, B's nothing exchanged still asks for one trick: met with 3.
    const atLeastOne = learnModel("knektpass", [game("knektpass", abc, [hand], { houseRules: { minQuota: 1 } })]);
    expect(atLeastOne.quotaMet.yes - prior.yes).toBe(1);
  });

  it("draws deals the rules accept, for every table size and quota rule, whatever the model's exchanges", () => {
    const heavy = { ...priorModel("knektpass"), exchanged: [0, 0, 0, 0, 0, 0, 1, 1, 1, 1] };
    const tables: [GameRecord["variant"], number, object][] = [
      ["knektpass", 2, {}],
      ["knektpass", 4, { quota: "largestRound" }],
      ["knektpass", 7, { minQuota: 1 }],
      ["knektpass", 10, {}],
      ["norrlands-knack", 3, {}],
      ["norrlands-knack", 5, {}],
    ];
    const rnd = seededRandom(11);
    for (const [variant, n, houseRules] of tables) {
      const players = "ABCDEFGHIJ".slice(0, n).split("");
      const created = createScorer(game(variant, players, [], { houseRules }));
      if (!created.ok) throw new Error(`setup ${variant} ${n}`);
      const model = variant === "knektpass" ? heavy : priorModel(variant);
      for (let d = 0; d < 300 && !created.scorer.isOver; d++) {
        const drawn = drawDeal(rnd, created.scorer, model);
        const pushed = created.scorer.push(drawn);
        expect(pushed.ok ? [] : pushed.problems, `${variant} ${n} deal ${d + 1}`).toEqual([]);
      }
    }
  });
});
