import { describe, expect, it } from "vitest";
import { houseRuleNames, resolveHouseRules, scoreGame, validateGame } from "@/lib/rules";
import { allPass, deal, game, knocks, passes, plays } from "@/tests/support/records";
import { problemText, translate } from "@/lib/i18n/dictionaries";

const ABC = ["A", "B", "C"];
const ABCD = ["A", "B", "C", "D"];
/** Norrlands-Knack: A reaches 1 in two deals (first deal −5, then −4). */
const aToOne = [
  deal({ A: knocks(5), B: passes(), C: passes(), D: passes() }),
  deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }),
];

describe("house rules (RULES.md house-rule table)", () => {
  it("defaults are the table's defaults for each game", () => {
    expect(resolveHouseRules("knektpass")).toMatchObject({
      startScore: 12,
      quota: "sum",
      minQuota: 0,
      loneWinnerPoints: 5,
      redealDealer: "same",
      tie: "shared",
    });
    expect(resolveHouseRules("norrlands-knack")).toMatchObject({
      startScore: 10,
      loneWinnerPoints: 5,
      loneKnocker: "takesAll",
      trumpCompulsion: "anyoneAtOne",
      revokeKeepsTricks: false,
      redealDealer: "same",
      tie: "shared",
    });
    expect(houseRuleNames("knektpass")).toEqual([
      "startScore",
      "quota",
      "minQuota",
      "loneWinnerPoints",
      "redealDealer",
      "tie",
    ]);
  });

  it("startScore sets where both games start", () => {
    expect(scoreGame(game("knektpass", ABC, [], { houseRules: { startScore: 21 } })).scores.A).toBe(21);
    expect(scoreGame(game("norrlands-knack", ABC, [], { houseRules: { startScore: 15 } })).scores.A).toBe(15);
  });

  it('quota "largestRound" counts only the largest exchange round', () => {
    const d = deal({ A: plays(2, [2, 1]), B: plays(3, [1, 3]), C: passes() });
    expect(scoreGame(game("knektpass", ABC, [d])).deals[0]!.changes).toEqual({ A: 5, B: 5, C: 0 });
    expect(scoreGame(game("knektpass", ABC, [d], { houseRules: { quota: "largestRound" } })).deals[0]!.changes).toEqual(
      { A: -2, B: -3, C: 0 },
    );
  });

  it("minQuota 1 makes every player who plays take at least one trick", () => {
    const d = deal({ A: plays(0, 0), B: plays(5, 0), C: passes() });
    expect(scoreGame(game("knektpass", ABC, [d])).deals[0]!.changes.A).toBe(0);
    const r = scoreGame(game("knektpass", ABC, [d], { houseRules: { minQuota: 1 } }));
    expect(r.deals[0]!.changes.A).toBe(5);
    expect(translate(r.deals[0]!.explain.A!, "en")).toBe("quota 1, took 0: +5");
  });

  it("loneWinnerPoints changes what a lone player or a lone knocker wins", () => {
    expect(
      scoreGame(
        game("knektpass", ABC, [deal({ A: plays(), B: passes(), C: passes() })], {
          houseRules: { loneWinnerPoints: 3 },
        }),
      ).scores.A,
    ).toBe(9);
    const nk = game(
      "norrlands-knack",
      ABCD,
      [aToOne[0]!, deal({ A: passes(), B: knocks(), C: passes(), D: passes() })],
      { houseRules: { loneWinnerPoints: 4 } },
    );
    expect(scoreGame(nk).scores.B).toBe(6);
  });

  it('loneKnocker "redeal" makes a lone knocker in a later deal a void deal', () => {
    const deals = [aToOne[0]!, deal({ A: passes(), B: knocks(), C: passes(), D: passes() })];
    const r = scoreGame(
      game("norrlands-knack", ABCD, deals, { houseRules: { loneKnocker: "redeal" }, firstDealer: "A" }),
    );
    expect(r.deals[1]).toMatchObject({ void: true, dealer: "B" });
    expect(r.scores.B).toBe(10);
    expect(r.nextDealer).toBe("B");
    const next = scoreGame(
      game("norrlands-knack", ABCD, deals, {
        houseRules: { loneKnocker: "redeal", redealDealer: "next" },
        firstDealer: "A",
      }),
    );
    expect(next.nextDealer).toBe("C");
  });

  it('trumpCompulsion "off" never applies it, so no revoke can be recorded', () => {
    const r = scoreGame(
      game("norrlands-knack", ABCD, [...aToOne, deal({ A: knocks(0), B: knocks(5), C: passes(), D: passes() })], {
        houseRules: { trumpCompulsion: "off" },
      }),
    );
    expect(r.deals.every((d) => !d.trumpCompulsion)).toBe(true);
    const revoke = game(
      "norrlands-knack",
      ABCD,
      [...aToOne, deal({ A: knocks(0), B: knocks(5, { revoke: true }), C: passes(), D: passes() })],
      {
        houseRules: { trumpCompulsion: "off" },
      },
    );
    expect(validateGame(revoke).map((p) => p.code)).toEqual(["revoke.notAllowed"]);
  });

  it('trumpCompulsion "triggerPlayer" ends when the players who started it leave 1, even with someone else still at 1', () => {
    // A lands on 1 (starts it). Under it, B lands on 1 too; then A gets a limpa and leaves 1.
    const deals = [
      ...aToOne, // A 1, B 9
      deal({ A: knocks(0), B: knocks(5), C: passes(), D: passes() }), // trumftvång; A limpa → 6, B 4
      deal({ A: passes(), B: knocks(3), C: knocks(2), D: passes() }), // B lands on 1 while it is off: starts it again
      deal({ A: knocks(2), B: knocks(3), C: passes(), D: passes() }),
    ];
    const anyone = scoreGame(game("norrlands-knack", ABCD, deals));
    const trigger = scoreGame(
      game("norrlands-knack", ABCD, deals, { houseRules: { trumpCompulsion: "triggerPlayer" } }),
    );
    expect(anyone.deals.map((d) => d.trumpCompulsion)).toEqual([false, false, true, false, true]);
    expect(trigger.deals.map((d) => d.trumpCompulsion)).toEqual([false, false, true, false, true]);

    // Now B lands on 1 while A's trumftvång is on; when A leaves 1 it ends, and B standing at 1 does not restart it.
    const overlapping = [
      deal({ A: knocks(5), B: passes(), C: passes(), D: passes() }), // A 5
      deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }), // A 1, B 9
      deal({ A: knocks(1), B: knocks(4), C: passes(), D: passes() }), // would end the game: A 0
    ];
    expect(scoreGame(game("norrlands-knack", ABCD, overlapping)).winners).toEqual(["A"]);
    const held = [
      deal({ A: knocks(5), B: passes(), C: passes(), D: passes() }), // A 5
      deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }), // A 1, B 9 → on (A)
      deal({ A: passes(), B: knocks(5), C: knocks(0), D: passes() }), // B 4; C limpa
      deal({ A: passes(), B: knocks(3), C: knocks(2), D: passes() }), // B 1 while on: not a trigger
      deal({ A: knocks(0), B: knocks(1, { revoke: true }), C: knocks(4), D: passes() }), // A limpa → 6, B revoke limpa → 6: nobody at 1
      deal({ A: knocks(0), B: knocks(5), C: passes(), D: passes() }), // A 6 → 10 limpa, B 1 (lands while off → on)
      deal({ A: knocks(1), B: knocks(0), C: knocks(4), D: passes() }),
    ];
    const t = scoreGame(game("norrlands-knack", ABCD, held, { houseRules: { trumpCompulsion: "triggerPlayer" } }));
    expect(t.deals.map((d) => d.trumpCompulsion)).toEqual([false, false, true, true, true, false, true]);
    // B at 1 while A (the trigger) leaves: ends under triggerPlayer, continues under anyoneAtOne.
    const stays = [
      ...held.slice(0, 4), // A 1 (trigger), B 1 (landed while on)
      deal({ A: knocks(0), B: passes(), C: knocks(5), D: passes() }), // A limpa → 6; B still 1
      deal({ A: knocks(2), B: passes(), C: knocks(3), D: passes() }),
    ];
    const s1 = scoreGame(game("norrlands-knack", ABCD, stays, { houseRules: { trumpCompulsion: "triggerPlayer" } }));
    const s2 = scoreGame(game("norrlands-knack", ABCD, stays));
    expect(s1.deals[4]!.scores).toMatchObject({ A: 6, B: 1 });
    expect(s1.deals[5]!.trumpCompulsion).toBe(false);
    expect(s2.deals[5]!.trumpCompulsion).toBe(true);
  });

  it("revokeKeepsTricks deducts the tricks first, then the limpa applies to the result", () => {
    // RULES.md: at 8 with 2 tricks: 6, then min(11, 10) = 10. Here: at 9 with 1 trick: 8, then 10.
    const deals = [
      deal({ A: knocks(5), B: passes(), C: passes(), D: passes() }), // A 5
      deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }), // A 1, B 9
      deal({ A: passes(), B: knocks(1, { revoke: true }), C: knocks(4), D: passes() }), // under trumftvång
    ];
    const kept = scoreGame(game("norrlands-knack", ABCD, deals, { houseRules: { revokeKeepsTricks: true } }));
    expect(translate(kept.deals[2]!.explain.B!, "en")).toBe("revoke under trumftvång: took 1 (9 → 8), limpa → 10");
    expect(kept.scores.B).toBe(10);
    const low = [
      deal({ A: knocks(5), B: passes(), C: passes(), D: passes() }),
      deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }), // A 1, B 9
      deal({ A: passes(), B: knocks(5), C: knocks(0), D: passes() }), // B 4
      deal({ A: passes(), B: knocks(3, { revoke: true }), C: knocks(2), D: passes() }),
    ];
    expect(scoreGame(game("norrlands-knack", ABCD, low, { houseRules: { revokeKeepsTricks: true } })).scores.B).toBe(6); // 4 − 3 = 1, + 5
    expect(scoreGame(game("norrlands-knack", ABCD, low)).scores.B).toBe(9); // 4 + 5
  });

  it('redealDealer "next" passes the deal on after a void deal', () => {
    const r = scoreGame(
      game("knektpass", ABC, [allPass(ABC)], { firstDealer: "A", houseRules: { redealDealer: "next" } }),
    );
    expect(r.nextDealer).toBe("B");
    const nk = scoreGame(
      game("norrlands-knack", ABCD, [allPass(ABCD)], { firstDealer: "D", houseRules: { redealDealer: "next" } }),
    );
    expect(nk.nextDealer).toBe("A");
    expect(nk.nextDeal!.firstDeal).toBe(true);
  });

  it('tie "lowestRaw": the lowest unclamped score wins; equal lowest share', () => {
    const d = deal({ A: plays(3), B: plays(2), C: passes() });
    const options = { houseRules: { startScore: 2, tie: "lowestRaw" as const } };
    expect(scoreGame(game("knektpass", ABC, [d], options)).winners).toEqual(["A"]);
    expect(scoreGame(game("knektpass", ABC, [d], { houseRules: { startScore: 2 } })).winners).toEqual(["A", "B"]);
    const equal = deal({ A: plays(2), B: plays(2), C: plays(1) });
    expect(scoreGame(game("knektpass", ABC, [equal], options)).winners).toEqual(["A", "B"]);
  });

  it("a house rule of the other game, an unknown one or a bad value is refused", () => {
    const bad = game("knektpass", ABC, [], {
      houseRules: { loneKnocker: "redeal", startScore: 0, nonsense: 1 } as never,
    });
    expect(validateGame(bad).map((p) => [p.code, problemText(p, "en")])).toEqual([
      ["houseRules.wrongVariant", 'house rule "loneKnocker" does not apply to Knektpass'],
      ["houseRules.invalid", 'house rule "startScore" is 0; it must be a whole number from 1 to 9999'],
      ["houseRules.unknown", 'unknown house rule "nonsense"'],
    ]);
    expect(validateGame(game("norrlands-knack", ABC, [], { houseRules: { quota: "sum" } })).map((p) => p.code)).toEqual(
      ["houseRules.wrongVariant"],
    );
    expect(
      problemText(
        validateGame(game("norrlands-knack", ABC, [], { houseRules: { trumpCompulsion: "sometimes" } as never }))[0]!,
        "en",
      ),
    ).toBe('house rule "trumpCompulsion" is "sometimes"; it must be "anyoneAtOne" or "triggerPlayer" or "off"');
  });

  it("a negative loneWinnerPoints adds points to a lone knocker, but never above the start (Norrlands-Knack)", () => {
    const result = scoreGame(
      game(
        "norrlands-knack",
        ABCD,
        [
          deal({ A: passes(), B: knocks(2), C: passes(), D: passes() }),
          deal({ A: knocks(), B: passes(), C: passes(), D: passes() }),
          deal({ A: passes(), B: knocks(), C: passes(), D: passes() }),
        ],
        { houseRules: { loneWinnerPoints: -3 } },
      ),
    );
    // A at 10 stays 10 (not 13); B at 8 rises to the start, 10 (not 11).
    expect(result.deals.map((d) => [d.scores.A, d.scores.B])).toEqual([
      [10, 8],
      [10, 8],
      [10, 10],
    ]);
  });

  it("revokeKeepsTricks: the tricks stop at 0 before the limpa applies (at 1 with 3 tricks: 0, then 5)", () => {
    const revoke = deal({ A: knocks(3, { revoke: true }), B: knocks(2), C: passes(), D: passes() });
    const kept = scoreGame(
      game("norrlands-knack", ABCD, [...aToOne, revoke], { houseRules: { revokeKeepsTricks: true } }),
    );
    expect(kept.deals[2]).toMatchObject({ trumpCompulsion: true, limpa: ["A"] });
    expect(kept.scores.A).toBe(5);
    expect(kept.winners).toEqual([]);
    // Without the house rule his tricks do not count: 1, then the limpa, 6.
    expect(scoreGame(game("norrlands-knack", ABCD, [...aToOne, revoke])).scores.A).toBe(6);
  });

  it("triggerPlayer: landing on 1 while it is on joins nothing, but a landing in the deal that ends it starts it again", () => {
    const deals = [
      deal({ A: passes(), B: knocks(5), C: passes(), D: passes() }), // B 5
      deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }), // A 6, B 4
      deal({ A: knocks(), B: passes(), C: passes(), D: passes() }), // A lands on 1: it starts
      deal({ A: knocks(0), B: knocks(3), C: knocks(2), D: passes() }), // A leaves 1 (ends it), B lands on 1
    ];
    const restarted = scoreGame(
      game("norrlands-knack", ABCD, deals, { houseRules: { trumpCompulsion: "triggerPlayer" } }),
    );
    expect(restarted.deals.map((d) => d.trumpCompulsion)).toEqual([false, false, false, true]);
    expect(restarted.deals[3]!.scores).toMatchObject({ A: 6, B: 1 });
    expect(restarted.nextDeal?.trumpCompulsion).toBe(true);

    // B lands on 1 while A still stands there: B does not join; once A leaves, it ends though B is still at 1.
    const joined = scoreGame(
      game(
        "norrlands-knack",
        ABCD,
        [
          deal({ A: passes(), B: knocks(5), C: passes(), D: passes() }), // B 5
          deal({ A: knocks(4), B: knocks(1), C: passes(), D: passes() }), // A 6, B 4
          deal({ A: knocks(), B: passes(), C: passes(), D: passes() }), // A lands on 1
          deal({ A: passes(), B: knocks(3), C: knocks(2), D: passes() }), // B lands on 1 while it is on
          deal({ A: knocks(0), B: passes(), C: knocks(5), D: passes() }), // A leaves 1: it ends
        ],
        { houseRules: { trumpCompulsion: "triggerPlayer" } },
      ),
    );
    expect(joined.deals.map((d) => d.trumpCompulsion)).toEqual([false, false, false, true, true]);
    expect(joined.scores).toMatchObject({ A: 6, B: 1 });
    expect(joined.nextDeal?.trumpCompulsion).toBe(false);
  });
});
