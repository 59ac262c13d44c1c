import { setLanguage } from "@/app/actions";
import { LOCALES } from "@/lib/i18n/dictionaries";
import { getI18n } from "@/lib/i18n/server";

/** The choice of language, a form that works with and without the page's JavaScript. */
export async function LanguageSwitch() {
  const { t, locale } = await getI18n();
  return (
    <form action={setLanguage} className="language-switch" aria-label={t("nav.language")}>
      {LOCALES.map((l) => (
        <button key={l} name="locale" value={l} type="submit" aria-pressed={l === locale} lang={l}>
          {l.toUpperCase()}
        </button>
      ))}
    </form>
  );
}
