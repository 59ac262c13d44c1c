"use client";

import type { ERROR_PAGE_WORDS } from "@/lib/i18n/error-pages";

type Words = (typeof ERROR_PAGE_WORDS)["en" | "sv"];

/** What the error pages say: nothing was saved, try again, or go elsewhere. */
export function ErrorMessage({
  words,
  digest,
  reset,
  away,
}: {
  words: Words;
  digest?: string;
  reset: () => void;
  away: { href: string; label: string };
}) {
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
        <a href={away.href} className="button">
          {away.label}
        </a>
      </p>
    </main>
  );
}
