"use client";

import { useEffect } from "react";
import { ERROR_PAGE_WORDS } from "@/lib/i18n/error-pages";
import { isLocale } from "@/lib/i18n/format";
import { ErrorMessage } from "./_components/error-message";

/** Something failed on our side while showing a page: nothing was saved, the user can try again. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  // The root layout sets the page's language from the same cookie the server reads.
  const lang = typeof document === "undefined" ? "en" : document.documentElement.lang;
  const words = ERROR_PAGE_WORDS[isLocale(lang) ? lang : "en"];
  return (
    <ErrorMessage
      words={words}
      digest={error.digest}
      reset={reset}
      away={{ href: "/evenings", label: words["errors.toEvenings"] }}
    />
  );
}
