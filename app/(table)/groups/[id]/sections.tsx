import Link from "next/link";
import { PrintButton } from "@/app/(table)/evenings/[id]/print-button";
import type { RecordView, SeasonView } from "@/lib/data/seasons";
import type { RatingRow } from "@/lib/stats/ratings";
import { format, intlLocale, type Locale, type MessageKey } from "@/lib/i18n/dictionaries";
import { signedMoney } from "@/lib/i18n/format";
import { VARIANTS, type VariantId } from "@/lib/rules";

type T = (key: MessageKey) => string;

/** How a record's value reads: [one, more]. */
const UNITS: Record<RecordView["record"], [MessageKey, MessageKey]> = {
  longestRunWithoutLimpa: ["group.unit.deal", "group.unit.deals"],
  mostWinsInRow: ["group.unit.games", "group.unit.games"],
  biggestComeback: ["group.unit.behindOne", "group.unit.behind"],
  mostLoneWinsInEvening: ["group.unit.loneWin", "group.unit.loneWins"],
  shortestGame: ["group.unit.deal", "group.unit.deals"],
  longestGame: ["group.unit.deal", "group.unit.deals"],
  largestChange: ["group.unit.point", "group.unit.points"],
};

/** Where in its evening a record was set: the game, and the deal when it names one (the evening page's anchors). */
const placeIn = (r: RecordView) => (r.gameNumber ? `#game-${r.gameNumber}${r.deal ? `-deal-${r.deal}` : ""}` : "");

const dayFormat = (locale: Locale) => {
  const f = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: "UTC" });
  return (iso: string) => f.format(new Date(`${iso}T00:00:00Z`));
};

