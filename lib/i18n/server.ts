/** The request's language: the `lang` cookie the switch sets, else the browser's preference. */
import "server-only";
import { cookies, headers } from "next/headers";
import { DICTIONARIES, type Locale, type Message, type MessageKey } from "./dictionaries";
import { format, localeOf, render } from "./format";

export const LOCALE_COOKIE = "lang";

export async function getLocale(): Promise<Locale> {
  return localeOf((await cookies()).get(LOCALE_COOKIE)?.value, (await headers()).get("accept-language"));
}

/** The request's language and its translator: `t(key, values?)` as the client's (lib/i18n/client.tsx), `say(message)`. */
export async function getI18n() {
  const locale = await getLocale();
  const dictionary = DICTIONARIES[locale];
  return {
    locale,
    dict: dictionary,
    t: (key: MessageKey, values?: Record<string, string | number>) =>
      values ? format(dictionary[key], values) : dictionary[key],
    say: (message: Message) => render(dictionary, locale, message),
  };
}
