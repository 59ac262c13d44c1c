import type { Metadata } from "next";
import Link from "next/link";
import { requireActor } from "@/lib/auth/require";
import { listGroups } from "@/lib/data/groups";
import { GROUP_NAME_MAX } from "@/lib/schemas/group";
import { format } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { Words } from "@/lib/i18n/words";
import { GroupForm } from "./group-form";

export const metadata: Metadata = { title: "Groups · Protokoll" };

/** The account's groups, and the form to start one. */
export default async function GroupsPage() {
  const actor = await requireActor("/groups");
  const [{ t }, groups] = await Promise.all([getI18n(), listGroups(actor)]);
  return (
    <Words areas={["rules"]}>
      <main className="narrow stack">
        <h1>{t("group.title")}</h1>
        <p className="muted">{t("group.lead")}</p>
        {groups.length ? (
          <ul className="card-list" data-testid="groups">
            {groups.map((g) => (
              <li key={g.id} className="card">
                <Link href={`/groups/${g.id}`}>
                  <strong>{g.name}</strong>
                </Link>{" "}
                <span className="muted">
                  · {g.members === 1 ? t("group.membersCountOne") : format(t("group.membersCount"), { n: g.members })}
                  {g.role === "admin" ? ` · ${t("group.admin")}` : ""}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t("group.none")}</p>
        )}
        <section className="card stack">
          <h2>{t("group.new")}</h2>
          <GroupForm intent="create" submit={t("group.create")} className="stack" testId="new-group">
            <label className="field">
              <span>{t("group.name")}</span>
              <input name="name" required maxLength={GROUP_NAME_MAX} autoComplete="off" />
            </label>
          </GroupForm>
        </section>
      </main>
    </Words>
  );
}
