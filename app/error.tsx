"use client";

import { useEffect } from "react";
import { DICTIONARIES, isLocale } from "@/lib/i18n/dictionaries";
import { ErrorMessage } from "./_components/error-message";

/** Something failed on our side while showing a page: nothing was saved, the user can try again. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  // The root layout sets the page's language from the same cookie the server reads.
  const lang = typeof document === "undefined" ? "en" : document.documentElement.lang;
  const dict = DICTIONARIES[isLocale(lang) ? lang : "en"];
  return (
    <ErrorMessage
      dict={dict}
      digest={error.digest}
      reset={reset}
      away={{ href: "/evenings", label: dict["errors.toEvenings"] }}
    />
  );
}
