"use server";

import { redirect } from "next/navigation";
import { revalidatePath } from "next/cache";
import { isForm, notAForm, runAction, type ActionResult } from "@/lib/http/action-result";
import { currentActor } from "@/lib/auth/session";
import {
  addGroupPlayer,
  createGroup,
  deleteGroup,
  joinGroup,
  leaveGroup,
  linkGroupPlayer,
  mergeGroupPlayers,
  moveEvening,
  removeGroupMember,
  renameGroup,
  renameGroupPlayer,
  rotateGroupInvite,
  setGroupAdmin,
  splitGroupPlayer,
} from "@/lib/data/groups";
import { createSeason, deleteSeason } from "@/lib/data/seasons";
import type { Actor } from "@/lib/data/access";

type Form = (name: string) => string;

/** What each of the group forms does (`intent`), and where the page goes after it ("stay": the same page). */
const INTENTS: Record<string, (actor: Actor, f: Form) => Promise<string | "stay">> = {
  create: async (a, f) => `/groups/${(await createGroup(a, f("name"))).id}`,
  join: async (a, f) => `/groups/${(await joinGroup(a, f("token"))).id}`,
  rename: (a, f) => renameGroup(a, f("group"), f("name")).then(() => "stay"),
  invite: (a, f) => rotateGroupInvite(a, f("group"), f("off") === "1").then(() => "stay"),
  leave: (a, f) => leaveGroup(a, f("group"), f("successor") || undefined).then(() => "/groups"),
  remove: (a, f) => removeGroupMember(a, f("group"), f("member")).then(() => "stay"),
  admin: (a, f) => setGroupAdmin(a, f("group"), f("member"), f("admin") === "1").then(() => "stay"),
  delete: (a, f) => deleteGroup(a, f("group")).then(() => "/groups"),
  addPlayer: (a, f) => addGroupPlayer(a, f("group"), f("name")).then(() => "stay"),
  renamePlayer: (a, f) => renameGroupPlayer(a, f("group"), f("player"), f("name")).then(() => "stay"),
  link: (a, f) => linkGroupPlayer(a, f("group"), f("player"), f("member") || null).then(() => "stay"),
  merge: (a, f) => mergeGroupPlayers(a, f("group"), f("player"), f("into")).then(() => "stay"),
  split: (a, f) => splitGroupPlayer(a, f("group"), f("player")).then(() => "stay"),
  addSeason: (a, f) =>
    createSeason(a, f("group"), {
      variant: f("variant"),
      name: f("name"),
      startsOn: f("startsOn"),
      endsOn: f("endsOn"),
      bestEvenings: f("bestEvenings") || null,
    }).then(() => "stay"),
  deleteSeason: (a, f) => deleteSeason(a, f("group"), f("season")).then(() => "stay"),
  move: async (a, f) => {
    await moveEvening(a, f("evening"), f("group") || null);
    return `/evenings/${f("evening")}`;
  },
};

/**
 * Every change to a group from its forms: the form names what it does (`intent`) and the group; a refusal comes
 * back as the form's result, a success reloads the group's page (or goes where the change leads).
 */
export async function groupAction(_: ActionResult | null, formData: FormData): Promise<ActionResult> {
  if (!isForm(formData)) return notAForm();
  const f: Form = (name) => String(formData.get(name) ?? "").slice(0, 200);
  const actor = await currentActor();
  if (!actor)
    redirect(
      f("intent") === "join"
        ? `/sign-in?next=${encodeURIComponent(`/groups/join/${f("token")}`)}`
        : "/sign-in?next=/groups",
    );
  const run = Object.hasOwn(INTENTS, f("intent")) ? INTENTS[f("intent")]! : null;
  if (!run) return notAForm();
  const result = await runAction(() => run(actor, f));
  if (!result.ok) return result;
  revalidatePath("/groups", "layout");
  if (result.data !== "stay") redirect(result.data);
  return { ok: true, data: undefined };
}
