/** The request's language: the `lang` cookie the switch sets, else the browser's preference. */
import "server-only";
import { cookies, headers } from "next/headers";
import { DICTIONARIES, type Locale } from "./dictionaries";
import { localeOf, translator, type Translator } from "./format";

export const LOCALE_COOKIE = "lang";

export async function getLocale(): Promise<Locale> {
  return localeOf((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
}

/** The request's language and its translator, the same as the browser's (`useI18n`, lib/i18n/client.tsx). */
export async function getI18n(): Promise<Translator> {
  const locale = await getLocale();
  return translator(DICTIONARIES[locale], locale);
}
