"use server";

import { redirect } from "next/navigation";
import { currentActor } from "@/lib/auth/session";
import { createEvening } from "@/lib/data/evenings";
import { isAppError } from "@/lib/errors";
import { localizeFields } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { HOUSE_RULE_VALUES, VARIANTS, houseRuleNames, isVariantId } from "@/lib/rules";

export interface CreateEveningState {
  error?: string;
  fields?: Record<string, string[]>;
  problems?: string[];
}

export async function createEveningAction(_: CreateEveningState, formData: FormData): Promise<CreateEveningState> {
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
  let id: string;
  try {
    ({ id } = await createEvening(actor, {
      title: text("title"),
      date: text("date"),
      place: text("place") || undefined,
      variant: variant as "knektpass",
      houseRules,
      players,
      firstDealerSeat: Number.parseInt(text("firstDealerSeat"), 10) || 0,
    }));
  } catch (error) {
    if (isAppError(error)) {
      const { locale } = await getI18n();
      const sv = locale === "sv";
      return {
        error: sv ? error.messageSv : error.message,
        fields: localizeFields(error.fields, locale),
        problems: error.problems.map((p) => (sv ? p.messageSv : p.message)),
      };
    }
    throw error;
  }
  redirect(`/evenings/${id}`);
}
