/** The request's language: the `lang` cookie the switch sets, else the browser's preference. */
import "server-only";
import { cookies, headers } from "next/headers";
import { DICTIONARIES, type Locale, type MessageKey } from "./dictionaries";
import { localeOf } from "./format";

export const LOCALE_COOKIE = "lang";

export async function getLocale(): Promise<Locale> {
  return localeOf((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
}

export async function getI18n() {
  const locale = await getLocale();
  const dictionary = DICTIONARIES[locale];
  return { locale, t: (key: MessageKey) => dictionary[key] };
}
