import type { Metadata } from "next";
import { requireActor } from "@/lib/auth/require";
import { DICTIONARIES } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { ImportForm } from "./import-form";

export const metadata: Metadata = { title: "Import · Protokoll" };

export default async function ImportPage() {
  await requireActor("/import");
  const { locale, t } = await getI18n();
  return (
    <main className="narrow stack">
      <h1>{t("import.title")}</h1>
      <p className="muted">{t("import.help")}</p>
      <ImportForm dict={DICTIONARIES[locale]} locale={locale} />
    </main>
  );
}
