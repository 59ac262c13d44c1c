import Link from "next/link";
import { getI18n } from "@/lib/i18n/server";

/** A wrong address, or an evening that does not exist or is not yours: said plainly, with a way on. */
export default async function NotFound() {
  const { t } = await getI18n();
  return (
    <main className="narrow stack" data-testid="not-found">
      <h1>{t("errors.notFoundTitle")}</h1>
      <p>{t("errors.notFound")}</p>
      <p className="actions">
        <Link href="/evenings" className="button primary">
          {t("errors.toEvenings")}
        </Link>
        <Link href="/" className="button">
          {t("errors.home")}
        </Link>
      </p>
    </main>
  );
}
