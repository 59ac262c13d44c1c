import { describe, expect, it } from "vitest";
import { scoreGame, validateGame, VARIANTS } from "@/lib/rules";
import { allPass, deal, game, knocks, passes } from "@/tests/support/records";
import { bothLanguages, problemText, translate } from "@/lib/i18n/dictionaries";

const ABCD = ["A", "B", "C", "D"];
const nk = (deals: Parameters<typeof game>[2], options: Parameters<typeof game>[3] = {}) =>
  game("norrlands-knack", ABCD, deals, options);
const codes = (record: unknown) => validateGame(record).map((p) => p.code);
/** A first deal that A wins with one trick, so later deals follow. */
const opening = deal({ A: knocks(1), B: passes({ tricks: 2 }), C: passes({ tricks: 1 }), D: passes({ tricks: 1 }) });

describe("Norrlands-Knack (RULES.md N1–N9)", () => {
  it("N1: 3 to 5 players with a 52-card pack", () => {
    expect([VARIANTS["norrlands-knack"].minPlayers, VARIANTS["norrlands-knack"].maxPlayers]).toEqual([3, 5]);
    expect(VARIANTS["norrlands-knack"].packSize(4)).toBe(52);
    expect(codes(game("norrlands-knack", ["A", "B"], []))).toEqual(["players.count"]);
    expect(codes(game("norrlands-knack", ["A", "B", "C", "D", "E", "F"], []))).toEqual(["players.count"]);
    expect(scoreGame(game("norrlands-knack", ["A", "B", "C", "D", "E"], [])).scores.E).toBe(10);
  });

  it("N2: knock or pass; passers in a later deal keep their score", () => {
    const r = scoreGame(nk([opening, deal({ A: knocks(2), B: knocks(3), C: passes(), D: passes() })]));
    expect(r.scores).toEqual({ A: 7, B: 7, C: 10, D: 10 });
    expect(bothLanguages(r.deals[1]!.explain.C!)).toEqual({ en: "passed (lurade)", sv: "lurade" });
  });

  it("N3: the first deal has exactly one knocker and only he scores", () => {
    expect(codes(nk([deal({ A: knocks(2), B: knocks(3), C: passes(), D: passes() })]))).toEqual(["firstDeal.knockers"]);
    expect(
      problemText(validateGame(nk([deal({ A: knocks(2), B: knocks(3), C: passes(), D: passes() })]))[0]!, "en"),
    ).toBe("deal 1: in the first deal bidding stops at the first knock, so only one player knocks (A, B knocked)");
    const r = scoreGame(nk([deal({ A: passes({ tricks: 3 }), B: passes({ tricks: 1 }), C: knocks(1), D: passes() })]));
    expect(r.scores).toEqual({ A: 10, B: 10, C: 9, D: 10 });
  });

  it("N3: in the first deal the tricks given never exceed 5, and make exactly 5 when all are given", () => {
    expect(codes(nk([deal({ A: knocks(3), B: passes({ tricks: 3 }), C: passes(), D: passes() })]))).toEqual([
      "tricks.sum",
    ]);
    expect(
      codes(nk([deal({ A: knocks(1), B: passes({ tricks: 1 }), C: passes({ tricks: 1 }), D: passes({ tricks: 1 }) })])),
    ).toEqual(["tricks.sum"]);
    expect(codes(nk([deal({ A: knocks(1), B: passes({ tricks: 1 }), C: passes(), D: passes() })]))).toEqual([]);
    expect(codes(nk([deal({ A: knocks(), B: passes(), C: passes(), D: passes() })]))).toEqual(["tricks.missing"]);
  });

  it("N3: everyone passing the first deal is a redeal, and the next deal is still the first deal", () => {
    const r = scoreGame(
      nk([allPass(ABCD), deal({ A: passes({ tricks: 4 }), B: knocks(1), C: passes(), D: passes() })]),
    );
    expect(r.deals[0]).toMatchObject({ void: true, firstDeal: true });
    expect(r.deals[1]).toMatchObject({ void: false, firstDeal: true });
    expect(r.scores.B).toBe(9);
    expect(codes(nk([deal({ A: passes({ tricks: 2 }), B: passes(), C: passes(), D: passes() })]))).toEqual([
      "tricks.byPasser",
    ]);
  });

  it("N4: every knocker must take a trick; −1 per trick, a limpa without one", () => {
    const r = scoreGame(nk([opening, deal({ A: knocks(5), B: knocks(0), C: knocks(0), D: passes() })]));
    expect(r.scores).toEqual({ A: 4, B: 10, C: 10, D: 10 });
    expect(r.limpa).toEqual({ A: 0, B: 1, C: 1, D: 0 });
    expect(codes(nk([opening, deal({ A: knocks(2), B: knocks(2), C: passes(), D: passes() })]))).toEqual([
      "tricks.sum",
    ]);
    expect(codes(nk([opening, deal({ A: knocks(5), B: knocks(0), C: passes({ tricks: 1 }), D: passes() })]))).toEqual([
      "tricks.byPasser",
    ]);
  });

  it.each([
    [1, 6],
    [5, 10],
    [6, 10],
    [9, 10],
    [10, 10],
  ])("N5: a limpa at %i → %i", (from, to) => {
    // B opens the game; A then drops to `from` with partners taking the rest, and knocks without a trick.
    const deals = [deal({ A: passes(), B: knocks(1), C: passes(), D: passes() })];
    const partners = ["B", "C", "D"] as const;
    for (let left = 10 - from, i = 0; left > 0; i++) {
      const t = Math.min(left, 4);
      deals.push(deal({ B: passes(), C: passes(), D: passes(), A: knocks(t), [partners[i % 3]!]: knocks(5 - t) }));
      left -= t;
    }
    deals.push(deal({ A: knocks(0), B: knocks(2), C: knocks(2), D: knocks(1) }));
    const r = scoreGame(nk(deals, { houseRules: { trumpCompulsion: "off" } }));
    expect(r.deals[r.deals.length - 2]!.scores.A).toBe(from);
    expect(r.scores.A).toBe(to);
    expect(r.limpa.A).toBe(1);
  });

  it("N5: the cap is the start score when a house rule changes it", () => {
    const r = scoreGame(
      nk([deal({ A: knocks(0), B: passes(), C: passes(), D: passes() })], { houseRules: { startScore: 7 } }),
    );
    expect(r.scores.A).toBe(7);
    expect(r.limpa.A).toBe(1);
  });

  it("N6: nobody knocks in a later deal → void, same dealer", () => {
    const r = scoreGame(nk([opening, allPass(ABCD)], { firstDealer: "A" }));
    expect(r.deals[1]).toMatchObject({ void: true, dealer: "B" });
    expect(r.nextDealer).toBe("B");
  });

  it("N6: exactly one knocker in a later deal takes all five tricks: −5", () => {
    const r = scoreGame(nk([opening, deal({ A: passes(), B: passes(), C: knocks(), D: passes() })]));
    expect(r.scores.C).toBe(5);
    expect(translate(r.deals[1]!.explain.C!, "en")).toBe("knocked alone, takes all five tricks: −5");
  });

  it("N7: trumftvång applies to deals that start with someone at exactly 1, and ends when nobody is", () => {
    const r = scoreGame(
      nk([
        deal({ A: knocks(5), B: passes(), C: passes(), D: passes() }), // A 5
        deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }), // A 1
        deal({ A: knocks(1), B: knocks(4), C: passes(), D: passes() }), // under trumftvång; A 0 wins
      ]),
    );
    expect(r.deals.map((d) => d.trumpCompulsion)).toEqual([false, false, true]);
    expect(r.winners).toEqual(["A"]);
    expect(r.trumpCompulsion).toBe(false);

    const ended = scoreGame(
      nk([
        deal({ A: knocks(5), B: passes(), C: passes(), D: passes() }),
        deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }),
        deal({ A: knocks(0), B: knocks(5), C: passes(), D: passes() }), // A limpa 1 → 6
        deal({ A: knocks(1), B: knocks(4), C: passes(), D: passes() }),
      ]),
    );
    expect(ended.deals.map((d) => d.trumpCompulsion)).toEqual([false, false, true, false]);
    expect(ended.deals[2]!.scores.A).toBe(6);
  });

  it("N7: a void deal under trumftvång keeps it for the redeal", () => {
    const r = scoreGame(
      nk([
        deal({ A: knocks(5), B: passes(), C: passes(), D: passes() }),
        deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }),
        allPass(ABCD),
      ]),
    );
    expect(r.deals[2]).toMatchObject({ void: true, trumpCompulsion: true });
    expect(r.trumpCompulsion).toBe(true);
  });

  it("N8: a revoke under trumftvång is a limpa and the revoker's tricks do not count", () => {
    const toOne = [
      deal({ A: knocks(5), B: passes(), C: passes(), D: passes() }),
      deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }),
    ];
    const r = scoreGame(
      nk([...toOne, deal({ A: knocks(2), B: knocks(3, { revoke: true }), C: passes(), D: passes() })]),
    );
    expect(r.scores).toEqual({ A: 0, B: 10, C: 10, D: 10 });
    expect(r.deals[2]!.limpa).toEqual(["B"]);
    expect(translate(r.deals[2]!.explain.B!, "en")).toBe("revoke under trumftvång, tricks do not count: limpa 9 → 10");
  });

  it("N8: a revoke can only be recorded for a knocker, under trumftvång, in a played hand", () => {
    const toOne = [
      deal({ A: knocks(5), B: passes(), C: passes(), D: passes() }),
      deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }),
    ];
    const notUnder = validateGame(
      nk([opening, deal({ A: knocks(2), B: knocks(3, { revoke: true }), C: passes(), D: passes() })]),
    );
    expect(notUnder.map((p) => [p.code, p.deal, p.player])).toEqual([["revoke.notAllowed", 2, "B"]]);
    expect(problemText(notUnder[0]!, "en")).toBe("deal 2, B: a revoke is only recorded in a deal under trumftvång");
    expect(
      codes(nk([...toOne, deal({ A: knocks(5), B: knocks(0), C: passes({ revoke: true }), D: passes() })])),
    ).toEqual(["revoke.notAllowed"]);
    expect(
      codes(nk([...toOne, deal({ A: passes(), B: knocks(undefined, { revoke: true }), C: passes(), D: passes() })])),
    ).toEqual(["revoke.notAllowed"]);
  });

  it("N9: at or below 0 counts as reaching 0 and wins", () => {
    const r = scoreGame(
      nk([deal({ A: knocks(4), B: passes(), C: passes(), D: passes() })], { houseRules: { startScore: 3 } }),
    );
    expect(r.scores.A).toBe(0);
    expect(r.winners).toEqual(["A"]);
    expect(r.nextDealer).toBeNull();
  });
});
