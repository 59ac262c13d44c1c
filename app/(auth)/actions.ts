"use server";

import { AuthError } from "next-auth";
import { signIn, signOut } from "@/auth";
import { createUser, SignUpSchema } from "@/lib/data/users";
import { isAppError } from "@/lib/errors";
import { localizeFields } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";

export interface AuthFormState {
  error?: string;
  fields?: Record<string, string[]>;
  values?: { username?: string };
}

/** Returns a safe place to go after signing in: a path on this site only. */
function safeNext(value: FormDataEntryValue | null): string {
  return typeof value === "string" && value.startsWith("/") && !value.startsWith("//") ? value : "/evenings";
}

async function signInWith(username: string, password: string, next: string): Promise<AuthFormState> {
  const { t } = await getI18n();
  try {
    await signIn("credentials", { username, password, redirectTo: next });
    return {};
  } catch (error) {
    if (error instanceof AuthError) {
      const throttled = (error as AuthError & { code?: string }).code === "throttled";
      return { error: t(throttled ? "auth.throttled" : "auth.invalid"), values: { username } };
    }
    throw error; // the redirect after a successful sign-in
  }
}

export async function signInAction(_: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const username = String(formData.get("username") ?? "").slice(0, 100);
  const password = String(formData.get("password") ?? "").slice(0, 300);
  return signInWith(username, password, safeNext(formData.get("next")));
}

export async function signUpAction(_: AuthFormState, formData: FormData): Promise<AuthFormState> {
  const values = {
    username: String(formData.get("username") ?? "").slice(0, 100),
    password: String(formData.get("password") ?? "").slice(0, 300),
  };
  const { locale } = await getI18n();
  const parsed = SignUpSchema.safeParse(values);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[String(issue.path[0])] ??= []).push(issue.message);
    return { fields: localizeFields(fields, locale), values: { username: values.username } };
  }
  try {
    await createUser(parsed.data);
  } catch (error) {
    if (isAppError(error)) {
      return {
        error: locale === "sv" ? error.messageSv : error.message,
        fields: localizeFields(error.fields, locale),
        values: { username: values.username },
      };
    }
    throw error;
  }
  return signInWith(parsed.data.username, parsed.data.password, safeNext(formData.get("next")));
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/" });
}
