import type { Metadata } from "next";
import Link from "next/link";
import { requireActor } from "@/lib/auth/require";
import { listHistory } from "@/lib/data/history";
import { listPlayerNames } from "@/lib/data/evenings";
import { listGroups } from "@/lib/data/groups";
import { format, intlLocale } from "@/lib/i18n/dictionaries";
import { signedMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { KeptEvenings } from "@/app/_components/kept-evenings";
import { VARIANTS, isVariantId } from "@/lib/rules";
import { HistoryFilters } from "./history-filters";

export const metadata: Metadata = { title: "Evenings · Protokoll" };

const text = (value: string | string[] | undefined) =>
  typeof value === "string" && value.trim() ? value.trim() : undefined;

export default async function EveningsPage({ searchParams }: PageProps<"/evenings">) {
  const actor = await requireActor("/evenings");
  const params = await searchParams;
  const filters = {
    player: text(params.player),
    variant: text(params.variant),
    from: text(params.from),
    to: text(params.to),
    group: text(params.group),
    page: Number(text(params.page) ?? 1),
  };
  const [{ t, locale }, history, names, groups] = await Promise.all([
    getI18n(),
    listHistory(actor, filters),
    listPlayerNames(actor),
    listGroups(actor),
  ]);
  const dateFormat = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "medium",
    timeZone: "UTC",
  });
  const filtered = Boolean(filters.player || filters.variant || filters.from || filters.to || filters.group);
  const pageLink = (page: number) => {
    const query = new URLSearchParams(
      Object.entries({ ...filters, page: String(page) }).filter(
        (e): e is [string, string] => typeof e[1] === "string" && e[1] !== "",
      ),
    );
    return `/evenings?${query}`;
  };
  return (
    <>
      <main className="stack">
        <div className="actions" style={{ justifyContent: "space-between" }}>
          <h1>{t("evenings.title")}</h1>
          <Link href="/evenings/new" className="button primary">
            {t("evenings.new")}
          </Link>
        </div>
        <KeptEvenings keep={filtered || filters.page !== 1 ? undefined : "/evenings"} />
        <div className="actions">
          {/* Backing up sizes the whole history: done on the import page, not on every view of this one. */}
          <Link href="/import" className="button small">
            {t("export.backupImport")}
          </Link>
          <Link href="/players" className="button small">
            {t("nav.players")}
          </Link>
          <Link href="/groups" className="button small">
            {t("nav.groups")}
          </Link>
        </div>
        <HistoryFilters filters={filters} filtered={filtered} names={names} groups={groups} t={t} />
        {history.total === 0 && !filtered ? <p className="muted">{t("evenings.empty")}</p> : null}
        <ul className="evening-list" data-testid="history-list">
          {history.items.map((e) => (
            <li key={e.id} className="card">
              <Link href={`/evenings/${e.id}`}>
                <h2>{e.title}</h2>
                <p className="muted">
                  {dateFormat.format(e.date)} · {isVariantId(e.variant) ? VARIANTS[e.variant].name : e.variant}
                  {e.place ? ` · ${e.place}` : ""}{" "}
                  <span className="tag">{t(e.role === "owner" ? "evenings.owner" : "evenings.member")}</span>
                </p>
                <p>{e.players.join(", ")}</p>
                {e.winners.length ? (
                  <p data-testid="history-winners">
                    {t("history.won")}: {e.winners.map((w) => w.join(" & ")).join(" · ")}
                  </p>
                ) : null}
                {e.money ? (
                  <p data-testid="history-money">
                    {t("money.net")}:{" "}
                    {Object.entries(e.money.net)
                      .map(([p, net]) => `${p} ${signedMoney(net, e.money!.currency, locale)}`)
                      .join(" · ")}
                  </p>
                ) : null}
                {e.ruleSetName ? (
                  <p className="muted" data-testid="history-rule-set">
                    {t("money.ruleSet")}: {e.ruleSetName}
                  </p>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
        {history.pages > 1 ? (
          <nav className="actions" aria-label="Pages">
            {history.page > 1 ? (
              <Link className="button small" href={pageLink(history.page - 1)}>
                {t("history.previous")}
              </Link>
            ) : null}
            <span className="muted">
              {format(t("history.page"), { page: history.page, pages: history.pages, total: history.total })}
            </span>
            {history.page < history.pages ? (
              <Link className="button small" href={pageLink(history.page + 1)}>
                {t("history.next")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </main>
    </>
  );
}
