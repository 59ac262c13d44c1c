import { DICTIONARIES, type Locale } from "@/lib/i18n/dictionaries";

/** The words of the list of evenings kept on the phone (KeptEvenings is a client component: only these are sent). */
export function keptWords(locale: Locale) {
  const d = DICTIONARIES[locale];
  return {
    "offline.keptTitle": d["offline.keptTitle"],
    "offline.keptHint": d["offline.keptHint"],
    "offline.keptNone": d["offline.keptNone"],
  };
}
