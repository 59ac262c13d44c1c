import Link from "next/link";
import { currentUser } from "@/lib/auth/session";
import { getI18n } from "@/lib/i18n/server";
import { HeaderAccount } from "./header-account";
import { LanguageSwitch } from "./language-switch";

/** The header of the table's pages: the app's links, the language, and the account the phone acts for. */
export async function SiteHeader() {
  const [user, { t }] = await Promise.all([currentUser(), getI18n()]);
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
        {user ? (
          <Link href="/groups" className="hide-narrow" prefetch={false}>
            {t("nav.groups")}
          </Link>
        ) : null}
        <LanguageSwitch />
        <HeaderAccount signIn={t("nav.signIn")} signOut={t("nav.signOut")} />
      </nav>
    </header>
  );
}
