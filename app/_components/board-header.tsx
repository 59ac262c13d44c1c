/* eslint-disable @next/next/no-html-link-for-pages -- plain links on purpose: the scoreboard loads none of the router (see BoardHeader). */
import { currentUser } from "@/lib/auth/session";
import { getI18n } from "@/lib/i18n/server";
import { LanguageSwitch } from "./language-switch";

/**
 * The header of the live scoreboard: the site header's look, plain links (a viewer who follows one leaves the
 * scoreboard for the app, which loads as a page of its own) and no account of the phone's. A module of its own:
 * the table's header brings the router's links and the phone's account with it.
 */
export async function BoardHeader() {
  const [user, { t }] = await Promise.all([currentUser(), getI18n()]);
  return (
    <header className="site-header">
      <a href="/" className="brand">
        Protokoll
      </a>
      <nav aria-label="Main" className="site-nav">
        {user ? <a href="/evenings">{t("nav.evenings")}</a> : null}
        <LanguageSwitch />
        {user ? null : (
          <a href="/sign-in" className="button small">
            {t("nav.signIn")}
          </a>
        )}
      </nav>
    </header>
  );
}
