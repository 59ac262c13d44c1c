import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { requireActor } from "@/lib/auth/require";
import { getEvening } from "@/lib/data/evenings";
import { isAppError } from "@/lib/errors";
import { getI18n } from "@/lib/i18n/server";
import { VARIANTS, isVariantId } from "@/lib/rules";
import { Protokoll } from "./protokoll";

export const metadata: Metadata = { title: "Evening · Protokoll" };

export default async function EveningPage({ params }: PageProps<"/evenings/[id]">) {
  const { id } = await params;
  const actor = await requireActor(`/evenings/${id}`);
  const [{ t, locale }, evening] = await Promise.all([
    getI18n(),
    getEvening(actor, id).catch((error) => {
      if (isAppError(error) && error.code === "not_found") notFound();
      throw error;
    }),
  ]);
  const dateFormat = new Intl.DateTimeFormat(locale === "sv" ? "sv-SE" : "en-GB", { dateStyle: "long", timeZone: "UTC" });
  const game = evening.games.at(-1);
  return (
    <main className="stack">
      <div>
        <h1>{evening.title}</h1>
        <p className="muted">
          {dateFormat.format(evening.date)} · {isVariantId(evening.variant) ? VARIANTS[evening.variant].name : evening.variant}
          {evening.place ? ` · ${evening.place}` : ""}
        </p>
      </div>
      {game ? (
        <section className="stack" aria-labelledby="current-game">
          <h2 id="current-game">
            {t("evening.game.number")} {game.number}
          </h2>
          {game.result.trumpCompulsion ? <p className="banner warn">{t("evening.trumpCompulsion")}</p> : null}
          {game.result.winners.length ? (
            <p className="banner">
              {t("evening.winners")}: {game.result.winners.join(", ")}
            </p>
          ) : game.result.nextDeal ? (
            <p>
              {t("evening.nextDealer")}: <strong data-testid="next-dealer">{game.result.nextDeal.dealer}</strong> · {t("evening.forehand")}:{" "}
              {game.result.nextDeal.forehand}
            </p>
          ) : null}
          <Protokoll record={game.record} result={game.result} labels={{ deal: t("evening.deal"), scores: t("evening.scores") }} />
        </section>
      ) : null}
    </main>
  );
}
