"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { isForm, notAForm, runAction, type ActionResult } from "@/lib/http/action-result";
import { currentActor } from "@/lib/auth/session";
import { createRuleSet, deleteRuleSet, updateRuleSet } from "@/lib/data/rule-sets";
import { houseRulesFrom, stakesFrom } from "@/app/(table)/evenings/rules-form";

/** Saves a rule set from the form: a new one, or the one named by `id`; a refusal comes back as the form's result. */
export async function saveRuleSetAction(_: ActionResult | null, formData: FormData): Promise<ActionResult> {
  if (!isForm(formData)) return notAForm();
  const actor = await currentActor();
  if (!actor) redirect("/sign-in?next=/rule-sets");
  const text = (name: string) => String(formData.get(name) ?? "").slice(0, 200);
  const variant = text("variant");
  const input = {
    name: text("name"),
    variant: variant as "knektpass",
    houseRules: houseRulesFrom(formData, variant),
    stakes: stakesFrom(formData) ?? null,
  };
  const id = text("id");
  const result = await runAction(async () => {
    if (id) await updateRuleSet(actor, id, input);
    else await createRuleSet(actor, input, text("groupId") || undefined);
    return undefined;
  });
  if (result.ok) {
    revalidatePath("/rule-sets");
    redirect("/rule-sets");
  }
  return result;
}

export async function deleteRuleSetAction(id: string): Promise<ActionResult> {
  const result = await runAction(async () => {
    await deleteRuleSet(await currentActor(), String(id));
    return undefined;
  });
  revalidatePath("/rule-sets");
  return result;
}
