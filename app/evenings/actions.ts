"use server";

import { redirect } from "next/navigation";
import { runAction, type ActionResult } from "@/lib/action-result";
import { currentActor } from "@/lib/auth/session";
import { createEvening } from "@/lib/data/evenings";
import { HOUSE_RULE_VALUES, VARIANTS, houseRuleNames, isVariantId } from "@/lib/rules";

/** Starts an evening from the form, then opens it; a refusal comes back as the form's result. */
export async function createEveningAction(
  _: ActionResult<string> | null,
  formData: FormData,
): Promise<ActionResult<string>> {
  const actor = await currentActor();
  if (!actor) redirect("/sign-in?next=/evenings/new");
  const text = (name: string) => String(formData.get(name) ?? "").slice(0, 200);
  const players = formData
    .getAll("player")
    .map((p) => String(p).trim())
    .filter(Boolean)
    .slice(0, 12);
  // House rules: only the choices that differ from the game's defaults are pinned for the evening.
  const variant = text("variant");
  const houseRules: Record<string, unknown> = {};
  if (isVariantId(variant)) {
    for (const name of houseRuleNames(variant)) {
      const raw = formData.get(`houseRule.${name}`);
      if (typeof raw !== "string" || raw === "") continue;
      const spec = HOUSE_RULE_VALUES[name];
      const value = spec.kind === "integer" ? Number(raw) : (spec.values.find((v) => String(v) === raw) ?? raw);
      if (value !== VARIANTS[variant].houseRules[name]) houseRules[name] = value;
    }
  }
  // Stakes are written in whole currency units ("5", "0.50"); stored in minor units (öre).
  const currency = text("stakes.currency").trim().toUpperCase() || "SEK";
  const stakes: Record<string, unknown> = { currency };
  for (const field of ["perGame", "perPoint", "perLimpa"] as const) {
    const raw = text(`stakes.${field}`).trim().replace(",", ".");
    if (raw) stakes[field] = minorUnits(raw, currency);
  }
  const ruleSetId = text("ruleSetId") || undefined;
  const result = await runAction(async () => {
    const { id } = await createEvening(actor, {
      ruleSetId,
      stakes: ruleSetId || Object.keys(stakes).length === 1 ? undefined : stakes,
      title: text("title"),
      date: text("date"),
      place: text("place") || undefined,
      variant: variant as "knektpass",
      houseRules,
      players,
      firstDealerSeat: Number.parseInt(text("firstDealerSeat"), 10) || 0,
    });
    return id;
  });
  if (result.ok) redirect(`/evenings/${result.data}`);
  return result;
}

/** "5" or "0.50" in a currency → its minor units; a value that is not a whole number of them stays as it is, to be refused. */
function minorUnits(text: string, currency: string): number {
  let digits = 2;
  try {
    digits = new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    // an unknown currency: refused with the stakes
  }
  const value = Number(text);
  if (!Number.isFinite(value)) return Number.NaN;
  const minor = value * 10 ** digits;
  return Math.abs(minor - Math.round(minor)) < 1e-6 ? Math.round(minor) : minor;
}
