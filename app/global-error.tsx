"use client";

import Link from "next/link";
import { DICTIONARIES, isLocale } from "@/lib/i18n/dictionaries";
import "./globals.css";

/** The root layout itself failed: a page of its own, in the app's look and the visitor's language. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const cookie = typeof document === "undefined" ? "" : (/(?:^|; )lang=(\w+)/.exec(document.cookie)?.[1] ?? "");
  const browser = typeof navigator === "undefined" ? "" : navigator.language.slice(0, 2);
  const locale = isLocale(cookie) ? cookie : isLocale(browser) ? browser : "en";
  const dict = DICTIONARIES[locale];
  return (
    <html lang={locale}>
      <body>
        <main className="narrow stack" data-testid="error-page">
          <h1>{dict["errors.title"]}</h1>
          <p>{dict["errors.body"]}</p>
          {error.digest ? <p className="muted">{`${dict["errors.reference"]}: ${error.digest}`}</p> : null}
          <p className="actions">
            <button type="button" className="button primary" onClick={reset}>
              {dict["errors.retry"]}
            </button>
            <Link href="/" className="button">
              {dict["errors.home"]}
            </Link>
          </p>
        </main>
      </body>
    </html>
  );
}
