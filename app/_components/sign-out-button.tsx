"use client";

import { useRef } from "react";
import { usePhone } from "./phone";

/**
 * Signs out after forgetting what this phone kept of the account's evenings to show them without a signal (the
 * pages in the service worker's cache, the evenings' last state). Deals still waiting to be sent stay: they are
 * sent after that account's next sign-in. Without a signal the phone signs out on its own and tells the server
 * first thing when the signal returns.
 */
export function SignOutButton({ label }: { label: string }) {
  const ref = useRef<HTMLButtonElement>(null);
  const phone = usePhone();
  return (
    <button
      ref={ref}
      type="submit"
      className="button small"
      onClick={(event) => {
        event.preventDefault();
        void phone.signOut(ref.current?.form ?? null);
      }}
    >
      {label}
    </button>
  );
}
