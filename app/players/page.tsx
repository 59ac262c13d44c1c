import type { Metadata } from "next";
import Link from "next/link";
import { requireActor } from "@/lib/auth/require";
import { loadSummaries } from "@/lib/data/game-summary";
import { getI18n } from "@/lib/i18n/server";
import { playerNames, playerStats } from "@/lib/stats/players";

export const metadata: Metadata = { title: "Players · Protokoll" };

export default async function PlayersPage() {
  const actor = await requireActor("/players");
  const [{ t, locale }, games] = await Promise.all([getI18n(), loadSummaries(actor)]);
  const percent = new Intl.NumberFormat(locale === "sv" ? "sv-SE" : "en-GB", { style: "percent" });
  const stats = playerNames(games).map((name) => playerStats(games, name));
  return (
    <main className="stack">
      <h1>{t("players.title")}</h1>
      {stats.length === 0 ? <p className="muted">{t("players.empty")}</p> : null}
      <div className="table-wrap">
        <table className="scores" data-testid="players-table">
          <thead>
            <tr>
              <th scope="col">{t("history.player")}</th>
              <th scope="col">{t("players.games")}</th>
              <th scope="col">{t("players.wins")}</th>
              <th scope="col">{t("players.winRate")}</th>
              <th scope="col">{t("players.limpas")}</th>
            </tr>
          </thead>
          <tbody>
            {stats.map((s) => (
              <tr key={s.name}>
                <th scope="row">
                  <Link href={`/players/${encodeURIComponent(s.name)}`}>{s.name}</Link>
                </th>
                <td>{s.games}</td>
                <td>{s.wins}</td>
                <td>{s.winRate === null ? "–" : percent.format(s.winRate)}</td>
                <td>{s.limpas}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </main>
  );
}
