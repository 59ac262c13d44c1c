import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { scoreGame } from "@/lib/rules";
import { allPass, deal, game, knocks, passes, plays } from "@/tests/support/records";
import { translate } from "@/lib/i18n/dictionaries";

const fixture = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../fixtures/records/${name}`, import.meta.url), "utf8"));

describe("RULES.md worked examples — Knektpass, players A B C, start 12, first dealer C", () => {
  const ABC = ["A", "B", "C"];
  const deal1 = deal({ A: plays(1, [2, 0]), B: plays(4, [1, 2]), C: plays(0, 0) });

  it("1. quotas over several exchange rounds: A 17, B 8, C 12", () => {
    const r = scoreGame(game("knektpass", ABC, [deal1], { firstDealer: "C" }));
    expect(r.scores).toEqual({ A: 17, B: 8, C: 12 });
    expect(translate(r.deals[0]!.explain.A!, "en")).toBe("quota 2, took 1: +5");
  });

  it("2. B plays alone and wins the deal: B 3", () => {
    const r = scoreGame(
      game("knektpass", ABC, [deal1, deal({ A: passes(), B: plays(), C: passes() })], { firstDealer: "C" }),
    );
    expect(r.scores).toEqual({ A: 17, B: 3, C: 12 });
  });

  it("3. all pass: a void deal, nothing changes, the same dealer deals again", () => {
    const two = [deal1, deal({ A: passes(), B: plays(), C: passes() })];
    const before = scoreGame(game("knektpass", ABC, two, { firstDealer: "C" }));
    const after = scoreGame(game("knektpass", ABC, [...two, allPass(ABC)], { firstDealer: "C" }));
    expect(after.scores).toEqual(before.scores);
    expect(after.deals[2]!.void).toBe(true);
    expect(after.deals[2]!.dealer).toBe(before.nextDealer);
    expect(after.nextDealer).toBe(before.nextDealer);
  });

  it("4. from A 3, B 3, C 9: A goes out and wins, B 1, C 19", () => {
    const r = scoreGame(
      game("knektpass", ABC, [deal({ A: plays(3, 1), B: plays(2, 0), C: plays(0, 2) })], {
        houseRules: { startScore: 3 },
      }),
    );
    // A and B both start at 3 here; C's quota miss (exchanged 2, took 0) is +10 from any score.
    expect(r.scores.A).toBe(0);
    expect(r.scores.B).toBe(1);
    expect(r.deals[0]!.changes.C).toBe(10);
    expect(r.winners).toEqual(["A"]);
    expect(r.nextDealer).toBeNull();
  });

  it("the example record scores to its expected output", () => {
    const expected = fixture("knektpass-example.expected.json");
    expect(scoreGame(fixture("knektpass-example.json"))).toMatchObject(expected);
  });
});

describe("RULES.md worked examples — Norrlands-Knack, players A B C D, start 10", () => {
  const ABCD = ["A", "B", "C", "D"];

  it("1. first deal: only the knocker scores; A keeps 10 despite two tricks", () => {
    const r = scoreGame(
      game("norrlands-knack", ABCD, [
        deal({ A: passes({ tricks: 2 }), B: knocks(1), C: passes({ tricks: 1 }), D: passes({ tricks: 1 }) }),
      ]),
    );
    expect(r.scores).toEqual({ A: 10, B: 9, C: 10, D: 10 });
    expect(r.deals[0]!.firstDeal).toBe(true);
  });

  it("1b. had B taken none: a limpa, still 10 at the cap, limpa count 1", () => {
    const r = scoreGame(
      game("norrlands-knack", ABCD, [
        deal({ A: passes({ tricks: 2 }), B: knocks(0), C: passes({ tricks: 2 }), D: passes({ tricks: 1 }) }),
      ]),
    );
    expect(r.scores.B).toBe(10);
    expect(r.limpa.B).toBe(1);
    expect(r.deals[0]!.limpa).toEqual(["B"]);
  });

  it("2 and 3. limpas, trumftvång starting when B reaches 1 and ending when he goes to 6", () => {
    const expected = fixture("norrlands-knack-example.expected.json");
    const r = scoreGame(fixture("norrlands-knack-example.json"));
    expect(r).toMatchObject(expected);
    expect(translate(r.deals[1]!.explain.A!, "en")).toBe("knocked, took no trick: limpa 10 → 10");
    expect(r.deals[2]!.scores.B).toBe(1);
    expect(r.deals[3]!.trumpCompulsion).toBe(true);
    expect(r.trumpCompulsion).toBe(false);
  });

  it("2. from A 7, B 9, C 4, D 10: A limpa 7 → 10, B 4, C limpa 4 → 9, D 10", () => {
    const r = scoreGame(
      game("norrlands-knack", ABCD, [
        deal({ A: knocks(1), B: passes({ tricks: 2 }), C: passes({ tricks: 1 }), D: passes({ tricks: 1 }) }),
        deal({ A: knocks(2), B: knocks(1), C: knocks(1), D: knocks(1) }),
        deal({ A: passes(), B: passes(), C: knocks(5), D: knocks(0) }),
        deal({ A: knocks(0), B: knocks(5), C: knocks(0), D: passes() }),
      ]),
    );
    expect(r.deals[2]!.scores).toEqual({ A: 7, B: 9, C: 4, D: 10 });
    expect(r.scores).toEqual({ A: 10, B: 4, C: 9, D: 10 });
    expect(translate(r.deals[3]!.explain.A!, "en")).toBe("knocked, took no trick: limpa 7 → 10");
    expect(translate(r.deals[3]!.explain.C!, "sv")).toBe("knackade, tog inget stick: limpa 4 → 9");
    expect(r.deals[3]!.limpa).toEqual(["A", "C"]);
  });
});
