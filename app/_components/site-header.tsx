import Link from "next/link";
import { setLanguage } from "@/app/actions";
import { currentUser } from "@/lib/auth/session";
import { LOCALES } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { HeaderAccount } from "./header-account";

export async function SiteHeader() {
  const [user, { t, locale }] = await Promise.all([currentUser(), getI18n()]);
  return (
    <header className="site-header">
      {/* The header's links are not fetched ahead: every page shows them, and fetching them as the page opens would
          hold up the page (at the table they are seldom followed). They load when tapped. */}
      <Link href="/" className="brand" prefetch={false}>
        Protokoll
      </Link>
      <nav aria-label="Main" className="site-nav">
        {user ? (
          <Link href="/evenings" prefetch={false}>
            {t("nav.evenings")}
          </Link>
        ) : null}
        {user ? (
          <Link href="/players" className="hide-narrow" prefetch={false}>
            {t("nav.players")}
          </Link>
        ) : null}
        <form action={setLanguage} className="language-switch" aria-label={t("nav.language")}>
          {LOCALES.map((l) => (
            <button key={l} name="locale" value={l} type="submit" aria-pressed={l === locale} lang={l}>
              {l.toUpperCase()}
            </button>
          ))}
        </form>
        <HeaderAccount signIn={t("nav.signIn")} signOut={t("nav.signOut")} />
      </nav>
    </header>
  );
}
