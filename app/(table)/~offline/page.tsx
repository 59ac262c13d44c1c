import type { Metadata } from "next";
import { getI18n } from "@/lib/i18n/server";
import { KeptEvenings } from "@/app/_components/kept-evenings";

export const metadata: Metadata = { title: "Offline · Protokoll" };

/** Shown by the service worker for a page this phone has never opened while there is no signal. */
export default async function OfflinePage() {
  const { t } = await getI18n();
  return (
    <>
      <main className="narrow stack" data-testid="offline-page">
        <h1>{t("offline.title")}</h1>
        <p>{t("offline.body")}</p>
        <KeptEvenings always />
      </main>
    </>
  );
}
