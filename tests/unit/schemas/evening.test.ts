import { describe, expect, it } from "vitest";
import { translate } from "@/lib/i18n/dictionaries";
import { CalendarDateSchema, EveningDetailsSchema, isCalendarDate, TextSchema } from "@/lib/schemas/evening";
import { readImport, EVENING_FORMAT } from "@/lib/transfer/format";

describe("one schema for an evening's details: the form, the REST routes and import", () => {
  it.each([
    ["2026-12-03", true],
    ["2024-02-29", true], // a leap year
    ["2026-02-29", false],
    ["2026-02-30", false],
    ["2026-13-45", false],
    ["2026-00-10", false],
    ["2026-1-5", false],
    ["soon", false],
  ])("%s is a day of the calendar: %s", (value, real) => {
    expect(isCalendarDate(value)).toBe(real);
    expect(CalendarDateSchema.safeParse(value).success).toBe(real);
  });

  it("says whether a date has the wrong shape or is not in the calendar", () => {
    const message = (value: string) => CalendarDateSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(message("tomorrow")).toEqual(["field.dateShape"]);
    expect(message("2026-02-30")).toEqual(["field.noSuchDate"]);
    expect(translate({ key: "field.noSuchDate" }, "en")).toBe("no such date in the calendar");
  });

  it("import uses it: a file with 2026-02-30 or 2026-13-45 is refused, naming the evening", () => {
    const game = { variant: "knektpass", players: ["A", "B"], deals: [] };
    const file = (date: string) => ({
      format: EVENING_FORMAT,
      version: 1,
      title: "Torsdag",
      date,
      variant: "knektpass",
      games: [game],
    });
    const problems = (date: string) => readImport(file(date), "2026-12-03").problems;
    expect(problems("2026-02-30").map((p) => p.message)).toEqual([
      "The evening: 2026-02-30 is not a date in the calendar.",
    ]);
    expect(problems("2026-13-45").map((p) => translate(p.text, "sv"))).toEqual([
      "Kvällen: 2026-13-45 finns inte i kalendern.",
    ]);
    expect(problems("2026-02-28")).toEqual([]);
    // What import accepts, the form's schema accepts too.
    expect(EveningDetailsSchema.safeParse({ title: "Torsdag", date: "2026-02-28", variant: "knektpass" }).success).toBe(
      true,
    );
  });

  it("refuses a title or name that shows nothing once its invisible characters are removed", () => {
    const Name = TextSchema(40, "field.nameNeeded");
    for (const blank of ["\u200b\u200b", " \u200d ", "\u2060\ufeff", "\u034f"]) {
      const parsed = Name.safeParse(blank);
      expect(parsed.success, JSON.stringify(blank)).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe("field.nameNeeded");
    }
    expect(Name.parse(" Anna\u200b ")).toBe("Anna\u200b");
  });
});
