import { notFound } from "next/navigation";
import { connection } from "next/server";
import { requireActor } from "@/lib/auth/require";
import { getI18n } from "@/lib/i18n/server";

/**
 * `bench:history`'s floor: a page of the table's layout that checks who is signed in, as the history pages do, and
 * reads nothing else — the framework's own time for a page, timed beside them. It exists only while the bench's
 * server runs with PROTOKOLL_BENCH_FLOOR set; anywhere else it is not found.
 */
export default async function BenchFloorPage() {
  await connection(); // decided on each request, never when the app is built
  if (!process.env.PROTOKOLL_BENCH_FLOOR) notFound();
  await requireActor("/bench/floor");
  const { t } = await getI18n();
  return (
    <main className="stack">
      <h1>{t("evenings.title")}</h1>
    </main>
  );
}
