import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { qrSvg, siteUrl } from "@/app/_components/site-url";
import { requireActor } from "@/lib/auth/require";
import { getEvening } from "@/lib/data/evening-view";
import { listPlayerNames } from "@/lib/data/evenings";
import { listGroupPlayerNames, listGroups } from "@/lib/data/groups";
import Link from "next/link";
import { GroupForm } from "@/app/(table)/groups/group-form";
import { isAppError } from "@/lib/errors";
import { format, intlLocale } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { VARIANTS, isVariantId, playsForMoney } from "@/lib/rules";
import { houseRulesSummary, stakesSummary } from "../rules-summary";
import { PrintButton } from "./print-button";
import { TableView } from "./table-view";
import { toPage } from "./table-data";
import { Words } from "@/lib/i18n/words";

export const metadata: Metadata = { title: "Evening · Protokoll" };

/** When this state was read: shown as "copy from" when the page is opened again without a signal. */
const readAt = () => Date.now();

export default async function EveningPage({ params }: PageProps<"/evenings/[id]">) {
  const { id } = await params;
  const actor = await requireActor(`/evenings/${id}`);
  const [{ locale, t }, evening, ownNames, groups] = await Promise.all([
    getI18n(),
    getEvening(actor, id).catch((error) => {
      if (isAppError(error) && error.code === "not_found") notFound();
      throw error;
    }),
    listPlayerNames(actor),
    listGroups(actor),
  ]);
  // At a group's evening, the names offered for the next game are the group's players.
  const knownNames = evening.group?.member ? await listGroupPlayerNames(actor, evening.group.id) : ownNames;
  const dateFormat = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "long",
    timeZone: "UTC",
  });
  const variant = isVariantId(evening.variant) ? VARIANTS[evening.variant] : null;
  const base = await siteUrl();
  let invite = null;
  let share = null;
  if (evening.role === "owner") {
    if (evening.inviteToken) {
      const url = `${base}/join/${evening.inviteToken}`;
      invite = { url, qrSvg: await qrSvg(url), members: evening.members };
    }
    const url = evening.shareToken ? `${base}/s/${evening.shareToken}` : null;
    share = {
      link: url ? { url, qrSvg: await qrSvg(url) } : null,
      money: playsForMoney(evening.stakes) ? evening.shareMoney : null,
      odds: evening.showOdds,
    };
  }
  const houseRules = houseRulesSummary(evening.houseRules, t);
  const stakes = stakesSummary(evening.stakes, t, locale);
  return (
    <Words areas={["table", "rules", "evening", "players", "share", "money"]}>
      <main className="stack evening-page">
        <div className="evening-title">
          <h1>{evening.title}</h1>
          <span className="muted">· {variant?.name ?? evening.variant}</span>
        </div>
        <TableView
          eveningId={evening.id}
          title={evening.title}
          account={actor.userId}
          version={evening.version}
          renderedAt={readAt()}
          open={evening.status === "open"}
          role={evening.role}
          viewer={evening.viewer}
          games={evening.games.map(({ id, number, record, keys }) => toPage({ id, number, record, keys }))}
          edits={evening.edits.map((e) => ({ ...e, at: e.at.toISOString() }))}
          limits={{ min: variant?.minPlayers ?? 2, max: variant?.maxPlayers ?? 10 }}
          knownNames={knownNames}
          namesOfGroup={Boolean(evening.group?.member)}
          invite={invite}
          share={share}
          stakes={evening.stakes}
          details={
            <section className="card stack evening-details" aria-labelledby="evening-details">
              <h2 id="evening-details">{t("evening.details")}</h2>
              <p className="muted">
                {dateFormat.format(evening.date)} · {variant?.name ?? evening.variant}
                {evening.place ? ` · ${evening.place}` : ""}
              </p>
              {evening.group ? (
                <p className="muted" data-testid="evening-group">
                  {evening.group.member ? (
                    <Link href={`/groups/${evening.group.id}`}>
                      {format(t("group.keptFor"), { name: evening.group.name })}
                    </Link>
                  ) : (
                    format(t("group.keptFor"), { name: evening.group.name })
                  )}
                </p>
              ) : null}
              {evening.ruleSetName ? (
                <p className="muted" data-testid="rule-set">
                  {t("money.ruleSet")}: {evening.ruleSetName}
                </p>
              ) : null}
              {stakes.length ? (
                <p className="muted" data-testid="stakes">
                  {t("money.stakes")}: {stakes.join(" · ")}
                </p>
              ) : null}
              {houseRules.length ? (
                <p className="muted" data-testid="house-rules">
                  {t("houseRules.title")}: {houseRules.join(" · ")}
                </p>
              ) : null}
              <div className="actions no-print">
                <a className="button small" href={`/api/evenings/${evening.id}/export`} download>
                  {t("export.json")}
                </a>
                <a className="button small" href={`/api/evenings/${evening.id}/export?format=csv`} download>
                  {t("export.csv")}
                </a>
                <PrintButton label={t("export.print")} />
              </div>
              {evening.role === "owner" && (groups.length || evening.group) ? (
                <details className="no-print" data-testid="move-evening-panel">
                  <summary>{t(evening.group ? "group.moveElsewhere" : "group.move")}</summary>
                  <p className="muted">{t("group.moveHelp")}</p>
                  <GroupForm
                    intent="move"
                    values={{ evening: evening.id }}
                    submit={t("group.moveSave")}
                    testId="move-evening"
                  >
                    <label className="field">
                      <span>{t("group.move")}</span>
                      <select name="group" defaultValue={evening.group?.id ?? ""}>
                        <option value="">{t("group.noGroup")}</option>
                        {evening.group && !groups.some((g) => g.id === evening.group!.id) ? (
                          <option value={evening.group.id}>{evening.group.name}</option>
                        ) : null}
                        {groups.map((g) => (
                          <option key={g.id} value={g.id}>
                            {g.name}
                          </option>
                        ))}
                      </select>
                    </label>
                  </GroupForm>
                </details>
              ) : null}
            </section>
          }
        />
      </main>
    </Words>
  );
}
