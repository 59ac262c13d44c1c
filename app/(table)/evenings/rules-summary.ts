/** House rules and stakes in words, one phrase each: for the evening page, the rule-set list and the rule-set picker. */
import "server-only";
import { format, type MessageKey } from "@/lib/i18n/dictionaries";
import { money, type Locale } from "@/lib/i18n/format";
import type { Stakes } from "@/lib/rules";

type T = (key: MessageKey) => string;

/** Each house rule chosen, e.g. "Start score 10", "Trumftvång Nobody". */
export function houseRulesSummary(houseRules: Record<string, unknown>, t: T): string[] {
  return Object.entries(houseRules).map(([name, value]) => {
    const choice =
      typeof value === "string"
        ? t(`houseRules.${name}.${value}` as MessageKey)
        : typeof value === "boolean"
          ? t(value ? "common.yes" : "common.no")
          : String(value);
    return `${t(`houseRules.${name}` as MessageKey)} ${choice}`;
  });
}

/** Each stake played for, e.g. "SEK 5.00 per game"; nothing when the evening is not played for money. */
export function stakesSummary(stakes: Stakes | null | undefined, t: T, locale: Locale): string[] {
  if (!stakes) return [];
  return (["perGame", "perPoint", "perLimpa"] as const)
    .filter((field) => stakes[field] > 0)
    .map((field) => format(t(`money.${field}`), { amount: money(stakes[field], stakes.currency, locale) }));
}
