"use client";

import { ERROR_PAGE_WORDS } from "@/lib/i18n/error-pages";
import { isLocale } from "@/lib/i18n/format";
import { ErrorMessage } from "./_components/error-message";
import "./globals.css";

/** The root layout itself failed: a page of its own, in the app's look and the visitor's language. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const cookie = typeof document === "undefined" ? "" : (/(?:^|; )lang=(\w+)/.exec(document.cookie)?.[1] ?? "");
  const browser = typeof navigator === "undefined" ? "" : navigator.language.slice(0, 2);
  const locale = isLocale(cookie) ? cookie : isLocale(browser) ? browser : "en";
  const words = ERROR_PAGE_WORDS[locale];
  return (
    <html lang={locale}>
      <body>
        <ErrorMessage
          words={words}
          digest={error.digest}
          reset={reset}
          away={{ href: "/", label: words["errors.home"] }}
        />
      </body>
    </html>
  );
}
