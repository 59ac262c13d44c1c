/* eslint-disable @next/next/no-html-link-for-pages -- plain links on purpose: every page carries the not-found page, which must not bring the router's link with it. */
import type { ReactNode } from "react";
import { getI18n } from "@/lib/i18n/server";

/**
 * A wrong address, or an evening that does not exist or is not yours: said plainly, with a way on (plain links,
 * so that every page, which carries this one in case, does not load the router's link for it).
 */
export async function NotFoundMessage({ children }: { children?: ReactNode }) {
  const { t } = await getI18n();
  return (
    <main className="narrow stack" data-testid="not-found">
      <h1>{t("errors.notFoundTitle")}</h1>
      <p>{t("errors.notFound")}</p>
      <p className="actions">
        <a href="/evenings" className="button primary">
          {t("errors.toEvenings")}
        </a>
        <a href="/" className="button">
          {t("errors.home")}
        </a>
      </p>
      {children}
    </main>
  );
}
