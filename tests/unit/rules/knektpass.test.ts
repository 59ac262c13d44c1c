import { describe, expect, it } from "vitest";
import { scoreGame, talonSize, validateGame, VARIANTS } from "@/lib/rules";
import { allPass, deal, game, passes, plays } from "@/tests/support/records";
import { bothLanguages, problemText, translate } from "@/lib/i18n/dictionaries";

const ABC = ["A", "B", "C"];
const kp = (deals: Parameters<typeof game>[2], options: Parameters<typeof game>[3] = {}) =>
  game("knektpass", ABC, deals, options);
const codes = (record: unknown) => validateGame(record).map((p) => p.code);

describe("Knektpass (RULES.md K1–K9)", () => {
  it("K1: 2 to 10 players, with a 36-card pack for 2–3 and 52 for 4 or more", () => {
    expect([VARIANTS.knektpass.minPlayers, VARIANTS.knektpass.maxPlayers]).toEqual([2, 10]);
    expect([2, 3, 4, 10].map((n) => VARIANTS.knektpass.packSize(n))).toEqual([36, 36, 52, 52]);
    const names = (n: number) => Array.from({ length: n }, (_, i) => `P${i}`);
    expect(codes(game("knektpass", names(1), []))).toEqual(["players.count"]);
    expect(codes(game("knektpass", names(11), []))).toEqual(["players.count"]);
    expect(codes(game("knektpass", names(10), []))).toEqual([]);
    expect(scoreGame(game("knektpass", names(2), [])).scores).toEqual({ P0: 12, P1: 12 });
  });

  it("K2: players who pass sit out and keep their score", () => {
    const r = scoreGame(kp([deal({ A: plays(3, 1), B: plays(2, 2), C: passes() })]));
    expect(r.scores).toEqual({ A: 9, B: 10, C: 12 });
    expect(r.deals[0]!.changes.C).toBe(0);
    expect(bothLanguages(r.deals[0]!.explain.C!)).toEqual({ en: "passed", sv: "passade" });
  });

  it("K3: the exchanged count is the sum over up to 3 rounds", () => {
    const r = scoreGame(kp([deal({ A: plays(2, [1, 1, 1]), B: plays(3, [0, 0, 0]), C: passes() })]));
    expect(translate(r.deals[0]!.explain.A!, "en")).toBe("quota 3, took 2: +5");
    expect(r.scores.A).toBe(17);
    expect(codes(kp([deal({ A: plays(2, [1, 1, 1, 1]), B: plays(3), C: passes() })]))).toEqual(["exchanged.invalid"]);
  });

  it("K4: all pass → a void deal, nothing changes, the same dealer deals again", () => {
    const r = scoreGame(kp([allPass(ABC), allPass(ABC)], { firstDealer: "B" }));
    expect(r.deals.map((d) => [d.void, d.dealer])).toEqual([
      [true, "B"],
      [true, "B"],
    ]);
    expect(r.scores).toEqual({ A: 12, B: 12, C: 12 });
    expect(r.nextDealer).toBe("B");
  });

  it("K5: exactly one plays → he wins the deal at once, −5, no tricks needed and exchanges ignored", () => {
    const r = scoreGame(kp([deal({ A: passes(), B: plays(undefined, 5), C: passes() })]));
    expect(r.scores).toEqual({ A: 12, B: 7, C: 12 });
    expect(translate(r.deals[0]!.explain.B!, "en")).toBe("played alone, wins the deal: −5");
  });

  it("K6: two or more play → their tricks add up to 5", () => {
    expect(codes(kp([deal({ A: plays(3), B: plays(3), C: passes() })]))).toEqual(["tricks.sum"]);
    expect(problemText(validateGame(kp([deal({ A: plays(1), B: plays(1), C: plays(1) })]))[0]!, "en")).toBe(
      "deal 1: tricks add up to 3 — should be 5",
    );
    expect(codes(kp([deal({ A: plays(5), B: plays(), C: passes() })]))).toEqual(["tricks.missing"]);
  });

  it.each([
    // exchanged, tricks, change
    [2, 2, -2],
    [2, 1, +5],
    [2, 0, +10],
    [0, 0, 0],
    [0, 3, -3],
    [3, 5, -5],
    [5, 0, +25],
  ])("K7: quota %i, took %i → %i", (exchanged, tricks, change) => {
    const r = scoreGame(kp([deal({ A: plays(tricks, exchanged), B: plays(5 - tricks), C: passes() })]));
    expect(r.deals[0]!.changes.A).toBe(change);
  });

  it("K8: no upper cap; at or below 0 counts as 0 and wins", () => {
    const high = scoreGame(
      kp([deal({ A: plays(0, 5), B: plays(5), C: passes() })], { houseRules: { startScore: 20 } }),
    );
    expect(high.scores.A).toBe(45);
    const out = scoreGame(kp([deal({ A: plays(4), B: plays(1), C: passes() })], { houseRules: { startScore: 2 } }));
    expect(out.scores.A).toBe(0);
    expect(out.winners).toEqual(["A"]);
  });

  it("K8: an explanation tells the truth when the score stops at 0 (the change shown is smaller than the rule's)", () => {
    const r = scoreGame(kp([deal({ A: plays(4, 3), B: plays(1), C: passes() })], { houseRules: { startScore: 3 } }));
    expect(r.deals[0]!.changes.A).toBe(-3);
    expect(bothLanguages(r.deals[0]!.explain.A!)).toEqual({
      en: "quota 3, took 4: −4, reaches 0",
      sv: "kvot 3, tog 4: −4, når 0",
    });
    // Exactly 0 is not clamped: the explanation stays as it is.
    const exact = scoreGame(kp([deal({ A: plays(4), B: plays(1), C: passes() })], { houseRules: { startScore: 4 } }));
    expect(translate(exact.deals[0]!.explain.A!, "en")).toBe("quota 0, took 4: −4");
    const lone = scoreGame(kp([deal({ A: plays(), B: passes(), C: passes() })], { houseRules: { startScore: 2 } }));
    expect(translate(lone.deals[0]!.explain.A!, "en")).toBe("played alone, wins the deal: −5, reaches 0");
  });

  it("K9: total exchanges can't exceed the talon (pack − 5 × players − 1)", () => {
    expect([2, 3, 4, 10].map((n) => talonSize("knektpass", n))).toEqual([25, 20, 31, 1]);
    // 3 players: talon 20. 5+5+5 + 5 = 20 is fine; one more card is not.
    const ok = kp([deal({ A: plays(2, [5, 5]), B: plays(3, [5, 5]), C: passes() })]);
    expect(codes(ok)).toEqual([]);
    const over = kp([deal({ A: plays(2, [5, 5]), B: plays(2, [5, 5]), C: plays(1, 1) })]);
    expect(problemText(validateGame(over)[0]!, "en")).toBe("deal 1: 21 cards exchanged, but the talon holds only 20");
  });

  it("the deal passes to the left after every played deal", () => {
    const r = scoreGame(
      kp([deal({ A: plays(), B: passes(), C: passes() }), deal({ A: passes(), B: plays(), C: passes() })], {
        firstDealer: "B",
      }),
    );
    expect(r.deals.map((d) => d.dealer)).toEqual(["B", "C"]);
    expect(r.nextDealer).toBe("A");
    expect(r.nextDeal).toMatchObject({
      number: 3,
      dealer: "A",
      forehand: "B",
      firstDeal: false,
      trumpCompulsion: false,
    });
  });

  it("several players reaching 0 in the same deal share the win", () => {
    const r = scoreGame(kp([deal({ A: plays(3), B: plays(2), C: passes() })], { houseRules: { startScore: 2 } }));
    expect(r.winners).toEqual(["A", "B"]);
    expect(r.deals[0]!.winners).toEqual(["A", "B"]);
  });

  it("a deal after the game was won is an error", () => {
    const won = kp([deal({ A: plays(), B: passes(), C: passes() }), allPass(ABC)], { houseRules: { startScore: 5 } });
    const [p] = validateGame(won);
    expect(p).toMatchObject({ code: "game.over", deal: 2 });
    expect(problemText(p!, "en")).toBe("deal 2: the game was already won in deal 1 by A");
  });
});
