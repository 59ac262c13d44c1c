"use client";

import { lazy, Suspense, useEffect } from "react";

const ErrorMessage = lazy(() => import("./_components/error-message"));

/** Something failed on our side while showing a page: nothing was saved, the user can try again. */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => console.error(error), [error]);
  // The root layout sets the page's language from the same cookie the server reads.
  const lang = typeof document === "undefined" ? "en" : document.documentElement.lang;
  return (
    <Suspense fallback={null}>
      <ErrorMessage languages={[lang]} digest={error.digest} reset={reset} away="evenings" />
    </Suspense>
  );
}
