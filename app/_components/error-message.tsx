"use client";

import { ERROR_PAGE_WORDS } from "@/lib/i18n/error-pages";
import { isLocale } from "@/lib/i18n/format";

/**
 * What the error pages say: nothing was saved, try again, or go elsewhere — in the first of `languages` the app
 * speaks (else English). Loaded only when an error is shown (app/error.tsx, app/global-error.tsx): every page carries
 * the error pages, and their words need not travel with each one.
 */
export default function ErrorMessage({
  languages,
  digest,
  reset,
  away,
}: {
  languages: string[];
  digest?: string;
  reset: () => void;
  /** Where the second button leads: the account's evenings, or the home page when the whole app failed. */
  away: "evenings" | "home";
}) {
  const words = ERROR_PAGE_WORDS[languages.find(isLocale) ?? "en"];
  const [href, label] = away === "evenings" ? ["/evenings", words["errors.toEvenings"]] : ["/", words["errors.home"]];
  return (
    <main className="narrow stack" data-testid="error-page">
      <h1>{words["errors.title"]}</h1>
      <p>{words["errors.body"]}</p>
      {digest ? <p className="muted">{`${words["errors.reference"]}: ${digest}`}</p> : null}
      <p className="actions">
        <button type="button" className="button primary" onClick={reset}>
          {words["errors.retry"]}
        </button>
        {/* A page load of its own, not the router's: after an error, the app starts again from the server. */}
        <a href={href} className="button">
          {label}
        </a>
      </p>
    </main>
  );
}
