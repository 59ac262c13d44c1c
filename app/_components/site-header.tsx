import Link from "next/link";
import { setLanguage } from "@/app/actions";
import { signOutAction } from "@/app/(auth)/actions";
import { currentUser } from "@/lib/auth/session";
import { LOCALES } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { SignOutButton } from "./sign-out-button";

export async function SiteHeader() {
  const [user, { t, locale }] = await Promise.all([currentUser(), getI18n()]);
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        Protokoll
      </Link>
      <nav aria-label="Main" className="site-nav">
        {user ? <Link href="/evenings">{t("nav.evenings")}</Link> : null}
        {user ? (
          <Link href="/players" className="hide-narrow">
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
        {user ? (
          <form action={signOutAction} className="account">
            <span className="username" data-testid="signed-in-as">
              {user.name}
            </span>
            <SignOutButton label={t("nav.signOut")} />
          </form>
        ) : (
          <Link href="/sign-in" className="button small">
            {t("nav.signIn")}
          </Link>
        )}
      </nav>
    </header>
  );
}
