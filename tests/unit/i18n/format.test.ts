import { describe, expect, it } from "vitest";
import { LOCALES, clockTime, intlLocale, numberFormat } from "@/lib/i18n/format";

describe("numbers as the reader writes them", () => {
  for (const locale of LOCALES) {
    it(`writes every integer as Intl.NumberFormat does in ${intlLocale(locale)}`, () => {
      const ours = numberFormat(locale);
      const intl = new Intl.NumberFormat(intlLocale(locale));
      const values = [0, -0, 1, -1, 999, -999, 1000, -1000, 12_345, -99_999, 1_000_000, Number.MAX_SAFE_INTEGER];
      for (let n = -2500; n <= 2500; n += 7) values.push(n);
      for (let i = 0; i < 200; i++) values.push(Math.round((Math.random() - 0.5) * 2e9));
      for (const value of values) expect(ours.format(value)).toBe(intl.format(value));
    });

    it(`leaves other numbers to Intl in ${intlLocale(locale)}`, () => {
      const intl = new Intl.NumberFormat(intlLocale(locale));
      for (const value of [0.5, -2.25, 1234.5, Number.MAX_SAFE_INTEGER + 2, Infinity, NaN])
        expect(numberFormat(locale).format(value)).toBe(intl.format(value));
    });
  }

  it("marks the difference: Swedish writes a true minus and a no-break space", () => {
    expect(numberFormat("sv").format(-1234)).toBe("\u22121\u00a0234");
    expect(numberFormat("en").format(-1234)).toBe("-1,234");
  });

  for (const locale of LOCALES) {
    it(`writes the time of day as Intl does in ${intlLocale(locale)}`, () => {
      const intl = new Intl.DateTimeFormat(intlLocale(locale), { hour: "2-digit", minute: "2-digit" });
      for (let minute = 0; minute < 24 * 60; minute += 7) {
        const at = new Date(2026, 11, 5, 0, minute);
        expect(clockTime(at)).toBe(intl.format(at));
      }
    });
  }
});
