import { describe, expect, it } from "vitest";
import { scoreGame, scorerAfter } from "@/lib/rules";
import { deal, game, passes, plays } from "@/tests/support/records";

const ABC = ["A", "B", "C"];

describe("a scorer standing after a record's deals", () => {
  it("stands where scoring the whole record stands, and takes the next deal from there", () => {
    const deals = [
      deal({ A: plays(3, 1), B: plays(2, 2), C: passes() }),
      deal({ A: passes(), B: plays(3), C: plays(2) }),
    ];
    const record = game("knektpass", ABC, deals);
    const after = scorerAfter(record);
    if (!after.ok) throw new Error("the record is valid");
    expect(after.scorer.result()).toEqual(scoreGame(record));
    const next = deal({ A: plays(5), B: passes(), C: passes() });
    const pushed = after.scorer.push(next);
    expect(pushed.ok).toBe(true);
    expect(after.scorer.result().scores).toEqual(scoreGame(game("knektpass", ABC, [...deals, next])).scores);
  });

  it("is refused with the problems of the first deal the rules refuse", () => {
    const record = game("knektpass", ABC, [deal({ A: plays(3, 9), B: plays(2), C: passes() })]);
    const after = scorerAfter(record);
    expect(after.ok).toBe(false);
    expect(after.ok ? [] : after.problems.map((p) => [p.deal, p.player, p.code])).toEqual([
      [1, "A", "exchanged.invalid"],
    ]);
  });
});
