/** Languages and formatting, without the dictionaries' data: what a page needs that gets its words as props. */
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

/** Fills {placeholders} in a message. */
export function format(message: string, values: Record<string, string | number>): string {
  return message.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? `{${key}}`));
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
