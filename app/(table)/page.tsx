import Link from "next/link";
import { currentUser } from "@/lib/auth/session";
import { getI18n } from "@/lib/i18n/server";

export default async function HomePage() {
  const [user, { t }] = await Promise.all([currentUser(), getI18n()]);
  return (
    <main className="stack">
      <section className="hero stack">
        <h1>{t("home.title")}</h1>
        <p>{t("home.lead")}</p>
      </section>
      <section className="card stack">
        <h2>{t("home.how")}</h2>
        <ol className="steps">
          <li>{t("home.step1")}</li>
          <li>{t("home.step2")}</li>
          <li>{t("home.step3")}</li>
        </ol>
        <div className="actions">
          {user ? (
            <Link href="/evenings" className="button primary">
              {t("home.ctaSignedIn")}
            </Link>
          ) : (
            <>
              <Link href="/sign-up" className="button primary">
                {t("home.cta")}
              </Link>
              <span className="muted">
                {t("home.haveAccount")} <Link href="/sign-in">{t("nav.signIn")}</Link>
              </span>
            </>
          )}
        </div>
      </section>
    </main>
  );
}
