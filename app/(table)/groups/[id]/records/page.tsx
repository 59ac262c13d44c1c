import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { requireActor } from "@/lib/auth/require";
import { recordsView } from "@/lib/data/seasons";
import { isAppError } from "@/lib/errors";
import { getI18n } from "@/lib/i18n/server";
import { Words } from "@/lib/i18n/words";
import { isVariantId, VARIANT_IDS, VARIANTS, type VariantId } from "@/lib/rules";
import { RecordsSection } from "../sections";

export const metadata: Metadata = { title: "Records · Protokoll" };

/** The group's hall of fame of one game. */
export default async function RecordsPage({ params, searchParams }: PageProps<"/groups/[id]/records">) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const actor = await requireActor(`/groups/${id}/records`);
  const game: VariantId = typeof query.game === "string" && isVariantId(query.game) ? query.game : "knektpass";
  const [{ t, locale }, { groupName, records }] = await Promise.all([
    getI18n(),
    recordsView(actor, id, game).catch((error: unknown) => {
      if (isAppError(error) && error.code === "not_found") notFound();
      throw error;
    }),
  ]);
  return (
    <Words areas={["rules"]}>
      <main className="stack">
        <Link href={`/groups/${id}?game=${game}`} className="no-print" data-testid="back-to-group">
          ← {groupName}
        </Link>
        <h1>{groupName}</h1>
        <nav className="segmented no-print" aria-label={t("evening.game")}>
          {VARIANT_IDS.map((v) => (
            <Link
              key={v}
              href={`/groups/${id}/records?game=${v}`}
              aria-current={v === game ? "page" : undefined}
              className="button small"
            >
              {VARIANTS[v].name}
            </Link>
          ))}
        </nav>
        <RecordsSection game={game} records={records} t={t} locale={locale} />
      </main>
    </Words>
  );
}
