"use client";

import Link from "next/link";
import type { Dictionary } from "@/lib/i18n/dictionaries";

/** What the error pages say: nothing was saved, try again, or go elsewhere. */
export function ErrorMessage({
  dict,
  digest,
  reset,
  away,
}: {
  dict: Dictionary;
  digest?: string;
  reset: () => void;
  away: { href: string; label: string };
}) {
  return (
    <main className="narrow stack" data-testid="error-page">
      <h1>{dict["errors.title"]}</h1>
      <p>{dict["errors.body"]}</p>
      {digest ? <p className="muted">{`${dict["errors.reference"]}: ${digest}`}</p> : null}
      <p className="actions">
        <button type="button" className="button primary" onClick={reset}>
          {dict["errors.retry"]}
        </button>
        <Link href={away.href} className="button">
          {away.label}
        </Link>
      </p>
    </main>
  );
}
