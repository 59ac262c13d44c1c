import type { Metadata } from "next";
import { getScoreboardByToken } from "@/lib/data/share";
import { intlLocale } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { VARIANTS, isVariantId } from "@/lib/rules";
import { Words } from "@/lib/i18n/words";
import { LiveScoreboard } from "./live-scoreboard";

// The token is the key: never send it on to other sites, never index the page.
export const metadata: Metadata = {
  title: "Live scoreboard · Protokoll",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function SharePage({ params, searchParams }: PageProps<"/s/[token]">) {
  const { token } = await params;
  const tv = (await searchParams).tv === "1";
  const [{ t, locale }, found] = await Promise.all([getI18n(), getScoreboardByToken(token)]);
  if (!found) {
    return (
      <main className="narrow stack">
        <h1>{t("share.title")}</h1>
        <p className="form-error" role="alert">
          {t("share.revoked")}
        </p>
      </main>
    );
  }
  const { date, variant } = found.scoreboard;
  const about = {
    date: new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: "long", timeZone: "UTC" }).format(
      new Date(`${date}T00:00:00Z`),
    ),
    variant: isVariantId(variant) ? VARIANTS[variant].name : variant,
  };
  return (
    <Words areas={["table", "share", "evening", "offline", "money", "rules"]}>
      <LiveScoreboard token={token} initial={found.scoreboard} about={about} tv={tv} />
    </Words>
  );
}
