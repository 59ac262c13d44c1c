"use client";

import { lazy, Suspense } from "react";
import { isLocale } from "@/lib/i18n/format";
import "./globals.css";

const ErrorMessage = lazy(() => import("./_components/error-message"));

/** The root layout itself failed: a page of its own, in the app's look and the visitor's language. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const cookie = typeof document === "undefined" ? "" : (/(?:^|; )lang=(\w+)/.exec(document.cookie)?.[1] ?? "");
  const browser = typeof navigator === "undefined" ? "" : navigator.language.slice(0, 2);
  const lang = [cookie, browser].find(isLocale) ?? "en";
  return (
    <html lang={lang}>
      <body>
        <Suspense fallback={null}>
          <ErrorMessage languages={[lang]} digest={error.digest} reset={reset} away="home" />
        </Suspense>
      </body>
    </html>
  );
}
