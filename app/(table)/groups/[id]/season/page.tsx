import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireActor } from "@/lib/auth/require";
import { seasonView } from "@/lib/data/seasons";
import { isAppError } from "@/lib/errors";
import { getI18n } from "@/lib/i18n/server";
import { Words } from "@/lib/i18n/words";
import { isVariantId, type VariantId } from "@/lib/rules";
import { SeasonSection } from "../sections";

export const metadata: Metadata = { title: "Season · Protokoll" };

/** One season's table of a group, any season, finished or not: a page of its own to print. */
export default async function SeasonPage({ params, searchParams }: PageProps<"/groups/[id]/season">) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const actor = await requireActor(`/groups/${id}/season`);
  const game: VariantId = typeof query.game === "string" && isVariantId(query.game) ? query.game : "knektpass";
  const [{ t, locale }, view] = await Promise.all([
    getI18n(),
    seasonView(actor, id, game, query.season).catch((error: unknown) => {
      if (isAppError(error) && error.code === "not_found") notFound();
      throw error;
    }),
  ]);
  return (
    <Words areas={["rules"]}>
      <main className="stack">
        <Link href={`/groups/${id}?game=${game}`} className="no-print" data-testid="back-to-group">
          ← {view.groupName}
        </Link>
        <h1>{view.groupName}</h1>
        <SeasonSection groupId={id} game={game} view={view} t={t} locale={locale} ownPage />
      </main>
    </Words>
  );
}
