import type { Metadata } from "next";
import { SignUpOrIn } from "@/app/_components/sign-up-or-in";
import { currentActor } from "@/lib/auth/session";
import { describeGroupInvite } from "@/lib/data/groups";
import { format } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { Words } from "@/lib/i18n/words";
import { GroupForm } from "../../group-form";

export const metadata: Metadata = { title: "Join a group · Protokoll", referrer: "no-referrer" };

/** A group's invite link: what the group is, and joining it (signing in or up first). */
export default async function JoinGroupPage({ params }: PageProps<"/groups/join/[token]">) {
  const { token } = await params;
  const [{ t }, invite, actor] = await Promise.all([getI18n(), describeGroupInvite(token), currentActor()]);
  if (!invite) {
    return (
      <main className="narrow stack">
        <h1>Protokoll</h1>
        <p className="form-error">{t("group.join.invalid")}</p>
      </main>
    );
  }
  return (
    <Words areas={["rules"]}>
      <main className="narrow stack">
        <h1>{format(t("group.join.title"), { name: invite.name })}</h1>
        <p>{invite.members === 1 ? t("group.join.leadOne") : format(t("group.join.lead"), { n: invite.members })}</p>
        {actor ? (
          <GroupForm intent="join" values={{ token }} submit={t("group.join.button")} testId="join-group" />
        ) : (
          <SignUpOrIn next={`/groups/join/${token}`} signUp={t("join.signUp")} signIn={t("join.signIn")} />
        )}
      </main>
    </Words>
  );
}
