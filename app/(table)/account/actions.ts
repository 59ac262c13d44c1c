"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { isForm, notAForm, runAction, type ActionResult } from "@/lib/http/action-result";
import { currentSession } from "@/lib/auth/session";
import { changePassword, signOutElsewhere } from "@/lib/data/users";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/security-headers.mjs";

async function sessionOrSignIn() {
  const session = await currentSession();
  if (!session) redirect("/sign-in?next=/account");
  return session;
}

/** Changes the password (the current one checked first) and signs the account out everywhere else. */
export async function changePasswordAction(
  _: ActionResult<{ endedSessions: number }> | null,
  formData: FormData,
): Promise<ActionResult<{ endedSessions: number }>> {
  if (!isForm(formData)) return notAForm();
  const session = await sessionOrSignIn();
  const text = (name: string) => String(formData.get(name) ?? "").slice(0, 300);
  const client = (await headers()).get(CLIENT_ADDRESS_HEADER) ?? "unknown";
  return runAction(() => changePassword(session, { current: text("current"), password: text("password") }, client));
}

/** Ends every other session of the account. */
export async function signOutElsewhereAction(): Promise<ActionResult<{ endedSessions: number }>> {
  const session = await sessionOrSignIn();
  return runAction(() => signOutElsewhere(session));
}
