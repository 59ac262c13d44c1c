"use server";

import { redirect } from "next/navigation";
import { currentActor } from "@/lib/auth/session";
import { joinEvening } from "@/lib/data/evenings";
import { isAppError } from "@/lib/errors";

export async function joinAction(token: string): Promise<{ error: string } | void> {
  const actor = await currentActor();
  if (!actor) redirect(`/sign-in?next=${encodeURIComponent(`/join/${token}`)}`);
  let id: string;
  try {
    ({ id } = await joinEvening(actor, String(token)));
  } catch (error) {
    if (isAppError(error)) return { error: error.message };
    throw error;
  }
  redirect(`/evenings/${id}`);
}
