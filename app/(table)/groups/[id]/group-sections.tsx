import Link from "next/link";
import { qrSvg } from "@/app/_components/site-url";
import type { GroupView } from "@/lib/data/groups";
import { GROUP_NAME_MAX } from "@/lib/schemas/group";
import type { Season } from "@/lib/data/seasons";
import { format, intlLocale, type Locale, type MessageKey } from "@/lib/i18n/dictionaries";
import { MAX_NAME_LENGTH, VARIANTS, VARIANT_IDS, isVariantId, type VariantId } from "@/lib/rules";
import { GroupForm } from "../group-form";

type T = (key: MessageKey) => string;
interface Props {
  group: GroupView;
  t: T;
  locale: Locale;
}

/** The group's latest evenings, and the way to all of them in the history. */
export function EveningsSection({ group, t, locale }: Props) {
  const dateFormat = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: "UTC" });
  return (
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
  );
}

function PlayerOptions({ players }: { players: { id: string; name: string }[] }) {
  return players.map((p) => (
    <option key={p.id} value={p.id}>
      {p.name}
    </option>
  ));
}

/** The group's players: who is merged into whom, who is whose account; rename, merge, add. */
export function PlayersSection({ group, t }: Props) {
  const admin = group.role === "admin";
  const canonical = group.players.filter((p) => !p.mergedInto);
  const me = group.members.find((m) => m.you)!;
  const myPlayer = group.players.find((p) => p.account?.userId === me.userId);
  return (
    <section className="card stack no-print" aria-labelledby="group-players" data-testid="group-players">
      <h2 id="group-players">{t("group.players")}</h2>
      <p className="muted">{t(admin ? "group.playersHelp" : "group.playersHelpMember")}</p>
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
        <GroupForm intent="renamePlayer" values={{ group: group.id }} submit={t("group.rename")} testId="rename-player">
          <label className="field">
            <span>{t("group.renamePlayer")}</span>
            <select name="player" required>
              <PlayerOptions players={group.players} />
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
              <PlayerOptions players={canonical} />
            </select>
          </label>
          <label className="field">
            <span>{t("group.mergeInto")}</span>
            <select name="into" required defaultValue={canonical[1]!.id}>
              <PlayerOptions players={canonical} />
            </select>
          </label>
        </GroupForm>
      ) : null}
      <GroupForm intent="addPlayer" values={{ group: group.id }} submit={t("group.addPlayer")}>
        <input name="name" aria-label={t("group.addPlayer")} required maxLength={MAX_NAME_LENGTH} autoComplete="off" />
      </GroupForm>
    </section>
  );
}

/** The members, with the admins' controls, and leaving. */
export function MembersSection({ group, t }: Props) {
  const admin = group.role === "admin";
  return (
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
  );
}

/** The admins' part: the invite link, the seasons, the group's name and deletion. */
export async function AdminSections({
  group,
  t,
  locale,
  inviteUrl,
  seasons,
  game,
  current,
}: Props & { inviteUrl: string | null; seasons: Season[]; game: VariantId; current: Season }) {
  const admin = group.role === "admin";
  const dateFormat = new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "medium", timeZone: "UTC" });
  const day = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));
  const definedSeasons = seasons;
  const qr = inviteUrl ? await qrSvg(inviteUrl) : "";
  return (
    <>
      {admin ? (
        <details className="card stack no-print" data-testid="group-invite">
          <summary>{t("group.invite")}</summary>
          {inviteUrl ? (
            <>
              <p className="muted">{t("group.inviteHelp")}</p>
              <div className="qr" role="img" aria-label={inviteUrl} dangerouslySetInnerHTML={{ __html: qr }} />
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
              <input name="startsOn" type="date" required defaultValue={current.startsOn} />
            </label>
            <label className="field">
              <span>{t("group.seasonTo")}</span>
              <input name="endsOn" type="date" required defaultValue={current.endsOn} />
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
    </>
  );
}
