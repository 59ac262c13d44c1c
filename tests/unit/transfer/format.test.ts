import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n/dictionaries";
import { csvField, eveningToCsv } from "@/lib/transfer/csv";
import {
  BACKUP_FORMAT,
  EVENING_FORMAT,
  eveningSettlement,
  importKey,
  readImport,
  type EveningData,
} from "@/lib/transfer/format";

const knektpass = JSON.parse(
  readFileSync(new URL("../../fixtures/records/knektpass-example.json", import.meta.url), "utf8"),
);
const evening: EveningData = {
  title: "Torsdag",
  date: "2026-12-03",
  place: "Umeå",
  variant: "knektpass",
  houseRules: {},
  ended: true,
  games: [knektpass],
};

describe("import files are read completely before anything is written", () => {
  it("reads a backup, an evening, and a bare game record", () => {
    expect(
      readImport({ format: BACKUP_FORMAT, version: 1, evenings: [evening, evening] }, "2026-12-02").evenings,
    ).toHaveLength(2);
    expect(readImport({ format: EVENING_FORMAT, version: 1, ...evening }, "2026-12-02").evenings[0]!.title).toBe(
      "Torsdag",
    );
    const bare = readImport(knektpass, "2026-12-02");
    expect(bare.problems).toEqual([]);
    expect(bare.evenings[0]).toMatchObject({ title: "Imported game", date: "2026-12-02", variant: "knektpass" });
  });

  it("lists every problem with its evening, game, deal and player", () => {
    const broken = structuredClone(knektpass);
    broken.deals[0].entries.B.tricks = 7;
    const { evenings, problems } = readImport(
      {
        format: BACKUP_FORMAT,
        version: 1,
        evenings: [evening, { ...evening, games: [broken] }, { ...evening, title: "", date: "tomorrow" }],
      },
      "2026-12-02",
    );
    expect(evenings).toEqual([]);
    // Each problem also carries its message as a key with parameters (`text`), which renders to `message`.
    expect(problems.map((p) => translate(p.text, "en"))).toEqual(problems.map((p) => p.message));
    expect(problems).toMatchObject([
      {
        evening: 2,
        game: 1,
        deal: 1,
        player: "B",
        message: "Evening 2, game 1: deal 1, B: tricks must be a whole number 0–5, not 7",
      },
      { evening: 3, message: "Evening 3: the title must be 1–80 characters." },
      { evening: 3, message: "Evening 3: the date must look like 2026-12-02." },
    ]);
  });

  it("refuses what is not a Protokoll file", () => {
    expect(readImport([1, 2], "2026-12-02").problems[0]!.message).toBe("The file must hold a JSON object.");
    expect(readImport({ hello: "world" }, "2026-12-02").problems[0]!.message).toMatch(/^Not a Protokoll file/);
  });

  it("an unfinished game can only be the evening's last", () => {
    const unfinished = { ...knektpass, deals: knektpass.deals.slice(0, 2) };
    const { problems } = readImport(
      { format: EVENING_FORMAT, version: 1, ...evening, games: [unfinished, knektpass] },
      "2026-12-02",
    );
    expect(problems.map((p) => p.message)).toEqual(["The evening, game 1: a game before the last must have been won."]);
  });

  it("the import key depends on the content, not on when it was exported", () => {
    expect(importKey(evening)).toBe(importKey(structuredClone(evening)));
    expect(importKey(evening)).not.toBe(importKey({ ...evening, title: "Fredag" }));
  });
});

