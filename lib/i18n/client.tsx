"use client";

/**
 * The page's language in the browser: one dictionary (the reader's language only), given once by the root layout,
 * and the translator client components take from it with `useI18n()` instead of receiving words as props.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Problem } from "@/lib/rules/types";
import type { Dictionary, Message, MessageKey } from "./dictionaries";
import { format, render, renderFailure, renderProblem, type Locale } from "./format";

export interface I18n {
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

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({
  locale,
  dictionary,
  children,
}: {
  locale: Locale;
  dictionary: Dictionary;
  children: ReactNode;
}) {
  const value = useMemo<I18n>(
    () => ({
      locale,
      dict: dictionary,
      t: (key, values) => (values ? format(dictionary[key], values) : dictionary[key]),
      say: (message) => render(dictionary, locale, message),
      problem: (problem) => renderProblem(dictionary, locale, problem),
      failure: (failure) => renderFailure(dictionary, locale, failure),
    }),
    [locale, dictionary],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

/** The page's translator; a client component under the root layout. */
export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useI18n outside the I18nProvider of the root layout");
  return i18n;
}
