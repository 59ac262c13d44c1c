"use server";

import { cookies } from "next/headers";
import { isLocale } from "@/lib/i18n/dictionaries";
import { LOCALE_COOKIE } from "@/lib/i18n/server";

/** Remembers the chosen language for a year. */
export async function setLanguage(formData: FormData): Promise<void> {
  const locale = formData instanceof FormData ? formData.get("locale") : null;
  if (!isLocale(locale)) return;
  (await cookies()).set(LOCALE_COOKIE, locale, {
    path: "/",
    maxAge: 365 * 24 * 60 * 60,
    sameSite: "lax",
    httpOnly: true,
  });
}
