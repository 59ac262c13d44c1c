"use client";

import { useEffect } from "react";
import Link from "next/link";
import { DICTIONARIES, isLocale } from "@/lib/i18n/dictionaries";

/** Something failed on our side while showing a page: nothing was saved, the user can try again. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  // The root layout sets the page's language from the same cookie the server reads.
  const lang = typeof document === "undefined" ? "en" : document.documentElement.lang;
  const dict = DICTIONARIES[isLocale(lang) ? lang : "en"];
  return (
    <main className="narrow stack" data-testid="error-page">
      <h1>{dict["errors.title"]}</h1>
      <p>{dict["errors.body"]}</p>
      {error.digest ? <p className="muted">{`${dict["errors.reference"]}: ${error.digest}`}</p> : null}
      <p className="actions">
        <button type="button" className="button primary" onClick={reset}>
          {dict["errors.retry"]}
        </button>
        <Link href="/evenings" className="button">
          {dict["errors.toEvenings"]}
        </Link>
      </p>
    </main>
  );
}
