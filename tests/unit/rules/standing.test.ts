import { describe, expect, it } from "vitest";
import { closestToZero, playersAtOne, scoreGame } from "@/lib/rules";
import { allPass, deal, game, passes, plays } from "../../support/records";

const players = ["Anna", "Bo", "Cecilia"];
const redeal = allPass(players);

describe("readings of a game's standing", () => {
  it("nobody is closest to 0 before a deal has moved a score: not at the start, not after a redeal", () => {
    for (const deals of [[], [redeal]]) {
      const result = scoreGame(game("knektpass", players, deals));
      expect(closestToZero(players, result.scores, result.deals)).toEqual([]);
    }
  });

  it("the lowest score is closest to 0, shared by everyone who has it, in seat order", () => {
    // Anna plays alone and wins the deal.
    const lone = deal({ Anna: plays(), Bo: passes(), Cecilia: passes() });
    const one = scoreGame(game("knektpass", players, [redeal, lone]));
    expect(one.scores.Anna).toBeLessThan(one.scores.Bo!);
    expect(closestToZero(players, one.scores, one.deals)).toEqual(["Anna"]);

    // Two level at the lowest score are both closest.
    const level = { Anna: 7, Bo: 5, Cecilia: 5 };
    expect(closestToZero(players, level, one.deals)).toEqual(["Bo", "Cecilia"]);
    expect(playersAtOne(players, { Anna: 1, Bo: 3, Cecilia: 1 })).toEqual(["Anna", "Cecilia"]);
  });
});
