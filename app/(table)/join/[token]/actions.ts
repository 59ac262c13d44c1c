"use server";

import { redirect } from "next/navigation";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { currentActor } from "@/lib/auth/session";
import { joinEvening } from "@/lib/data/members";

/** Joins through the invite link, then opens the evening; a refusal comes back as the result. */
export async function joinAction(token: string): Promise<ActionResult<{ id: string }>> {
  const actor = await currentActor();
  if (!actor) redirect(`/sign-in?next=${encodeURIComponent(`/join/${token}`)}`);
  const result = await runAction(() => joinEvening(actor, String(token)));
  if (result.ok) redirect(`/evenings/${result.data.id}`);
  return result;
}