/** A season's table of one game: the season to show, the table, the points scheme; printable. */
export function SeasonSection({
  groupId,
  game,
  view,
  t,
  locale,
  ownPage = false,
}: {
  groupId: string;
  game: VariantId;
  view: SeasonView;
  t: T;
  locale: Locale;
  /** Shown on the season's own page, which has no link to itself. */
  ownPage?: boolean;
}) {
  const day = dayFormat(locale);
  const withMoney = view.table.some((r) => r.money.length);
  const knack = game === "norrlands-knack";
  return (
    <section className="card stack" aria-labelledby="season-table" data-testid="season">
      <form method="get" action={`/groups/${groupId}/season`} className="inline-form no-print">
        <input type="hidden" name="game" value={game} />
        <label className="field">
          <span>{t("group.season")}</span>
          <select name="season" defaultValue={view.season.key}>
            {view.seasons.map((s) => (
              <option key={s.key} value={s.key}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button small">
          {t("group.show")}
        </button>
      </form>
      <div>
        <h2 id="season-table">{format(t("group.seasonTable"), { season: view.season.name })}</h2>
        <p className="muted">
          {VARIANTS[game].name} · {day(view.season.startsOn)} – {day(view.season.endsOn)}
          {view.finished ? ` · ${t("group.seasonFinished")}` : ""}
        </p>
      </div>
      {view.table.length ? (
        <div className="table-wrap">
          <table className="scores season-table" data-testid="season-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t("group.player")}</th>
                <th scope="col">
                  <abbr title={t("group.points")}>{t("group.short.points")}</abbr>
                </th>
                <th scope="col">
                  <abbr title={t("group.eveningsCol")}>{t("group.short.evenings")}</abbr>
                </th>
                <th scope="col">
                  <abbr title={t("group.games")}>{t("group.short.games")}</abbr>
                </th>
                <th scope="col">
                  <abbr title={t("group.wins")}>{t("group.short.wins")}</abbr>
                </th>
                {knack ? (
                  <th scope="col">
                    <abbr title={t("group.limpas")}>{t("group.short.limpas")}</abbr>
                  </th>
                ) : null}
                <th scope="col">
                  <abbr title={t("group.loneWins")}>{t("group.short.loneWins")}</abbr>
                </th>
                {withMoney ? <th scope="col">{t("group.net")}</th> : null}
              </tr>
            </thead>
            <tbody>
              {view.table.map((r) => (
                <tr key={r.player} data-testid={`season-row-${r.player}`}>
                  <td>{r.rank}</td>
                  <th scope="row">{r.player}</th>
                  <td data-testid="points">
                    <strong>{r.points}</strong>
                  </td>
                  <td>{r.counted < r.evenings ? `${r.counted}/${r.evenings}` : r.evenings}</td>
                  <td>{r.games}</td>
                  <td data-testid="wins">{r.wins}</td>
                  {knack ? <td>{r.limpas}</td> : null}
                  <td>{r.loneWins}</td>
                  {withMoney ? (
                    <td>{r.money.map((m) => signedMoney(m.net, m.currency, locale)).join(" · ") || "–"}</td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t("group.seasonEmpty")}</p>
      )}
      {view.table.length ? (
        <p className="muted legend">
          {t("group.legend")}
          {knack ? ` · ${t("group.legendLimpa")}` : ""}
          {` · ${t("group.legendLoneWins")}`}
        </p>
      ) : null}
      <p className="muted" data-testid="points-rule">
        {t("group.pointsRule")}
        {view.season.bestEvenings ? ` ${format(t("group.bestOf"), { n: view.season.bestEvenings })}` : ""}
      </p>
      <div className="actions no-print">
        {ownPage ? null : (
          <Link
            href={`/groups/${groupId}/season?game=${game}&season=${encodeURIComponent(view.season.key)}`}
            className="button small"
          >
            {t("group.openSeason")}
          </Link>
        )}
        <PrintButton label={t("group.print")} />
      </div>
    </section>
  );
}

/** The group's records of one game, each with who, the value, and a link to where it was set. */
export function RecordsSection({
  game,
  records,
  t,
  locale,
  page,
}: {
  game: VariantId;
  records: RecordView[];
  t: T;
  locale: Locale;
  /** The records' own page (a link to it, from the group's page). */
  page?: string;
}) {
  const day = dayFormat(locale);
  return (
    <section className="card stack" aria-labelledby="records" data-testid="records">
      <h2 id="records">
        {t("group.records")} <span className="muted">· {VARIANTS[game].name}</span>
      </h2>
      {records.length ? (
        <dl className="records">
          {records.map((r) => (
            <div key={r.record} data-testid={`record-${r.record}`}>
              <dt>{t(`group.record.${r.record}` as MessageKey)}</dt>
              <dd>
                <strong>{r.players.join(" & ")}</strong> ·{" "}
                {r.against?.length
                  ? format(t(Math.abs(r.value) === 1 ? "group.unit.behindNameOne" : "group.unit.behindName"), {
                      n: r.value,
                      leader: r.against.join(" & "),
                    })
                  : format(t(UNITS[r.record][Math.abs(r.value) === 1 ? 0 : 1]), {
                      n: r.record === "largestChange" && r.value > 0 ? `+${r.value}` : r.value,
                    })}{" "}
                ·{" "}
                <Link href={`/evenings/${r.evening}${placeIn(r)}`}>
                  {[
                    r.eveningTitle,
                    r.date ? day(r.date) : null,
                    r.gameNumber ? format(t("group.gameN"), { n: r.gameNumber }) : null,
                    r.deal ? format(t("group.dealN"), { n: r.deal }) : null,
                  ]
                    .filter(Boolean)
                    .join(" · ")}
                </Link>
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="muted">{t("group.noRecords")}</p>
      )}
      {records.length ? <p className="muted legend">{t("group.recordsHelp")}</p> : null}
      {page ? (
        <Link href={page} className="no-print">
          {t("group.openRecords")}
        </Link>
      ) : null}
    </section>
  );
}

/** The group's ratings of one game: the conservative rating, its change over the last evening, μ and σ. */
export function RatingsSection({
  game,
  ratings,
  t,
  locale,
}: {
  game: VariantId;
  ratings: RatingRow[];
  t: T;
  locale: Locale;
}) {
  const one = new Intl.NumberFormat(intlLocale(locale), { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const signed = new Intl.NumberFormat(intlLocale(locale), {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: "exceptZero",
  });
  return (
    <section className="card stack" aria-labelledby="ratings" data-testid="ratings">
      <h2 id="ratings">
        {t("group.ratings")} <span className="muted">· {VARIANTS[game].name}</span>
      </h2>
      {ratings.length ? (
        <div className="table-wrap">
          <table className="scores season-table" data-testid="ratings-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">{t("group.player")}</th>
                <th scope="col">{t("group.rating")}</th>
                <th scope="col">{t("group.ratingChange")}</th>
              </tr>
            </thead>
            <tbody>
              {ratings.map((r, i) => (
                <tr key={r.player} data-testid={`rating-row-${r.player}`}>
                  <td>{i + 1}</td>
                  <th scope="row">{r.player}</th>
                  <td title={`μ ${one.format(r.mu)} · σ ${one.format(r.sigma)}`}>
                    <strong data-testid="rating">{one.format(r.ordinal)}</strong>{" "}
                    <small className="muted rating-detail">
                      μ {one.format(r.mu)} · σ {one.format(r.sigma)}
                    </small>
                  </td>
                  <td>{Math.abs(r.change) < 0.05 ? "–" : signed.format(r.change)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">{t("group.noRatings")}</p>
      )}
      <p className="muted legend">{t("group.ratingsHelp")}</p>
    </section>
  );
}
