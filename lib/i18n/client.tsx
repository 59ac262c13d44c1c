"use client";

/**
 * The page's language in the browser: the reader's language only, and only the areas of words the page uses — the
 * root layout gives those every page shows, a page adds its own (`Words`, lib/i18n/words.tsx) — and the translator
 * client components take from it with `useI18n()` instead of receiving words as props.
 */
import { createContext, useContext, useMemo, type ReactNode } from "react";
import type { Dictionary } from "./dictionaries";
import { translator, type Locale, type Translator } from "./format";

const I18nContext = createContext<Translator | null>(null);

/** Adds `dictionary` to the words given above it (a page's areas to the root layout's). */
export function I18nProvider({
  locale,
  dictionary,
  children,
}: {
  locale: Locale;
  dictionary: Dictionary;
  children: ReactNode;
}) {
  const above = useContext(I18nContext);
  const value = useMemo(
    () => translator(above ? joined(above.dict, dictionary) : dictionary, locale),
    [above, locale, dictionary],
  );
  return <I18nContext value={value}>{children}</I18nContext>;
}

/**
 * The words above and the page's own in one lookup object. Not a spread: copying hundreds of keys into a plain
 * object, one shape change per key, takes milliseconds on every render (bench:history); an object without a
 * prototype holds them as a table from the start, some fifty times faster.
 */
function joined(above: Dictionary, own: Dictionary): Dictionary {
  return Object.assign(Object.create(null) as Dictionary, above, own);
}

/** The page's translator; a client component under the root layout. */
export function useI18n(): Translator {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error("useI18n outside the I18nProvider of the root layout");
  return i18n;
}
