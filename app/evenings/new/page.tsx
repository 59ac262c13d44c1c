import type { Metadata } from "next";
import { requireActor } from "@/lib/auth/require";
import { listPlayerNames } from "@/lib/data/evenings";
import { listRuleSets } from "@/lib/data/rule-sets";
import { format } from "@/lib/i18n/dictionaries";
import { money } from "@/lib/i18n/format";
import type { MessageKey } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { HOUSE_RULE_VALUES, VARIANTS, VARIANT_IDS, type HouseRuleName } from "@/lib/rules";
import { EveningForm, type HouseRuleField } from "./evening-form";

export const metadata: Metadata = { title: "New evening · Protokoll" };

export default async function NewEveningPage() {
  const actor = await requireActor("/evenings/new");
  const [{ t, locale }, knownNames, sets] = await Promise.all([getI18n(), listPlayerNames(actor), listRuleSets(actor)]);
  const ruleSets = sets.map((set) => {
    const rules = Object.entries(set.houseRules).map(
      ([name, value]) => `${t(`houseRules.${name}` as MessageKey)} ${String(value)}`,
    );
    const stakes = set.stakes
      ? (["perGame", "perPoint", "perLimpa"] as const)
          .filter((f) => set.stakes![f] > 0)
          .map((f) => format(t(`money.${f}`), { amount: money(set.stakes![f], set.stakes!.currency, locale) }))
      : [];
    return { id: set.id, name: set.name, variant: set.variant, summary: [...rules, ...stakes].join(" · ") };
  });
  const names = Object.keys(HOUSE_RULE_VALUES) as HouseRuleName[];
  const houseRules: HouseRuleField[] = names.map((name) => {
    const spec = HOUSE_RULE_VALUES[name];
    const defaults: Record<string, string> = {};
    for (const id of VARIANT_IDS) {
      const value = VARIANTS[id].houseRules[name];
      if (value !== undefined) defaults[id] = String(value);
    }
    return {
      name,
      label: t(`houseRules.${name}` as MessageKey),
      help: t(`houseRules.${name}.help` as MessageKey),
      input:
        spec.kind === "integer"
          ? { kind: "integer", min: spec.min, max: spec.max }
          : {
              kind: "choice",
              options: spec.values.map((v) => ({
                value: String(v),
                label:
                  typeof v === "boolean"
                    ? t(v ? "common.yes" : "common.no")
                    : typeof v === "number"
                      ? String(v)
                      : t(`houseRules.${name}.${v}` as MessageKey),
              })),
            },
      defaults,
    };
  });
  const today = new Date().toISOString().slice(0, 10);
  return (
    <main className="narrow stack">
      <h1>{t("evenings.new")}</h1>
      <EveningForm
        locale={locale}
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
          houseRules: t("houseRules.title"),
          houseRulesHelp: t("houseRules.help"),
          count: t("evening.playerCount"),
          ruleSet: t("money.ruleSet"),
          ruleSetNone: t("money.ruleSetNone"),
          stakes: t("money.playForMoney"),
          stakesHelp: t("money.stakesHelp"),
          currency: t("money.currency"),
          perGame: t("money.perGameLabel"),
          perPoint: t("money.perPointLabel"),
          perLimpa: t("money.perLimpaLabel"),
        }}
      />
    </main>
  );
}
