/**
 * Gives the browser the reader's language's words of some areas: the root layout those every page uses (`site`),
 * each page those its own client components use, added to what is above it. The server's own code keeps every word
 * (`getI18n`, lib/i18n/server.ts).
 */
import "server-only";
import type { ReactNode } from "react";
import { I18nProvider } from "./client";
import { wordsOf, type Area } from "./dictionaries";
import { getLocale } from "./server";

export async function Words({ areas, children }: { areas: readonly Area[]; children: ReactNode }) {
  const locale = await getLocale();
  return (
    <I18nProvider locale={locale} dictionary={wordsOf(locale, areas)}>
      {children}
    </I18nProvider>
  );
}
