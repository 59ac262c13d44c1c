"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/http/action-result";
import { currentActor } from "@/lib/auth/session";
import { endEvening } from "@/lib/data/evenings";
import { removeMember, rotateInvite } from "@/lib/data/members";
import { revokeShareLink, rotateShareLink, setShareMoney, setShowOdds } from "@/lib/data/share";

// Each action: who is acting, then the data layer, which validates, checks permission and writes (or not).
// Deals travel by the REST routes (app/api/games/…/deals), the same way as a phone's outbox (decision 010).

export async function endEveningAction(eveningId: string): Promise<ActionResult> {
  return runAction(async () => {
    await endEvening(await currentActor(), String(eveningId));
    revalidatePath("/evenings");
    return undefined;
  });
}

export async function removeMemberAction(eveningId: string, userId: string): Promise<ActionResult> {
  return runAction(async () => {
    await removeMember(await currentActor(), String(eveningId), String(userId));
    return undefined;
  });
}

export async function rotateInviteAction(eveningId: string): Promise<ActionResult> {
  return runAction(async () => {
    await rotateInvite(await currentActor(), String(eveningId));
    return undefined;
  });
}

export async function rotateShareLinkAction(eveningId: string): Promise<ActionResult> {
  return runAction(async () => {
    await rotateShareLink(await currentActor(), String(eveningId));
    return undefined;
  });
}

export async function setShareMoneyAction(eveningId: string, shown: boolean): Promise<ActionResult> {
  return runAction(async () => {
    await setShareMoney(await currentActor(), String(eveningId), shown === true);
    return undefined;
  });
}

export async function setShowOddsAction(eveningId: string, shown: boolean): Promise<ActionResult> {
  return runAction(async () => {
    await setShowOdds(await currentActor(), String(eveningId), shown === true);
    return undefined;
  });
}

export async function revokeShareLinkAction(eveningId: string): Promise<ActionResult> {
  return runAction(async () => {
    await revokeShareLink(await currentActor(), String(eveningId));
    return undefined;
  });
}
