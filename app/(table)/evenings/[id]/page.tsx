import type { Metadata } from "next";
import { headers } from "next/headers";
import { notFound } from "next/navigation";
import QRCode from "qrcode";
import { requireActor } from "@/lib/auth/require";
import { getEvening } from "@/lib/data/evening-view";
import { listPlayerNames } from "@/lib/data/evenings";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { intlLocale } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { VARIANTS, isVariantId, playsForMoney } from "@/lib/rules";
import { houseRulesSummary, stakesSummary } from "../rules-summary";
import { PrintButton } from "./print-button";
import { TableView } from "./table-view";
import { Words } from "@/lib/i18n/words";

export const metadata: Metadata = { title: "Evening · Protokoll" };

/** Where others reach this app: PUBLIC_URL, or the address this request came in on. */
async function siteUrl(): Promise<string> {
  const configured = env().PUBLIC_URL;
  if (configured) return configured.replace(/\/$/, "");
  const h = await headers();
  const host = h.get("x-forwarded-host") ?? h.get("host") ?? "localhost:3000";
  const proto = h.get("x-forwarded-proto") ?? "http";
  return `${proto}://${host}`;
}

/** When this state was read: shown as "copy from" when the page is opened again without a signal. */
const readAt = () => Date.now();

export default async function EveningPage({ params }: PageProps<"/evenings/[id]">) {
  const { id } = await params;
  const actor = await requireActor(`/evenings/${id}`);
  const [{ locale, t }, evening, knownNames] = await Promise.all([
    getI18n(),
    getEvening(actor, id).catch((error) => {
      if (isAppError(error) && error.code === "not_found") notFound();
      throw error;
    }),
    listPlayerNames(actor),
  ]);
  const dateFormat = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "long",
    timeZone: "UTC",
  });
  const variant = isVariantId(evening.variant) ? VARIANTS[evening.variant] : null;
  const base = await siteUrl();
  const qr = (url: string) => QRCode.toString(url, { type: "svg", margin: 1, width: 200 });
  let invite = null;
  let share = null;
  if (evening.role === "owner") {
    if (evening.inviteToken) {
      const url = `${base}/join/${evening.inviteToken}`;
      invite = { url, qrSvg: await qr(url), members: evening.members };
    }
    const url = evening.shareToken ? `${base}/s/${evening.shareToken}` : null;
    share = {
      link: url ? { url, qrSvg: await qr(url) } : null,
      money: playsForMoney(evening.stakes) ? evening.shareMoney : null,
    };
  }
  const houseRules = houseRulesSummary(evening.houseRules, t);
  const stakes = stakesSummary(evening.stakes, t, locale);
  return (
    <Words areas={["table", "rules", "offline", "evening", "players", "share", "money"]}>
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
          games={evening.games.map(({ id, number, record }) => ({ id, number, record }))}
          edits={evening.edits.map((e) => ({ ...e, at: e.at.toISOString() }))}
          limits={{ min: variant?.minPlayers ?? 2, max: variant?.maxPlayers ?? 10 }}
          knownNames={knownNames}
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
            </section>
          }
        />
      </main>
    </Words>
  );
}
