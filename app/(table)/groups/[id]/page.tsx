import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { qrSvg, siteUrl } from "@/app/_components/site-url";
import { PrintButton } from "@/app/(table)/evenings/[id]/print-button";
import { requireActor } from "@/lib/auth/require";
import { GROUP_NAME_MAX, getGroupView } from "@/lib/data/groups";
import { listSeasons, recordsView, seasonView, type RecordView } from "@/lib/data/seasons";
import { isAppError } from "@/lib/errors";
import { format, intlLocale, type MessageKey } from "@/lib/i18n/dictionaries";
import { signedMoney } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { Words } from "@/lib/i18n/words";
import { MAX_NAME_LENGTH, VARIANTS, VARIANT_IDS, isVariantId, type VariantId } from "@/lib/rules";
import { GroupForm } from "../group-form";

export const metadata: Metadata = { title: "Group · Protokoll" };

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

/**
 * The group's page: the season table of one game (any season, printable), the records, the latest evenings,
 * the players and members; for admins the invite link, seasons and the group's settings.
 */
export default async function GroupPage({ params, searchParams }: PageProps<"/groups/[id]">) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const actor = await requireActor(`/groups/${id}`);
  const game: VariantId = typeof query.game === "string" && isVariantId(query.game) ? query.game : "knektpass";
  const seasonKey = typeof query.season === "string" ? query.season : undefined;
  const notFoundToo = (error: unknown): never => {
    if (isAppError(error) && error.code === "not_found") notFound();
    throw error;
  };
  const [{ t, locale }, group, season, records] = await Promise.all([
    getI18n(),
    getGroupView(actor, id).catch(notFoundToo),
    seasonView(actor, id, game, seasonKey).catch(notFoundToo),
    recordsView(actor, id, game).catch(notFoundToo),
  ]);
  const admin = group.role === "admin";
  const dateFormat = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: "UTC" });
  const day = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));
  const withMoney = season.table.some((r) => r.money.length);
  const knack = game === "norrlands-knack";
  const inviteUrl = admin && group.inviteToken ? `${await siteUrl()}/groups/join/${group.inviteToken}` : null;
  const canonical = group.players.filter((p) => !p.mergedInto);
  const me = group.members.find((m) => m.you)!;
  const myPlayer = group.players.find((p) => p.account?.userId === me.userId);
  const definedSeasons = admin
    ? (await Promise.all(VARIANT_IDS.map((v) => listSeasons(group.id, v)))).flat().filter((s) => s.id)
    : [];
  const gameLink = (v: VariantId) => `/groups/${group.id}?game=${v}`;

  return (
    <Words areas={["rules"]}>
      <main className="stack group-page">
        <div className="actions" style={{ justifyContent: "space-between" }}>
          <h1>{group.name}</h1>
          <Link href={`/evenings/new?group=${group.id}`} className="button primary no-print">
            {t("group.startEvening")}
          </Link>
        </div>
        <nav className="segmented no-print" aria-label={t("evening.game")}>
          {VARIANT_IDS.map((v) => (
            <Link key={v} href={gameLink(v)} aria-current={v === game ? "page" : undefined} className="button small">
              {VARIANTS[v].name}
            </Link>
          ))}
        </nav>

        <section className="card stack" aria-labelledby="season-table" data-testid="season">
          <form method="get" action={`/groups/${group.id}`} className="inline-form no-print">
            <input type="hidden" name="game" value={game} />
            <label className="field">
              <span>{t("group.season")}</span>
              <select name="season" defaultValue={season.season.key}>
                {season.seasons.map((s) => (
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
            <h2 id="season-table">{format(t("group.seasonTable"), { season: season.season.name })}</h2>
            <p className="muted">
              {VARIANTS[game].name} · {day(season.season.startsOn)} – {day(season.season.endsOn)}
              {season.finished ? ` · ${t("group.seasonFinished")}` : ""}
            </p>
          </div>
          {season.table.length ? (
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
                  {season.table.map((r) => (
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
          {season.table.length ? (
            <p className="muted legend">
              {t("group.legend")}
              {knack ? ` · ${t("group.legendLimpa")}` : ""}
            </p>
          ) : null}
          <p className="muted" data-testid="points-rule">
            {t("group.pointsRule")}
            {season.season.bestEvenings ? ` ${format(t("group.bestOf"), { n: season.season.bestEvenings })}` : ""}
          </p>
          <div className="actions no-print">
            <PrintButton label={t("group.print")} />
          </div>
        </section>

        <section className="card stack no-print" aria-labelledby="records" data-testid="records">
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
                    {format(t(UNITS[r.record][Math.abs(r.value) === 1 ? 0 : 1]), {
                      n: r.record === "largestChange" && r.value > 0 ? `+${r.value}` : r.value,
                    })}{" "}
                    ·{" "}
                    <Link href={`/evenings/${r.evening}`}>
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
        </section>

        <section className="card stack no-print" aria-labelledby="group-evenings">
          <h2 id="group-evenings">{t("group.evenings")}</h2>
          {group.evenings.length ? (
            <ul className="plain-list">
              {group.evenings.map((e) => (
                <li key={e.id}>
                  <Link href={`/evenings/${e.id}`}>{e.title}</Link>{" "}
                  <span className="muted">
                    {dateFormat.format(e.date)} · {isVariantId(e.variant) ? VARIANTS[e.variant].name : e.variant} ·{" "}
                    {e.owner}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">{t("group.noEvenings")}</p>
          )}
          <Link href={`/evenings?group=${group.id}`}>{t("group.allEvenings")}</Link>
        </section>

        <section className="card stack no-print" aria-labelledby="group-players" data-testid="group-players">
          <h2 id="group-players">{t("group.players")}</h2>
          <p className="muted">{t("group.playersHelp")}</p>
          <ul className="row-list">
            {group.players.map((p) => (
              <li key={p.id} data-testid={`player-${p.name}`}>
                <span>
                  <strong>{p.name}</strong>
                  {p.mergedInto ? (
                    <span className="muted"> · {format(t("group.mergedInto"), { name: p.mergedInto.name })}</span>
                  ) : null}
                  {p.account ? (
                    <span className="muted"> · {format(t("group.account"), { user: p.account.username })}</span>
                  ) : null}
                </span>
                {p.mergedInto && admin ? (
                  <GroupForm intent="split" values={{ group: group.id, player: p.id }} submit={t("group.split")} />
                ) : null}
                {!p.account && !myPlayer && !p.mergedInto ? (
                  <GroupForm
                    intent="link"
                    values={{ group: group.id, player: p.id, member: me.userId }}
                    submit={t("group.thisIsMe")}
                  />
                ) : null}
                {p.account?.userId === me.userId || (admin && p.account) ? (
                  <GroupForm
                    intent="link"
                    values={{ group: group.id, player: p.id, member: "" }}
                    submit={t("group.notMe")}
                  />
                ) : null}
              </li>
            ))}
          </ul>
          {admin ? (
            <GroupForm
              intent="renamePlayer"
              values={{ group: group.id }}
              submit={t("group.rename")}
              testId="rename-player"
            >
              <label className="field">
                <span>{t("group.renamePlayer")}</span>
                <select name="player" required>
                  {group.players.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span>{t("group.newName")}</span>
                <input name="name" required maxLength={MAX_NAME_LENGTH} autoComplete="off" />
              </label>
            </GroupForm>
          ) : null}
          {admin && canonical.length > 1 ? (
            <GroupForm intent="merge" values={{ group: group.id }} submit={t("group.merge")} testId="merge-players">
              <label className="field">
                <span>{t("group.mergeFrom")}</span>
                <select name="player" required>
                  {canonical.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span>{t("group.mergeInto")}</span>
                <select name="into" required defaultValue={canonical[1]!.id}>
                  {canonical.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
              </label>
            </GroupForm>
          ) : null}
          <GroupForm intent="addPlayer" values={{ group: group.id }} submit={t("group.addPlayer")}>
            <input
              name="name"
              aria-label={t("group.addPlayer")}
              required
              maxLength={MAX_NAME_LENGTH}
              autoComplete="off"
            />
          </GroupForm>
        </section>

        <section className="card stack no-print" aria-labelledby="group-members" data-testid="group-members">
          <h2 id="group-members">{t("group.members")}</h2>
          <ul className="row-list">
            {group.members.map((m) => (
              <li key={m.userId} data-testid={`member-${m.username}`}>
                <span>
                  <strong>{m.username}</strong>
                  <span className="muted">
                    {m.admin ? ` · ${t("group.admin")}` : ""}
                    {m.you ? ` · ${t("group.you")}` : ""}
                  </span>
                </span>
                {admin && !m.you ? (
                  <>
                    <GroupForm
                      intent="admin"
                      values={{ group: group.id, member: m.userId, admin: m.admin ? "0" : "1" }}
                      submit={m.admin ? t("group.unmakeAdmin") : t("group.makeAdmin")}
                    />
                    <GroupForm
                      intent="remove"
                      values={{ group: group.id, member: m.userId }}
                      submit={t("group.remove")}
                      danger
                    />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
          <GroupForm intent="leave" values={{ group: group.id }} submit={t("group.leave")} danger testId="leave-group">
            {admin && group.members.filter((m) => m.admin).length === 1 && group.members.length > 1 ? (
              <label className="field">
                <span>{t("group.successor")}</span>
                <select name="successor" required>
                  {group.members
                    .filter((m) => !m.you)
                    .map((m) => (
                      <option key={m.userId} value={m.userId}>
                        {m.username}
                      </option>
                    ))}
                </select>
              </label>
            ) : null}
          </GroupForm>
        </section>

        {admin ? (
          <details className="card stack no-print" data-testid="group-invite">
            <summary>{t("group.invite")}</summary>
            {inviteUrl ? (
              <>
                <p className="muted">{t("group.inviteHelp")}</p>
                <div
                  className="qr"
                  role="img"
                  aria-label={inviteUrl}
                  dangerouslySetInnerHTML={{ __html: await qrSvg(inviteUrl) }}
                />
                <input readOnly value={inviteUrl} aria-label={t("group.invite")} data-testid="group-invite-url" />
              </>
            ) : (
              <p className="muted">{t("group.inviteIsOff")}</p>
            )}
            <div className="actions">
              <GroupForm intent="invite" values={{ group: group.id }} submit={t("group.newInvite")} />
              {inviteUrl ? (
                <GroupForm intent="invite" values={{ group: group.id, off: "1" }} submit={t("group.inviteOff")} />
              ) : null}
            </div>
          </details>
        ) : null}

        {admin ? (
          <details className="card stack no-print" data-testid="group-seasons">
            <summary>{t("group.seasons")}</summary>
            <p className="muted">{t("group.seasonsHelp")}</p>
            {definedSeasons.length ? (
              <ul className="seat-list">
                {definedSeasons.map((s) => (
                  <li key={s.key}>
                    <span>
                      {s.name}{" "}
                      <span className="muted">
                        · {day(s.startsOn)} – {day(s.endsOn)}
                        {s.bestEvenings ? ` · ${format(t("group.bestOf"), { n: s.bestEvenings })}` : ""}
                      </span>
                    </span>
                    <GroupForm
                      intent="deleteSeason"
                      values={{ group: group.id, season: s.id! }}
                      submit={t("group.deleteSeason")}
                      danger
                    />
                  </li>
                ))}
              </ul>
            ) : null}
            <GroupForm
              intent="addSeason"
              values={{ group: group.id }}
              submit={t("group.addSeason")}
              className="stack"
              testId="add-season"
            >
              <label className="field">
                <span>{t("evening.game")}</span>
                <select name="variant" defaultValue={game}>
                  {VARIANT_IDS.map((v) => (
                    <option key={v} value={v}>
                      {VARIANTS[v].name}
                    </option>
                  ))}
                </select>
              </label>
              <label className="field">
                <span>{t("group.seasonName")}</span>
                <input name="name" required maxLength={40} autoComplete="off" />
              </label>
              <label className="field">
                <span>{t("group.seasonFrom")}</span>
                <input name="startsOn" type="date" required defaultValue={season.season.startsOn} />
              </label>
              <label className="field">
                <span>{t("group.seasonTo")}</span>
                <input name="endsOn" type="date" required defaultValue={season.season.endsOn} />
              </label>
              <label className="field">
                <span>{t("group.best")}</span>
                <input name="bestEvenings" type="number" min={1} max={1000} inputMode="numeric" />
              </label>
            </GroupForm>
          </details>
        ) : null}

        {admin ? (
          <details className="card stack no-print">
            <summary>{t("group.settings")}</summary>
            <GroupForm intent="rename" values={{ group: group.id }} submit={t("group.rename")}>
              <input
                name="name"
                aria-label={t("group.name")}
                defaultValue={group.name}
                required
                maxLength={GROUP_NAME_MAX}
              />
            </GroupForm>
            <p className="muted">{t("group.deleteHelp")}</p>
            <GroupForm
              intent="delete"
              values={{ group: group.id }}
              submit={t("group.delete")}
              danger
              testId="delete-group"
            />
          </details>
        ) : null}
      </main>
    </Words>
  );
}
