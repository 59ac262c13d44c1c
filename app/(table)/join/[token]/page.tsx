import type { Metadata } from "next";
import { SignUpOrIn } from "@/app/_components/sign-up-or-in";
import { currentActor } from "@/lib/auth/session";
import { describeInvite } from "@/lib/data/members";
import { format } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { JoinButton } from "./join-button";
import { Words } from "@/lib/i18n/words";

export const metadata: Metadata = { title: "Join · Protokoll", referrer: "no-referrer" };

export default async function JoinPage({ params }: PageProps<"/join/[token]">) {
  const { token } = await params;
  const [{ t }, invite, actor] = await Promise.all([getI18n(), describeInvite(token), currentActor()]);
  if (!invite) {
    return (
      <main className="narrow stack">
        <h1>Protokoll</h1>
        <p className="form-error">{t("join.invalid")}</p>
      </main>
    );
  }
  return (
    <Words areas={["rules"]}>
      <main className="narrow stack">
        <h1>{format(t("join.title"), { title: invite.title })}</h1>
        <p>{format(t("join.lead"), { owner: invite.owner })}</p>
        {actor ? (
          <JoinButton token={token} label={t("join.button")} />
        ) : (
          <SignUpOrIn next={`/join/${token}`} signUp={t("join.signUp")} signIn={t("join.signIn")} />
        )}
      </main>
    </Words>
  );
}
