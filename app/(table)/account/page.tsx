import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { currentUser } from "@/lib/auth/session";
import { format } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { ChangePasswordForm, SignOutElsewhereForm } from "./account-forms";

export const metadata: Metadata = { title: "Account · Protokoll" };

/** The signed-in account: change its password, or sign it out on every other phone and browser. */
export default async function AccountPage() {
  const [user, { t }] = await Promise.all([currentUser(), getI18n()]);
  if (!user) redirect("/sign-in?next=/account");
  return (
    <main className="narrow stack">
      <h1>{t("account.title")}</h1>
      <p className="muted">{format(t("account.signedInAs"), { name: user.name })}</p>
      <section className="stack">
        <h2>{t("account.changePassword")}</h2>
        <p className="muted">{t("account.changeHelp")}</p>
        <ChangePasswordForm
          labels={{
            current: t("account.current"),
            password: t("account.new"),
            hint: t("auth.passwordHint"),
            submit: t("account.changePassword"),
            done: t("account.changed"),
          }}
        />
      </section>
      <section className="stack">
        <h2>{t("account.elsewhere")}</h2>
        <p className="muted">{t("account.elsewhereHelp")}</p>
        <SignOutElsewhereForm
          labels={{ submit: t("account.signOutElsewhere"), done: t("account.signedOutElsewhere") }}
        />
      </section>
    </main>
  );
}
