/**
 * The product's words in English and Swedish, in one file per area of the product (lib/i18n/areas/), each holding
 * both languages side by side. The game's own words (knacka/lura, limpa, trumftvång, förhand, giv) are used in both
 * languages. Plain data: usable on the server and in the browser, where a page is given only its language and the
 * areas it uses (`Words`, lib/i18n/words.tsx).
 */
import type { Problem, RulesMessageKey } from "@/lib/rules/types";

import * as evening from "./areas/evening";
import * as group from "./areas/group";
import * as money from "./areas/money";
import * as offline from "./areas/offline";
import * as players from "./areas/players";
import * as rules from "./areas/rules";
import * as share from "./areas/share";
import * as site from "./areas/site";
import * as start from "./areas/start";
import * as table from "./areas/table";
import * as transfer from "./areas/transfer";
import { render, renderFailure, renderProblem, type Locale } from "./format";

export { LOCALES, format, intlLocale, isLocale, type Locale } from "./format";

/** The areas of the product's words. A key's area is the one whose file holds it; each key is in one area. */
export const AREAS = { site, start, players, evening, rules, table, offline, share, money, transfer, group } as const;
export type Area = keyof typeof AREAS;

const en = {
  ...site.en,
  ...start.en,
  ...players.en,
  ...evening.en,
  ...rules.en,
  ...table.en,
  ...offline.en,
  ...share.en,
  ...money.en,
  ...transfer.en,
  ...group.en,
} as const;

export type MessageKey = keyof typeof en;
export type Dictionary = Record<MessageKey, string>;

const sv: Dictionary = {
  ...site.sv,
  ...start.sv,
  ...players.sv,
  ...evening.sv,
  ...rules.sv,
  ...table.sv,
  ...offline.sv,
  ...share.sv,
  ...money.sv,
  ...transfer.sv,
  ...group.sv,
};

export const DICTIONARIES: Record<Locale, Dictionary> = { en, sv };

/**
 * The words of each language and list of areas, gathered once: copying hundreds of keys into a new object costs
 * milliseconds, on every page (bench:history). The lists are the pages' own constants, so this stays small.
 */
const gathered = new Map<string, Dictionary>();

/**
 * One language's words of some areas only: what a page gives the browser. Typed as the whole dictionary, which its
 * keys are part of; a page lists every area its client components use (tests/unit/i18n/areas.test.ts checks).
 */
export function wordsOf(locale: Locale, areas: readonly Area[]): Dictionary {
  const key = `${locale}:${areas.join(",")}`;
  let words = gathered.get(key);
  if (!words) gathered.set(key, (words = Object.assign({}, ...areas.map((area) => AREAS[area][locale])) as Dictionary));
  return words;
}

/** A parameter of a message: a value, a text in both languages, or a message of its own (rendered in place). */
export type MessageParam = string | number | { en: string; sv: string } | Message;

/**
 * What the server says to a person — an error, a field problem, an import problem — as a dictionary key and its
 * parameters, translated where it is shown (`translate`), so both languages come from the same dictionaries.
 */
export interface Message {
  key: MessageKey;
  params?: Readonly<Record<string, MessageParam>>;
}

// The rules engine words its problems and explanations with keys of these dictionaries: each must be one.
const rulesKeysAreMessageKeys: RulesMessageKey extends MessageKey ? true : never = true;
void rulesKeysAreMessageKeys;

export function translate(message: Message, locale: Locale): string {
  return render(DICTIONARIES[locale], locale, message);
}

export function isMessageKey(value: unknown): value is MessageKey {
  return typeof value === "string" && Object.hasOwn(DICTIONARIES.en, value);
}

/** A message in both languages, for a text that quotes it or a file that carries both. */
export function bothLanguages(message: Message): { en: string; sv: string } {
  return { en: translate(message, "en"), sv: translate(message, "sv") };
}

/** A rules-engine problem in the reader's language, with where it is: "deal 3, Bo: tricks must be …". */
export function problemText(problem: Problem, locale: Locale): string {
  return renderProblem(DICTIONARIES[locale], locale, problem);
}

/** A rules-engine problem in both languages, for a message that quotes it. */
export function problemInBoth(problem: Problem): { en: string; sv: string } {
  return { en: problemText(problem, "en"), sv: problemText(problem, "sv") };
}

/** What a refused action says, in the reader's language: the rules engine's problems if any, else its message. */
export function failureText(failure: { message: Message; problems: Problem[] }, locale: Locale): string {
  return renderFailure(DICTIONARIES[locale], locale, failure);
}
