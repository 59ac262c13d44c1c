/** The house-rule fields and labels the new-evening and rule-set forms show, in the reader's language. */
import "server-only";
import type { MessageKey } from "@/lib/i18n/dictionaries";
import { HOUSE_RULE_VALUES, VARIANTS, VARIANT_IDS, type HouseRuleName } from "@/lib/rules";
import type { HouseRuleField, RulesLabels } from "./new/rules-fields";

type T = (key: MessageKey) => string;

export function houseRuleFields(t: T): HouseRuleField[] {
  const names = Object.keys(HOUSE_RULE_VALUES) as HouseRuleName[];
  return names.map((name) => {
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
}

export function rulesFieldLabels(t: T): RulesLabels {
  return {
    houseRules: t("houseRules.title"),
    houseRulesHelp: t("houseRules.help"),
    stakes: t("money.playForMoney"),
    stakesHelp: t("money.stakesHelp"),
    currency: t("money.currency"),
    perGame: t("money.perGameLabel"),
    perPoint: t("money.perPointLabel"),
    perLimpa: t("money.perLimpaLabel"),
  };
}
