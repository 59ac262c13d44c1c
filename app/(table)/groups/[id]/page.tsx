import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { siteUrl } from "@/app/_components/site-url";
import { requireActor } from "@/lib/auth/require";
import { getGroupView } from "@/lib/data/groups";
import { definedSeasons, seasonAndRecords } from "@/lib/data/seasons";
import { isAppError } from "@/lib/errors";
import { getI18n } from "@/lib/i18n/server";
import { Words } from "@/lib/i18n/words";
import { VARIANTS, VARIANT_IDS, isVariantId, type VariantId } from "@/lib/rules";
import { AdminSections, EveningsSection, MembersSection, PlayersSection } from "./group-sections";
import { RatingsSection, RecordsSection, SeasonSection } from "./sections";
import { groupRatings } from "@/lib/data/ratings";

export const metadata: Metadata = { title: "Group · Protokoll" };

/**
 * The group's page: the current season table of one game (any other season a tap away), the records, the latest
 * evenings, the players and members; for admins the invite link, seasons and the group's settings.
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
  const [{ t, locale }, group, { season, records }, ratings] = await Promise.all([
    getI18n(),
    getGroupView(actor, id).catch(notFoundToo),
    seasonAndRecords(actor, id, game, seasonKey).catch(notFoundToo),
    groupRatings(actor, id, game).catch(notFoundToo),
  ]);
  const admin = group.role === "admin";
  const inviteUrl = admin && group.inviteToken ? `${await siteUrl()}/groups/join/${group.inviteToken}` : null;
  const seasons = admin ? await definedSeasons(group.id) : [];
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

        <SeasonSection groupId={group.id} game={game} view={season} t={t} locale={locale} />
        <RatingsSection game={game} ratings={ratings} t={t} locale={locale} />
        <RecordsSection
          game={game}
          records={records}
          t={t}
          locale={locale}
          page={`/groups/${group.id}/records?game=${game}`}
        />
        <EveningsSection group={group} t={t} locale={locale} />
        <PlayersSection group={group} t={t} locale={locale} />
        <MembersSection group={group} t={t} locale={locale} />
        {admin ? (
          <AdminSections
            group={group}
            t={t}
            locale={locale}
            inviteUrl={inviteUrl}
            seasons={seasons}
            game={game}
            current={season.season}
          />
        ) : null}
      </main>
    </Words>
  );
}
