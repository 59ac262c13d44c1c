import type { Metadata } from "next";
import Link from "next/link";
import { requireActor } from "@/lib/auth/require";
import { listPlayerNames } from "@/lib/data/evenings";
import { listRuleSets } from "@/lib/data/rule-sets";
import { getI18n } from "@/lib/i18n/server";
import { VARIANTS, VARIANT_IDS } from "@/lib/rules";
import { EveningForm } from "./evening-form";
import { houseRuleFields, rulesFieldLabels } from "../rules-fields-data";
import { houseRulesSummary, stakesSummary } from "../rules-summary";
import { Words } from "@/lib/i18n/words";

export const metadata: Metadata = { title: "New evening · Protokoll" };

export default async function NewEveningPage() {
  const actor = await requireActor("/evenings/new");
  const [{ t, locale }, knownNames, sets] = await Promise.all([getI18n(), listPlayerNames(actor), listRuleSets(actor)]);
  const ruleSets = sets.map((set) => ({
    id: set.id,
    name: set.name,
    variant: set.variant,
    summary: [...houseRulesSummary(set.houseRules, t), ...stakesSummary(set.stakes, t, locale)].join(" · "),
  }));
  const houseRules = houseRuleFields(t);
  const rulesLabels = rulesFieldLabels(t);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Words areas={["rules"]}>
      <main className="narrow stack">
        <h1>{t("evenings.new")}</h1>
        <p>
          <Link href="/rule-sets">{t("ruleSets.link")}</Link>
        </p>
        <EveningForm
          today={today}
          variants={VARIANT_IDS.map((id) => ({
            id,
            name: VARIANTS[id].name,
            min: VARIANTS[id].minPlayers,
            max: VARIANTS[id].maxPlayers,
          }))}
          houseRules={houseRules}
          knownNames={knownNames}
          ruleSets={ruleSets}
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
            count: t("evening.playerCount"),
            ruleSet: t("money.ruleSet"),
            ruleSetNone: t("money.ruleSetNone"),
            ...rulesLabels,
          }}
        />
      </main>
    </Words>
  );
}
