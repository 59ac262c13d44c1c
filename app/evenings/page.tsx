import type { Metadata } from "next";
import Link from "next/link";
import { requireActor } from "@/lib/auth/require";
import { listEvenings } from "@/lib/data/evenings";
import { getI18n } from "@/lib/i18n/server";
import { VARIANTS, isVariantId } from "@/lib/rules";

export const metadata: Metadata = { title: "Evenings · Protokoll" };

export default async function EveningsPage() {
  const actor = await requireActor("/evenings");
  const [{ t, locale }, evenings] = await Promise.all([getI18n(), listEvenings(actor)]);
  const dateFormat = new Intl.DateTimeFormat(locale === "sv" ? "sv-SE" : "en-GB", { dateStyle: "medium", timeZone: "UTC" });
  return (
    <main className="stack">
      <div className="actions" style={{ justifyContent: "space-between" }}>
        <h1>{t("evenings.title")}</h1>
        <Link href="/evenings/new" className="button primary">
          {t("evenings.new")}
        </Link>
      </div>
      <div className="actions">
        <a href="/api/export" className="button small" download>
          {t("export.backup")}
        </a>
        <Link href="/import" className="button small">
          {t("export.import")}
        </Link>
      </div>
      {evenings.length === 0 ? <p className="muted">{t("evenings.empty")}</p> : null}
      <ul className="evening-list">
        {evenings.map((e) => (
          <li key={e.id} className="card">
            <Link href={`/evenings/${e.id}`}>
              <h2>{e.title}</h2>
              <p className="muted">
                {dateFormat.format(e.date)} · {isVariantId(e.variant) ? VARIANTS[e.variant].name : e.variant}
                {e.place ? ` · ${e.place}` : ""} <span className="tag">{t(e.role === "owner" ? "evenings.owner" : "evenings.member")}</span>
              </p>
              <p>{e.players.join(", ")}</p>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