describe("stakes and saved rule sets in a file", () => {
  const stakes = { currency: "SEK", perGame: 500, perPoint: 50, perLimpa: 0 };

  it("an evening carries its stakes and rule set; the key of an evening without stakes stays as it was", () => {
    const read = readImport(
      { format: EVENING_FORMAT, version: 1, ...evening, stakes: { perGame: 500, perPoint: 50 }, ruleSet: "Torsdagar" },
      "2026-12-02",
    );
    expect(read.problems).toEqual([]);
    expect(read.evenings[0]).toMatchObject({ stakes, ruleSet: "Torsdagar" });
    expect(importKey(read.evenings[0]!)).not.toBe(importKey(evening));
    expect(importKey({ ...evening, stakes: undefined })).toBe(importKey(evening));
  });

  it("the settlement of an exported evening is the rules module's: B wins; A at 15 and C at 12 pay 5 kr + 50 öre a point", () => {
    expect(eveningSettlement({ ...evening, stakes })).toEqual({
      currency: "SEK",
      net: { A: -1250, B: 2350, C: -1100 },
      payments: [
        { from: "A", to: "B", amount: 1250 },
        { from: "C", to: "B", amount: 1100 },
      ],
    });
    expect(eveningSettlement(evening)).toBeUndefined();
  });

  it("bad stakes, a bad rule set or a name twice are refused, each named, and nothing is read", () => {
    const { evenings, ruleSets, problems } = readImport(
      {
        format: BACKUP_FORMAT,
        version: 1,
        evenings: [{ ...evening, stakes: { currency: "kr", perGame: -5 } }],
        ruleSets: [
          { name: "Torsdagar", variant: "knektpass", houseRules: { startScore: 10 }, stakes: null },
          { name: "Torsdagar", variant: "knektpass", houseRules: {}, stakes: { perPoint: 0.5 } },
          { name: "Lurigt", variant: "knektpass", houseRules: { loneKnocker: "takesAll" } },
          { variant: "whist" },
        ],
      },
      "2026-12-02",
    );
    expect([evenings, ruleSets]).toEqual([[], []]);
    expect(problems.map((p) => p.message)).toEqual([
      'Evening 1: stakes: "kr" is not a three-letter ISO 4217 currency code (such as SEK)',
      "Evening 1: stakes: perGame must be a whole number of minor units from 0 to 100000000, not -5",
      "Rule set 2: stakes: perPoint must be a whole number of minor units from 0 to 100000000, not 0.5",
      "Rule set 2: the name Torsdagar comes twice",
      expect.stringMatching(/^Rule set 3: .*loneKnocker/),
      "Rule set 4: name is missing or not valid",
    ]);
  });

  it("a bare game record brings its stakes, as the score command reads them; bad ones are refused", () => {
    const read = readImport({ ...knektpass, stakes: { perGame: 500 } }, "2026-12-02");
    expect(read.evenings[0]!.stakes).toEqual({ currency: "SEK", perGame: 500, perPoint: 0, perLimpa: 0 });
    expect(read.evenings[0]!.games[0]).not.toHaveProperty("stakes");
    expect(readImport({ ...knektpass, stakes: { perGame: "5" } }, "2026-12-02").problems.map((p) => p.message)).toEqual(
      ['game 1: stakes: perGame must be a whole number of minor units from 0 to 100000000, not "5"'],
    );
  });

  it("a backup's rule sets are read with their stakes in minor units", () => {
    const { ruleSets, problems } = readImport(
      {
        format: BACKUP_FORMAT,
        version: 1,
        evenings: [evening],
        ruleSets: [{ name: "Torsdagar", variant: "knektpass", houseRules: { startScore: 10 }, stakes }],
      },
      "2026-12-02",
    );
    expect(problems).toEqual([]);
    expect(ruleSets).toEqual([{ name: "Torsdagar", variant: "knektpass", houseRules: { startScore: 10 }, stakes }]);
  });
});

describe("CSV export", () => {
  it("an evening played for money ends with each player's net and the payments, in kronor", () => {
    const csv = eveningToCsv({ ...evening, stakes: { currency: "SEK", perGame: 500, perPoint: 50, perLimpa: 0 } });
    const [, money] = csv.split("\r\n\r\n");
    expect(money!.trim().split("\r\n")).toEqual([
      "money,player,to,amount,currency",
      "net,A,,-12.5,SEK",
      "net,B,,23.5,SEK",
      "net,C,,-11,SEK",
      "pays,A,B,12.5,SEK",
      "pays,C,B,11,SEK",
    ]);
    expect(eveningToCsv(evening)).not.toContain("money,");
  });

  it("has one row per deal and player with the engine's scores", () => {
    const lines = eveningToCsv(evening).trim().split("\r\n");
    expect(lines[0]).toBe(
      "evening,date,game,deal,dealer,player,seat,plays,exchanged,tricks,revoke,void,limpa,change,score",
    );
    expect(lines).toHaveLength(1 + 4 * 3);
    // Deal 1 (dealer C): A exchanged 2+0, took 1 → +5 → 17.
    expect(lines[1]).toBe("Torsdag,2026-12-03,1,1,C,A,1,true,2+0,1,false,false,false,5,17");
    expect(lines[12]).toBe("Torsdag,2026-12-03,1,4,B,C,3,false,,,false,false,false,0,12");
  });

  it("quotes what needs quoting and never lets a spreadsheet run a name as a formula", () => {
    expect(csvField('Bo "Boss" Berg')).toBe('"Bo ""Boss"" Berg"');
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(-5)).toBe("-5");
  });
});

describe("a backup's groups are read by the schemas that make them", () => {
  const group = (fields: Record<string, unknown>) => ({
    key: "g1",
    name: "Torsdagsgänget",
    members: [],
    players: [{ name: "Anna", account: null, mergedInto: null }],
    seasons: [],
    ...fields,
  });
  const read = (g: unknown) =>
    readImport({ format: BACKUP_FORMAT, version: 1, evenings: [], groups: [g] }, "2026-12-07");

  it("refuses the names creating a group refuses: control characters, only invisible ones, too long", () => {
    for (const bad of [
      { name: "Gänget\u0007" },
      { name: "\u200b\u200b" },
      { name: "x".repeat(61) },
      { players: [{ name: "An\u0000na", account: null, mergedInto: null }] },
      {
        seasons: [
          { variant: "knektpass", name: "Vår\u001b", startsOn: "2026-01-01", endsOn: "2026-06-30", bestEvenings: null },
        ],
      },
    ]) {
      const { groups, problems } = read(group(bad));
      expect(groups, JSON.stringify(bad)).toEqual([]);
      expect(problems.length, JSON.stringify(bad)).toBeGreaterThan(0);
    }
  });

  it("stores the names as creating a group would: trimmed and in one Unicode form", () => {
    const { groups, problems } = read(
      group({ name: " Ga\u0308nget ", players: [{ name: "Bjo\u0308rn", account: null, mergedInto: null }] }),
    );
    expect(problems).toEqual([]);
    expect(groups[0]!.name).toBe("G\u00e4nget");
    expect(groups[0]!.players[0]!.name).toBe("Bj\u00f6rn");
  });
});
