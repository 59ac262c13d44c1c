import { describe, expect, it } from "vitest";
import { RulesError, scoreGame, validateGame, type Problem } from "@/lib/rules";
import { deal, game, knocks, passes, plays } from "@/tests/support/records";
import { problemText } from "@/lib/i18n/dictionaries";

const ABC = ["Anna", "Bo", "Cecilia"];
const ok = deal({ Anna: plays(3, 1), Bo: plays(2), Cecilia: passes() });
const kp = (deals: unknown[], extra: Record<string, unknown> = {}) => ({
  variant: "knektpass",
  players: ABC,
  deals,
  ...extra,
});
const where = (ps: Problem[]) => ps.map((p) => [p.code, p.deal, p.player]);

describe("validation: every problem names its deal and player, and scoring refuses the record", () => {
  it.each<[string, unknown, [string, number?, string?][]]>([
    ["not an object", [1, 2], [["record.invalid"]]],
    ["an unknown variant", { variant: "whist", players: ABC, deals: [] }, [["variant.unknown"]]],
    ["players that are not names", { variant: "knektpass", players: ["Anna", ""], deals: [] }, [["players.invalid"]]],
    [
      "a name at the table twice",
      { variant: "knektpass", players: ["Anna", "Anna"], deals: [] },
      [["players.duplicate", undefined, "Anna"]],
    ],
    ["the wrong player count", { variant: "norrlands-knack", players: ["Anna", "Bo"], deals: [] }, [["players.count"]]],
    ["a first dealer who is not at the table", kp([], { firstDealer: "Dag" }), [["firstDealer.unknown"]]],
    ["house rules that are not an object", kp([], { houseRules: 3 }), [["houseRules.invalid"]]],
    ["deals that are not a list", kp({} as never), [["deals.invalid"]]],
    ["a deal without entries", kp([{}]), [["deal.invalid", 1]]],
    ["an unknown player", kp([deal({ ...ok.entries, Dag: passes() })]), [["entry.unknownPlayer", 1, "Dag"]]],
    ["a seat missing", kp([deal({ Anna: plays(3), Bo: plays(2) })]), [["entry.missing", 1, "Cecilia"]]],
    [
      "an entry that is not an object",
      kp([deal({ ...ok.entries, Cecilia: 5 as never })]),
      [["entry.invalid", 1, "Cecilia"]],
    ],
    [
      "an unknown field",
      kp([deal({ ...ok.entries, Cecilia: { plays: false, trick: 1 } as never })]),
      [["entry.unknownField", 1, "Cecilia"]],
    ],
    [
      "plays not a boolean",
      kp([deal({ ...ok.entries, Cecilia: { plays: "no" } as never })]),
      [["plays.invalid", 1, "Cecilia"]],
    ],
    ["exchanged out of range", kp([deal({ ...ok.entries, Anna: plays(3, 6) })]), [["exchanged.invalid", 1, "Anna"]]],
    ["exchanged negative", kp([deal({ ...ok.entries, Anna: plays(3, [1, -1]) })]), [["exchanged.invalid", 1, "Anna"]]],
    ["exchanged fractional", kp([deal({ ...ok.entries, Anna: plays(3, 1.5) })]), [["exchanged.invalid", 1, "Anna"]]],
    ["tricks above 5", kp([deal({ ...ok.entries, Anna: plays(6) })]), [["tricks.invalid", 1, "Anna"]]],
    [
      "tricks as a string",
      kp([deal({ ...ok.entries, Anna: { plays: true, tricks: "3" } as never })]),
      [["tricks.invalid", 1, "Anna"]],
    ],
    [
      "revoke not a boolean",
      kp([deal({ ...ok.entries, Anna: plays(3, 0, { revoke: 1 as never }) })]),
      [["revoke.invalid", 1, "Anna"]],
    ],
    [
      "a passer with tricks",
      kp([deal({ Anna: plays(3), Bo: plays(2), Cecilia: passes({ tricks: 1 }) })]),
      [["tricks.byPasser", 1, "Cecilia"]],
    ],
    [
      "a passer who exchanged",
      kp([deal({ Anna: plays(3), Bo: plays(2), Cecilia: passes({ exchanged: 2 }) })]),
      [["exchanged.byPasser", 1, "Cecilia"]],
    ],
    [
      "tricks not adding up to 5",
      kp([ok, deal({ Anna: plays(3), Bo: plays(3), Cecilia: passes() })]),
      [["tricks.sum", 2]],
    ],
    [
      "a player's tricks missing",
      kp([deal({ Anna: plays(5), Bo: plays(), Cecilia: passes() })]),
      [["tricks.missing", 1, "Bo"]],
    ],
    [
      "a revoke in Knektpass",
      kp([deal({ ...ok.entries, Anna: plays(3, 1, { revoke: true }) })]),
      [["revoke.notAllowed", 1, "Anna"]],
    ],
  ])("refuses %s", (_, record, expected) => {
    const problems = validateGame(record);
    expect(where(problems)).toEqual(expected.map(([code, d, p]) => [code, d, p]));
    expect(() => scoreGame(record)).toThrow(RulesError);
  });

  it("messages read as sentences in English and Swedish with the deal and the player", () => {
    const [p] = validateGame(kp([ok, ok, deal({ ...ok.entries, Bo: plays(7) })]));
    expect(problemText(p!, "en")).toBe("deal 3, Bo: tricks must be a whole number 0–5, not 7");
    expect(problemText(p!, "sv")).toBe("giv 3, Bo: stick ska vara ett heltal 0–5, inte 7");
  });

  it("reports shape problems of every deal, and rule problems up to the first wrong deal", () => {
    const bad = deal({ Anna: plays(3), Bo: plays(3), Cecilia: passes() });
    const problems = validateGame(kp([bad, bad, deal({ Anna: plays(9), Bo: plays(2), Cecilia: passes() })]));
    expect(where(problems)).toEqual([
      ["tricks.sum", 1, undefined],
      ["tricks.invalid", 3, "Anna"],
    ]);
  });

  it("a first deal of Norrlands-Knack with two knockers names them", () => {
    const record = game("norrlands-knack", ABC, [deal({ Anna: knocks(2), Bo: passes(), Cecilia: knocks(3) })]);
    expect(problemText(validateGame(record)[0]!, "sv")).toBe(
      "giv 1: i första given slutar budgivningen vid första knacket, så bara en knackar (Anna, Cecilia knackade)",
    );
  });

  it("RulesError carries every problem", () => {
    try {
      scoreGame(kp([deal({ Anna: plays(9), Bo: plays(9), Cecilia: passes() })]));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(RulesError);
      expect((error as RulesError).problems.map((p) => p.player)).toEqual(["Anna", "Bo"]);
    }
  });
});
