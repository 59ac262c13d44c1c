"use server";

import { redirect } from "next/navigation";
import { isForm, notAForm, runAction, type ActionResult } from "@/lib/http/action-result";
import { currentActor } from "@/lib/auth/session";
import { createEvening } from "@/lib/data/evenings";
import { houseRulesFrom, stakesFrom } from "./rules-form";

/** Starts an evening from the form, then opens it; a refusal comes back as the form's result. */
export async function createEveningAction(
  _: ActionResult<string> | null,
  formData: FormData,
): Promise<ActionResult<string>> {
  if (!isForm(formData)) return notAForm();
  const actor = await currentActor();
  if (!actor) redirect("/sign-in?next=/evenings/new");
  const text = (name: string) => String(formData.get(name) ?? "").slice(0, 200);
  const players = formData
    .getAll("player")
    .map((p) => String(p).trim())
    .filter(Boolean)
    .slice(0, 12);
  const variant = text("variant");
  const houseRules = houseRulesFrom(formData, variant);
  const ruleSetId = text("ruleSetId") || undefined;
  const result = await runAction(async () => {
    const { id } = await createEvening(actor, {
      ruleSetId,
      stakes: ruleSetId ? undefined : stakesFrom(formData),
      title: text("title"),
      date: text("date"),
      place: text("place") || undefined,
      variant: variant as "knektpass",
      houseRules,
      players,
      firstDealerSeat: Number.parseInt(text("firstDealerSeat"), 10) || 0,
      groupId: text("groupId") || undefined,
    });
    return id;
  });
  if (result.ok) redirect(`/evenings/${result.data}`);
  return result;
}
