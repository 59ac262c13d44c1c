"use server";

import { headers } from "next/headers";
import { AuthError } from "next-auth";
import { signIn, signOut } from "@/auth";
import { actionFailure, isForm, notAForm, runAction, type ActionResult } from "@/lib/http/action-result";
import { createUser } from "@/lib/data/users";
import { SignUpSchema } from "@/lib/schemas/account";
import { parseInput } from "@/lib/errors";
import { sitePath } from "@/lib/http/site-path";
import { CLIENT_ADDRESS_HEADER } from "@/lib/http/security-headers.mjs";

async function signInWith(username: string, password: string, next: string): Promise<ActionResult> {
  try {
    await signIn("credentials", { username, password, redirectTo: next });
    return { ok: true, data: undefined };
  } catch (error) {
    if (error instanceof AuthError) {
      const throttled = (error as AuthError & { code?: string }).code === "throttled";
      return throttled
        ? actionFailure("rate_limited", { key: "auth.throttled" })
        : actionFailure("unauthenticated", { key: "auth.invalid" });
    }
    throw error; // the redirect after a successful sign-in
  }
}

export async function signInAction(_: ActionResult | null, formData: FormData): Promise<ActionResult> {
  if (!isForm(formData)) return notAForm();
  const username = String(formData.get("username") ?? "").slice(0, 100);
  const password = String(formData.get("password") ?? "").slice(0, 300);
  return signInWith(username, password, sitePath(formData.get("next")));
}

export async function signUpAction(_: ActionResult | null, formData: FormData): Promise<ActionResult> {
  if (!isForm(formData)) return notAForm();
  const password = String(formData.get("password") ?? "").slice(0, 300);
  const client = (await headers()).get(CLIENT_ADDRESS_HEADER) ?? "unknown";
  const created = await runAction(() => {
    const username = String(formData.get("username") ?? "").slice(0, 100);
    return createUser(parseInput(SignUpSchema, { username, password }), client);
  });
  if (!created.ok) return created;
  return signInWith(created.data.username, password, sitePath(formData.get("next")));
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
