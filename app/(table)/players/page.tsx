import type { Metadata } from "next";
import Link from "next/link";
import { requireActor } from "@/lib/auth/require";
import { GroupFilter, groupOf } from "./group-filter";
import { getI18n } from "@/lib/i18n/server";
import { playerNames, playerStats } from "@/lib/stats/players";
import { intlLocale } from "@/lib/i18n/dictionaries";

export const metadata: Metadata = { title: "Players · Protokoll" };

export default async function PlayersPage({ searchParams }: PageProps<"/players">) {
  const actor = await requireActor("/players");
  const [{ t, locale }, { groups, group, games }] = await Promise.all([
    getI18n(),
    searchParams.then(({ group }) => groupOf(actor, group)),
  ]);
  const suffix = group ? `?group=${group.id}` : "";
  const percent = new Intl.NumberFormat(intlLocale(locale), { style: "percent" });
  const stats = playerNames(games).map((name) => playerStats(games, name));
  const mostWins = Math.max(1, ...stats.map((s) => s.wins));
  return (
    <main className="stack">
      <h1>{t("players.title")}</h1>
      <GroupFilter groups={groups} group={group} path="/players" t={t} />
      {stats.length === 0 ? <p className="muted">{t("players.empty")}</p> : null}
      {stats.some((s) => s.wins) ? (
        <figure className="card bars" aria-label={t("players.wins")}>
          <figcaption>{t("players.wins")}</figcaption>
          {[...stats]
            .sort((a, b) => b.wins - a.wins)
            .map((s) => (
              <div className="bar-row" key={s.name}>
                <span className="bar-label" title={s.name}>
                  {s.name}
                </span>
                <span className="bar" style={{ width: `${(100 * s.wins) / mostWins}%` }} aria-hidden="true" />
                <span className="bar-value">{s.wins}</span>
              </div>
            ))}
        </figure>
      ) : null}
      <div className="table-wrap">
        <table className="scores players-table" data-testid="players-table">
          <thead>
            <tr>
              <th scope="col">{t("history.player")}</th>
              <th scope="col">{t("players.games")}</th>
              <th scope="col">{t("players.wins")}</th>
              <th scope="col">{t("players.winRateShort")}</th>
              <th scope="col">{t("players.limpas")}</th>
            </tr>
          </thead>
          <tbody>
            {stats.map((s) => (
              <tr key={s.name} data-testid={`players-row-${s.name}`}>
                <th scope="row">
                  <Link href={`/players/${encodeURIComponent(s.name)}${suffix}`}>{s.name}</Link>
                </th>
                <td data-testid="games">
                  {s.finishedGames}
                  {s.games > s.finishedGames ? (
                    <span className="muted unfinished"> +{s.games - s.finishedGames}</span>
                  ) : null}
                </td>
                <td>{s.wins}</td>
                <td>{s.winRate === null ? "–" : percent.format(s.winRate)}</td>
                <td data-testid="limpas">{s.limpaGames ? s.limpas : "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {stats.length ? <p className="muted legend">{t("players.tableLegend")}</p> : null}
    </main>
  );
}
