import { describe, expect, it } from "vitest";
import { DICTIONARIES, LOCALES, intlLocale } from "@/lib/i18n/dictionaries";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("the dictionaries", () => {
  it("every key exists in both languages, with text, and the same placeholders", () => {
    const [first, ...others] = LOCALES.map((l) => DICTIONARIES[l]);
    const keys = Object.keys(first!).sort();
    for (const [i, dictionary] of others.entries()) {
      expect(Object.keys(dictionary).sort(), `keys of ${LOCALES[i + 1]}`).toEqual(keys);
    }
    for (const key of keys) {
      for (const locale of LOCALES) {
        const text = (DICTIONARIES[locale] as Record<string, string>)[key]!;
        expect(text.trim(), `${locale} ${key}`).not.toBe("");
        expect(placeholders(text), `${locale} ${key}`).toEqual(placeholders((first as Record<string, string>)[key]!));
      }
    }
  });

  it("numbers and dates are formatted the way each language writes them", () => {
    expect(new Intl.NumberFormat(intlLocale("sv")).format(1234.5)).toBe("1\u00a0234,5");
    expect(new Intl.NumberFormat(intlLocale("en")).format(1234.5)).toBe("1,234.5");
  });
});
