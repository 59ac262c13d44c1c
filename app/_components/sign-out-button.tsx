"use client";

import { useRef } from "react";

/**
 * Signs out after forgetting what this phone kept of the account's evenings to show them without a signal (the
 * pages in the service worker's cache, the evenings' last state). Deals still waiting to be sent stay: they are
 * sent after the next sign-in.
 */
export function SignOutButton({ label }: { label: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  return (
    <button
      ref={ref}
      type="submit"
      className="button small"
      onClick={(event) => {
        // requestSubmit below sends the form without another click.
        event.preventDefault();
        const forget = Promise.all([
          typeof caches === "undefined" ? null : caches.delete("pages"),
          import("@/lib/offline/store").then((store) => store.forgetEvenings()),
        ]);
        void forget.catch(() => undefined).finally(() => ref.current?.form?.requestSubmit(ref.current));
      }}
    >
      {label}
    </button>
  );
}
