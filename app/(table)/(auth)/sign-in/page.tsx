import type { Metadata } from "next";
import Link from "next/link";
import { getI18n } from "@/lib/i18n/server";
import { signInAction } from "../actions";
import { AuthForm } from "../auth-form";

export const metadata: Metadata = { title: "Sign in · Protokoll" };

export default async function SignInPage({ searchParams }: PageProps<"/sign-in">) {
  const { t } = await getI18n();
  const next = (await searchParams).next;
  return (
    <main className="narrow stack">
      <h1>{t("auth.signInTitle")}</h1>
      <AuthForm
        action={signInAction}
        next={typeof next === "string" ? next : undefined}
        autoCompletePassword="current-password"
        labels={{ username: t("auth.username"), password: t("auth.password"), submit: t("auth.signInButton") }}
      />
      <p>
        {t("auth.noAccount")} <Link href="/sign-up">{t("nav.signUp")}</Link>
      </p>
    </main>
  );
}
