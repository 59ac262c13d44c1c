/** The request's language: the `lang` cookie the switch sets, else the browser's preference. */
import "server-only";
import { cookies, headers } from "next/headers";
import { DICTIONARIES, isLocale, type Locale, type MessageKey } from "./dictionaries";

export const LOCALE_COOKIE = "lang";

export async function getLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  const accept = (await headers()).get("accept-language") ?? "";
  return /^\s*sv\b/i.test(accept) ? "sv" : "en";
}

export async function getI18n() {
  const locale = await getLocale();
  const dictionary = DICTIONARIES[locale];
  return { locale, t: (key: MessageKey) => dictionary[key] };
}
