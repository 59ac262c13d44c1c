import { describe, expect, it } from "vitest";
import { createScorer, scorerAfter, type GameRecord } from "@/lib/rules";
import {
  DEAL_BUDGET,
  drawDeal,
  ROLLOUT_DEAL_CAP,
  learnModel,
  oddsOfGame,
  priorModel,
  seededRandom,
  winChances,
  winChancesInSlices,
} from "@/lib/stats/odds";
import { allPass, deal, game, knocks, passes, plays } from "@/tests/support/records";

const alone = (who: string, players: string[]) =>
  deal(Object.fromEntries(players.map((p) => [p, p === who ? plays() : passes()])));
const abc = ["A", "B", "C"];
const habitsLike = (exchanged: number[]) => ({
  plays: { ahead: { yes: 40, of: 40 }, behind: { yes: 40, of: 40 }, atOne: { yes: 40, of: 40 } },
  exchanged,
  strength: 2,
  tricks: 0,
  hands: 0,
});

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
    expect(oddsOfGame(record, model, 3, 50)).toHaveLength(3);
  });
});

describe("odds that move only when the game moves", () => {
  it("a redeal moves no one's chance by more than a point: every position draws the same numbers", () => {
    const players = ["A", "B", "C", "D"];
    const knack = priorModel("norrlands-knack");
    const record = game("norrlands-knack", players, [
      deal({ A: plays(3), B: passes({ tricks: 1 }), C: passes({ tricks: 1 }), D: passes() }),
      allPass(players),
    ]);
    const [, before, after] = oddsOfGame(record, knack, 7)!;
    for (const p of players) expect(Math.abs(after![p]! - before![p]!), p).toBeLessThan(0.01);
    // The same redeal where the deal stays with the dealer: the very same position, the very same chances.
    const same = oddsOfGame({ ...record, houseRules: { redealDealer: "same" } }, knack, 7)!;
    expect(same[2]).toEqual(same[1]);
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

  it("roll a position out until its chances are precise — a lopsided one far longer than an even start; a far end costs at most the budget", () => {
    const counted = () => {
      const rnd = seededRandom(9);
      const draw = Object.assign(() => (draw.calls++, rnd()), { calls: 0 });
      return draw;
    };
    // 500 points take far more than the cap's deals: no rollout ends, each counts as the closest wins — alike here.
    const far = counted();
    const odds = winChances(start(500), model, far);
    for (const p of abc) expect(odds[p]).toBeCloseTo(1 / 3, 2);
    // A row of random numbers per simulated deal: 3 seats × 9 numbers and the deal's own.
    expect(far.calls).toBeLessThanOrEqual((DEAL_BUDGET + 3 * ROLLOUT_DEAL_CAP) * 28);
    // At an even start every group of rollouts gives each player the same luck: precise after the least rollouts.
    // With B at 2 and the others at 12, the rest of the game is lopsided and open: far more rollouts.
    const near = counted();
    const record = game("knektpass", abc, [alone("B", abc), alone("B", abc)]);
    const created = scorerAfter(record, { detail: false });
    if (!created.ok) throw new Error("record");
    winChances(created.scorer, model, near);
    const open = counted();
    winChances(start(12), model, open);
    expect(near.calls).toBeGreaterThan(3 * open.calls);
  });

  it("give the same position nearly the same chances whatever the seed (at most 1.5 points of standard deviation)", () => {
    const players = ["A", "B", "C", "D"];
    const created = scorerAfter(
      game("norrlands-knack", players, [
        deal({ A: plays(3), B: passes({ tricks: 1 }), C: passes({ tricks: 1 }), D: passes() }),
      ]),
      { detail: false },
    );
    if (!created.ok) throw new Error("record");
    const knack = priorModel("norrlands-knack");
    const runs = Array.from({ length: 10 }, (_, seed) => winChances(created.scorer, knack, seededRandom(100 + seed)));
    for (const p of players) {
      const xs = runs.map((r) => r[p]!);
      const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
      const sd = Math.sqrt(xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - 1));
      expect(sd, p).toBeLessThan(0.015);
    }
    // A is 3 points closer to the end than the rest: the favourite.
    expect(runs[0]!.A).toBeGreaterThan(runs[0]!.B!);
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

  it("learns each player's habits and strength, and how the tricks lean to whoever exchanged more", () => {
    const players = ["A", "B", "C"];
    // A plays every deal, exchanges 3 and takes 4 tricks; B plays every deal, exchanges nothing, takes 1; C passes.
    const hand = deal({ A: plays(4, 3), B: plays(1, 0), C: passes() });
    const history = Array.from({ length: 24 }, () =>
      game("knektpass", players, [hand, hand, hand], { houseRules: { startScore: 20 } }),
    );
    const learned = learnModel("knektpass", history);
    const { A, B, C } = learned.players;
    expect(A!.plays.ahead.yes + A!.plays.behind.yes).toBe(72);
    expect(C!.plays.ahead.yes + C!.plays.behind.yes).toBe(0);
    expect(A!.exchanged[3]).toBe(72);
    expect([A!.tricks, A!.hands, B!.tricks, B!.hands]).toEqual([288, 72, 72, 72]);
    // A's 4 of 5: strength and the weight of 3 cards exchanged together lean the tricks 4 : 1 his way.
    const lean = (A!.strength * learned.trickWeight[3]!) / (B!.strength * learned.trickWeight[0]!);
    expect(lean).toBeGreaterThan(3);
    expect(lean).toBeLessThan(4.5);
    // Drawn deals follow: A plays nearly always, C nearly never, and A takes most of the tricks.
    const created = createScorer(game("knektpass", players, [], { houseRules: { startScore: 500 } }));
    if (!created.ok) throw new Error("setup");
    const rnd = seededRandom(4);
    const taken = { A: 0, B: 0, played: 0, aPlays: 0, cPlays: 0 };
    for (let d = 0; d < 400; d++) {
      const drawn = drawDeal(rnd, created.scorer, learned);
      if (drawn.entries.C!.plays) taken.cPlays++;
      if (drawn.entries.A!.plays) taken.aPlays++;
      if (drawn.entries.A!.tricks !== undefined && drawn.entries.B!.tricks !== undefined && !drawn.entries.C!.plays) {
        taken.played++;
        taken.A += drawn.entries.A!.tricks;
        taken.B += drawn.entries.B!.tricks!;
      }
    }
    expect(taken.cPlays).toBeLessThan(0.5 * taken.aPlays);
    expect(taken.A).toBeGreaterThan(1.8 * taken.B);
  });

  it("one evening of history leans the odds a player's way, but not as if it were a season's", () => {
    const five = ["A", "B", "C", "D", "E"];
    // A knocks every deal of one evening and takes 3 of the 5 tricks: learned, he is the favourite — by less
    // than a season of it would make him.
    const first = deal({ A: knocks(3), B: passes({ tricks: 1 }), C: passes({ tricks: 1 }), D: passes(), E: passes() });
    const hand = deal({ A: knocks(3), B: knocks(1), C: knocks(1), D: passes(), E: passes() });
    const evening = game("norrlands-knack", five, [first, ...Array.from({ length: 7 }, () => hand)]);
    const fresh = game("norrlands-knack", five, [first]);
    const chanceOfA = (history: GameRecord[]) =>
      oddsOfGame(fresh, history.length ? learnModel("norrlands-knack", history) : priorModel("norrlands-knack"), 7)![1]!
        .A!;
    const prior = chanceOfA([]);
    const oneEvening = chanceOfA([evening]);
    const season = chanceOfA(Array.from({ length: 10 }, () => evening));
    expect(oneEvening - prior).toBeGreaterThan(0.03);
    expect(oneEvening - prior).toBeLessThan(0.15);
    expect(season).toBeGreaterThan(oneEvening + 0.05);
  });

  it("fits how far from the leader a chance falls off on the history's finished games, the prior's with few", () => {
    const players = ["A", "B", "C"];
    const few = learnModel("knektpass", [game("knektpass", players, [alone("A", players), alone("A", players)])]);
    expect(few.temperature).toBe(priorModel("knektpass").temperature);
    // The leader always wins: the closer, the likelier — a low temperature.
    const history = Array.from({ length: 12 }, () =>
      game("knektpass", players, [alone("A", players), alone("A", players), alone("A", players)], {
        houseRules: { startScore: 15 },
      }),
    );
    expect(learnModel("knektpass", history).temperature).toBeLessThan(2);
  });

  it("draws deals the rules accept, for every table size and quota rule, whatever the model's exchanges", () => {
    const heavy = { ...priorModel("knektpass"), exchanged: [0, 0, 0, 0, 0, 0, 1, 1, 1, 1] };
    // A player of the history who exchanges the most there is, beside players the model has never seen.
    heavy.players = { A: habitsLike([0, 0, 0, 0, 0, 0, 0, 0, 0, 40]) };
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
