import type { Metadata } from "next";
import { requireActor } from "@/lib/auth/require";
import { getI18n } from "@/lib/i18n/server";
import { VARIANTS, VARIANT_IDS } from "@/lib/rules";
import { EveningForm } from "./evening-form";

export const metadata: Metadata = { title: "New evening · Protokoll" };

export default async function NewEveningPage() {
  await requireActor("/evenings/new");
  const { t } = await getI18n();
  const today = new Date().toISOString().slice(0, 10);
  return (
    <main className="narrow stack">
      <h1>{t("evenings.new")}</h1>
      <EveningForm
        today={today}
        variants={VARIANT_IDS.map((id) => ({ id, name: VARIANTS[id].name, min: VARIANTS[id].minPlayers, max: VARIANTS[id].maxPlayers }))}
        labels={{
          title: t("evening.title"),
          date: t("evening.date"),
          place: t("evening.place"),
          game: t("evening.game"),
          players: t("evening.players"),
          player: t("evening.player"),
          addPlayer: t("evening.addPlayer"),
          firstDealer: t("evening.firstDealer"),
          create: t("evening.create"),
        }}
      />
    </main>
  );
}
