"use server";

import { revalidatePath } from "next/cache";
import { runAction, type ActionResult } from "@/lib/action-result";
import { currentActor } from "@/lib/auth/session";
import {
  deleteDeal,
  editDeal,
  recordDeal,
  type DeleteDealInput,
  type EditDealInput,
  type RecordDealInput,
} from "@/lib/data/deals";
import { endEvening, removeMember, rotateInvite, startGame, type StartGameInput } from "@/lib/data/evenings";
import { revokeShareLink, rotateShareLink } from "@/lib/data/share";

// Each action: who is acting, then the data layer, which validates, checks permission and writes (or not).

export async function recordDealAction(
  input: RecordDealInput,
): Promise<ActionResult<{ number: number; duplicate: boolean }>> {
  return runAction(async () => {
    const recorded = await recordDeal(await currentActor(), input);
    return { number: recorded.number, duplicate: recorded.duplicate };
  });
}

export async function editDealAction(input: EditDealInput): Promise<ActionResult> {
  return runAction(async () => {
    await editDeal(await currentActor(), input);
    return undefined;
  });
}

export async function deleteDealAction(input: DeleteDealInput): Promise<ActionResult> {
  return runAction(async () => {
    await deleteDeal(await currentActor(), input);
    return undefined;
  });
}

export async function startGameAction(input: StartGameInput): Promise<ActionResult<{ number: number }>> {
  return runAction(async () => {
    const game = await startGame(await currentActor(), input);
    return { number: game.number };
  });
}

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

export async function revokeShareLinkAction(eveningId: string): Promise<ActionResult> {
  return runAction(async () => {
    await revokeShareLink(await currentActor(), String(eveningId));
    return undefined;
  });
}
