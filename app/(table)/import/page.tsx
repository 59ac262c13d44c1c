import type { Metadata } from "next";
import { requireActor } from "@/lib/auth/require";
import { backupPartCount } from "@/lib/data/transfer";
import { format } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";
import { ImportForm } from "./import-form";
import { Words } from "@/lib/i18n/words";

export const metadata: Metadata = { title: "Back up and import · Protokoll" };

export default async function ImportPage() {
  const actor = await requireActor("/import");
  const [{ t }, parts] = await Promise.all([getI18n(), backupPartCount(actor)]);
  return (
    <Words areas={["transfer", "evening", "rules"]}>
      <main className="narrow stack">
        <h1>{t("export.backupImport")}</h1>
        <section className="card stack" aria-labelledby="backup-title">
          <h2 id="backup-title">{t("backup.title")}</h2>
          <p className="muted">{t(parts === 1 ? "backup.help" : "backup.helpParts")}</p>
          <div className="actions">
            {parts === 1 ? (
              <a href="/api/export" className="button small" download>
                {t("export.backup")}
              </a>
            ) : (
              // A history larger than one import takes: a file per part, each of which imports again.
              Array.from({ length: parts }, (_, i) => (
                <a key={i} href={`/api/export?part=${i + 1}`} className="button small" download>
                  {format(t("export.backupPart"), { n: i + 1, parts })}
                </a>
              ))
            )}
          </div>
        </section>
        <h2>{t("import.title")}</h2>
        <p className="muted">{t("import.help")}</p>
        <ImportForm />
      </main>
    </Words>
  );
}
