/**
 * Reading house rules and stakes from a form — the new-evening form and the rule-set form ask the same way.
 * Only the choices that differ from the game's defaults are kept; stakes are written in whole currency units
 * ("5", "0.50") and kept in minor units (öre). What these return is checked by the data layer.
 */
import { minorDigits } from "@/lib/i18n/format";
import { HOUSE_RULE_VALUES, VARIANTS, houseRuleNames, isVariantId } from "@/lib/rules";

const field = (formData: FormData, name: string) => String(formData.get(name) ?? "").slice(0, 200);

export function houseRulesFrom(formData: FormData, variant: string): Record<string, unknown> {
  const houseRules: Record<string, unknown> = {};
  if (!isVariantId(variant)) return houseRules;
  for (const name of houseRuleNames(variant)) {
    const raw = formData.get(`houseRule.${name}`);
    if (typeof raw !== "string" || raw === "") continue;
    const spec = HOUSE_RULE_VALUES[name];
    const value = spec.kind === "integer" ? Number(raw) : (spec.values.find((v) => String(v) === raw) ?? raw);
    if (value !== VARIANTS[variant].houseRules[name]) houseRules[name] = value;
  }
  return houseRules;
}

/** The stakes written on the form, or undefined when no amount was written. */
export function stakesFrom(formData: FormData): Record<string, unknown> | undefined {
  const currency = field(formData, "stakes.currency").trim().toUpperCase() || "SEK";
  const stakes: Record<string, unknown> = { currency };
  for (const name of ["perGame", "perPoint", "perLimpa"] as const) {
    const raw = field(formData, `stakes.${name}`).trim().replace(",", ".");
    if (raw) stakes[name] = minorUnits(raw, currency);
  }
  return Object.keys(stakes).length > 1 ? stakes : undefined;
}

/** "5" or "0.50" in a currency → its minor units; a value that is not a whole number of them stays as it is, to be refused. */
function minorUnits(text: string, currency: string): number {
  const digits = minorDigits(currency);
  const value = Number(text);
  if (!Number.isFinite(value)) return Number.NaN;
  const minor = value * 10 ** digits;
  return Math.abs(minor - Math.round(minor)) < 1e-6 ? Math.round(minor) : minor;
}
