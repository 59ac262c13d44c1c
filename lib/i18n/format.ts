/**
 * Languages and formatting, without the dictionaries' data: what the browser's code uses with the one dictionary
 * its page was given (lib/i18n/client.tsx), so a page's JavaScript carries no words of its own.
 */
import type { Problem } from "@/lib/rules/types";
import type { Dictionary, Message, MessageKey } from "./dictionaries";

export const LOCALES = ["en", "sv"] as const;
export type Locale = (typeof LOCALES)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language to answer in: the one chosen with the switch (the `lang` cookie), else the browser's preference. */
export function localeOf(chosen: string | undefined, acceptLanguage: string | null): Locale {
  if (isLocale(chosen)) return chosen;
  return /^\s*sv\b/i.test(acceptLanguage ?? "") ? "sv" : "en";
}

/** The locale for numbers and dates (Intl) in the product's language: Swedish as in Sweden, English as in Britain. */
export function intlLocale(locale: Locale): "sv-SE" | "en-GB" {
  return locale === "sv" ? "sv-SE" : "en-GB";
}

/** How each language writes an integer: Intl's signs for sv-SE and en-GB (U+2212 minus and a no-break space). */
const INTEGER_SIGNS: Record<Locale, { minus: string; group: string }> = {
  sv: { minus: "\u2212", group: "\u00a0" },
  en: { minus: "-", group: "," },
};

/**
 * Numbers as the reader writes them (`intlLocale`). Scores are integers: they are written here, to the letter as
 * Intl.NumberFormat writes them (tests/unit/i18n/format.test.ts compares the two), because the first formatter a
 * page makes costs a tenth of a second on a slow phone — on the first screen of the table. Other numbers go to Intl.
 */
export function numberFormat(locale: Locale): { format(value: number): string } {
  const { minus, group } = INTEGER_SIGNS[locale];
  let intl: Intl.NumberFormat | null = null;
  return {
    format(value) {
      if (!Number.isSafeInteger(value)) return (intl ??= new Intl.NumberFormat(intlLocale(locale))).format(value);
      const digits = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, group);
      return value < 0 || Object.is(value, -0) ? minus + digits : digits;
    },
  };
}

/**
 * The time of day of `at` on this device, as both languages write it (24-hour "20:05", as Intl writes it for
 * sv-SE and en-GB with 2-digit hour and minute; tests/unit/i18n/format.test.ts compares the two) — without making
 * a formatter, which costs a moment on a slow phone.
 */
export function clockTime(at: Date): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(at.getHours())}:${two(at.getMinutes())}`;
}

/** Fills {placeholders} in a message. */
export function format(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
}

/**
 * The words of `key`. A page's browser holds only the areas it uses (lib/i18n/words.tsx), which a test checks; were
 * one missing all the same, the page shows the key rather than failing.
 */
function word(dictionary: Dictionary, key: MessageKey): string {
  return (dictionary[key] as string | undefined) ?? key;
}

/** A message in one language's words: its parameters filled in, a parameter that is a message rendered in place. */
export function render(dictionary: Dictionary, locale: Locale, message: Message): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(message.params ?? {}))
    values[name] =
      typeof value !== "object" ? value : "key" in value ? render(dictionary, locale, value) : value[locale];
  return format(word(dictionary, message.key), values);
}

/** A rules-engine problem with where it is: "deal 3, Bo: tricks must be …". */
export function renderProblem(dictionary: Dictionary, locale: Locale, problem: Problem): string {
  const where: string[] = [];
  if (problem.deal !== undefined)
    where.push(render(dictionary, locale, { key: "rules.atDeal", params: { n: problem.deal } }));
  if (problem.player !== undefined) where.push(problem.player);
  return (where.length ? `${where.join(", ")}: ` : "") + render(dictionary, locale, problem);
}

/** What a refused action says: the rules engine's problems if any, else its message. */
export function renderFailure(
  dictionary: Dictionary,
  locale: Locale,
  failure: { message: Message; problems: Problem[] },
): string {
  if (failure.problems.length) return failure.problems.map((p) => renderProblem(dictionary, locale, p)).join(" ");
  return render(dictionary, locale, failure.message);
}

/** One language's translator: what the server (`getI18n`) and the browser (`useI18n`) both hand out. */
export interface Translator {
  locale: Locale;
  dict: Dictionary;
  /** The words of `key`, with its {placeholders} filled. */
  t: (key: MessageKey, values?: Record<string, string | number>) => string;
  /** A message from the server (a key and its parameters). */
  say: (message: Message) => string;
  /** A rules-engine problem, with where it is. */
  problem: (problem: Problem) => string;
  /** What a refused action says. */
  failure: (failure: { message: Message; problems: Problem[] }) => string;
}

export function translator(dictionary: Dictionary, locale: Locale): Translator {
  return {
    locale,
    dict: dictionary,
    t: (key, values) => (values ? format(word(dictionary, key), values) : word(dictionary, key)),
    say: (message) => render(dictionary, locale, message),
    problem: (problem) => renderProblem(dictionary, locale, problem),
    failure: (failure) => renderFailure(dictionary, locale, failure),
  };
}

/** An amount in minor units (öre) as the currency is written in the locale, e.g. 3500 SEK → "35,00 kr". */
export function money(amount: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale), { style: "currency", currency }).format(
    amount / 10 ** minorDigits(currency),
  );
}

/** A net amount with its sign: "+35,00 kr", "−12,50 kr", "0,00 kr". */
export function signedMoney(amount: number, currency: string, locale: Locale): string {
  return (amount > 0 ? "+" : "") + money(amount, currency, locale);
}

/** How many minor units a currency's major unit has, as a power of ten (SEK 2, JPY 0); 2 for a code Intl does not know. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in minor units as a form writes it in major units: 3500 SEK → "35", 50 → "0.5". */
export function majorUnits(amount: number, currency: string): string {
  return String(amount / 10 ** minorDigits(currency));
}
