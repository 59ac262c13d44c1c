import type { Metadata } from "next";
import Link from "next/link";
import { getI18n } from "@/lib/i18n/server";
import { signUpAction } from "../actions";
import { AuthForm } from "../auth-form";

export const metadata: Metadata = { title: "Sign up · Protokoll" };

export default async function SignUpPage({ searchParams }: PageProps<"/sign-up">) {
  const { t } = await getI18n();
  const next = (await searchParams).next;
  return (
    <main className="narrow stack">
      <h1>{t("auth.signUpTitle")}</h1>
      <AuthForm
        action={signUpAction}
        next={typeof next === "string" ? next : undefined}
        autoCompletePassword="new-password"
        labels={{
          username: t("auth.username"),
          password: t("auth.password"),
          submit: t("auth.signUpButton"),
          passwordHint: t("auth.passwordHint"),
        }}
      />
      <p>
        {t("home.haveAccount")} <Link href="/sign-in">{t("nav.signIn")}</Link>
      </p>
    </main>
  );
}
