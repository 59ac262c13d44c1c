import type { Metadata } from "next";
import { notFound, redirect } from "next/navigation";
import { requireActor } from "@/lib/auth/require";
import { GroupFilter, groupOf } from "../group-filter";
import { format, type MessageKey, intlLocale } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { headToHead, playerMoney, playerNames, playerStats } from "@/lib/stats/players";
import { signedMoney } from "@/lib/i18n/format";
import { ratingHistory } from "@/lib/data/ratings";
import { VARIANTS, type VariantId } from "@/lib/rules";
import { nameKey } from "@/lib/schemas/names";
import { RatingChart } from "../rating-chart";

export const metadata: Metadata = { title: "Player · Protokoll" };

/** Another spelling of a name the pages read as one ("ANNA" for Anna): that player's page; else none. */
function toSpellingShown(names: string[], name: string, query: Record<string, unknown>): never {
  const same = names.find((n) => nameKey(n) === nameKey(name));
  if (!same) notFound();
  const kept = new URLSearchParams(
    Object.entries(query).filter((e): e is [string, string] => typeof e[1] === "string"),
  ).toString();
  redirect(`/players/${encodeURIComponent(same)}${kept ? `?${kept}` : ""}`);
}

export default async function PlayerPage({ params, searchParams }: PageProps<"/players/[name]">) {
  const name = decodeURIComponent((await params).name);
  const { vs, group: groupParam } = await searchParams;
  const actor = await requireActor(`/players/${encodeURIComponent(name)}`);
  const [{ t, locale }, { groups, group, games }] = await Promise.all([getI18n(), groupOf(actor, groupParam)]);
  const names = playerNames(games);
  if (!names.includes(name)) toSpellingShown(names, name, { group: groupParam, vs });
  const numbers = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 2 });
  const oneDecimal = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const percent = new Intl.NumberFormat(intlLocale(locale), { style: "percent" });
  const figure = (value: number | null, kind: "number" | "percent" = "number") =>
    value === null ? "–" : kind === "percent" ? percent.format(value) : numbers.format(value);
  // Per game: the two count different things (a Knektpass deal has no limpa, its scores move by other amounts).
  const played = (Object.keys(VARIANTS) as VariantId[]).filter((v) =>
    games.some((g) => g.variant === v && g.players.includes(name)),
  );
  // Both games' totals, only for a player of both.
  const both = played.length > 1 ? playerStats(games, name) : null;
  const perGame = played.map((variant) => {
    const s = playerStats(
      games.filter((g) => g.variant === variant),
      name,
    );
    const rows: [MessageKey, string][] = [
      ...(played.length === 1 ? [["players.evenings", figure(s.evenings)] as [MessageKey, string]] : []),
      ["players.games", figure(s.games)],
      ["players.wins", figure(s.wins)],
      ["players.winRate", figure(s.winRate, "percent")],
      ["players.deals", figure(s.deals)],
      ["players.averageChange", figure(s.averageChange)],
      [variant === "knektpass" ? "players.playRateKnektpass" : "players.playRateKnack", figure(s.playRate, "percent")],
      ["players.loneWins", figure(s.loneWins)],
      ["players.bestComeback", figure(s.bestComeback)],
    ];
    if (variant === "norrlands-knack")
      rows.push(["players.limpas", figure(s.limpas)], ["players.longestRun", figure(s.longestRunWithoutLimpa)]);
    return { variant, rows };
  });
  const money = playerMoney(games, name);
  // Whom the player can be compared with: those he sat at a game with.
  const tablemates = new Set(games.filter((g) => g.players.includes(name)).flatMap((g) => g.players));
  const other = typeof vs === "string" && tablemates.has(vs) && vs !== name ? vs : null;
  const h2h = other ? headToHead(games, name, other) : null;
  // In a group: the player's rating history per game.
  const ratings = group ? await ratingHistory(actor, group.id, name) : [];
  return (
    <main className="stack">
      <h1>{name}</h1>
      <GroupFilter groups={groups} group={group} path={`/players/${encodeURIComponent(name)}`} t={t} />
      {both ? (
        <section className="stack" aria-labelledby="player-both" data-testid="player-stats">
          <h2 id="player-both">{t("players.bothGames")}</h2>
          <Figures
            rows={[
              ["players.evenings", figure(both.evenings)],
              ["players.games", figure(both.games)],
              ["players.wins", figure(both.wins)],
              ["players.winRate", figure(both.winRate, "percent")],
            ]}
            t={t}
          />
        </section>
      ) : null}
      {perGame.map(({ variant, rows }) => (
        <section
          key={variant}
          className="stack"
          aria-labelledby={`player-${variant}`}
          data-testid={`player-stats-${variant}`}
        >
          <h2 id={`player-${variant}`}>{VARIANTS[variant].name}</h2>
          <Figures rows={rows} t={t} />
        </section>
      ))}
      {ratings.map(({ variant, points }) => {
        const now = points.at(-1)!.ordinal;
        const label = format(t("players.ratingChart"), { game: VARIANTS[variant].name, n: points.length });
        return (
          <section key={variant} className="card stack" data-testid={`rating-${variant}`}>
            <h2>
              {t("group.rating")} · {VARIANTS[variant].name}: {oneDecimal.format(now)}
            </h2>
            <RatingChart points={points.map((p) => p.ordinal)} label={label} xLabel={t("players.ratingAxis")} />
          </section>
        );
      })}
      {money.length ? (
        <section className="card stack" aria-labelledby="player-money">
          <h2 id="player-money">{t("players.money")}</h2>
          <ul data-testid="player-money">
            {money.map((line) => (
              <li key={line.currency}>
                {format(t("players.moneyLine"), {
                  net: signedMoney(line.net, line.currency, locale),
                  n: line.evenings,
                })}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section className="card stack" aria-labelledby="h2h">
        <h2 id="h2h">{t("players.headToHead")}</h2>
        <form method="get" className="actions">
          {group ? <input type="hidden" name="group" value={group.id} /> : null}
          <label className="field">
            <span>{t("players.against")}</span>
            <select name="vs" defaultValue={other ?? ""}>
              {names
                .filter((n) => n !== name && tablemates.has(n))
                .map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
            </select>
          </label>
          <button type="submit" className="button small">
            {t("players.compare")}
          </button>
        </form>
        {h2h ? (
          <div data-testid="head-to-head">
            <p>{format(t("players.h2hGames"), { n: h2h.games })}</p>
            <table className="scores">
              <thead>
                <tr>
                  <th scope="col" />
                  <th scope="col">{h2h.a}</th>
                  <th scope="col">{h2h.b}</th>
                </tr>
              </thead>
              <tbody>
                <tr>
                  <th scope="row">{t("players.h2hWins")}</th>
                  <td>{h2h.aWins}</td>
                  <td>{h2h.bWins}</td>
                </tr>
                <tr>
                  <th scope="row">{t("players.h2hAhead")}</th>
                  <td>{h2h.aAhead}</td>
                  <td>{h2h.bAhead}</td>
                </tr>
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </main>
  );
}

/** A list of figures, each with its name. */
function Figures({ rows, t }: { rows: [MessageKey, string][]; t: (key: MessageKey) => string }) {
  return (
    <dl className="stats">
      {rows.map(([key, value]) => (
        <div key={key}>
          <dt>{t(key)}</dt>
          <dd data-testid={key}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
