"use client";

import { useEffect, useState } from "react";
import { useI18n } from "@/lib/i18n/client";
import { keepPage } from "./keep-page";
import { loadOffline, usePhone } from "./phone";

/**
 * The evenings this phone holds for its account, each opening without a signal: shown on the list of evenings
 * (and on the offline page) when there is no signal. With a signal it keeps the list page itself for later.
 */
export function KeptEvenings({
  always = false,
  keep,
}: {
  /** Shown with a signal too (the offline page). */
  always?: boolean;
  /** The page to keep for a reload without a signal, when it was reached by tapping inside the app. */
  keep?: string;
}) {
  const { dict } = useI18n();
  const { account, offline } = usePhone();
  const [kept, setKept] = useState<{ id: string; title: string; renderedAt: number }[] | null>(null);
  const accountId = account?.id ?? null;

  useEffect(() => {
    if (keep && accountId) keepPage(keep);
  }, [keep, accountId]);

  useEffect(() => {
    if (!accountId || (!offline && !always)) return;
    let cancelled = false;
    void loadOffline()
      .then(({ store }) => store.listCopies(accountId))
      .then((copies) => !cancelled && setKept(copies))
      .catch(() => !cancelled && setKept([]));
    return () => {
      cancelled = true;
    };
  }, [accountId, offline, always]);

  if (!accountId || (!offline && !always) || kept === null) return null;
  return (
    <section className="card stack" data-testid="kept-evenings" aria-labelledby="kept-evenings">
      <h2 id="kept-evenings">{dict["offline.keptTitle"]}</h2>
      <p className="muted">{dict["offline.keptHint"]}</p>
      {kept.length ? (
        <ul>
          {kept.map((e) => (
            <li key={e.id}>
              {/* A full load: the service worker serves the kept page; the app's own navigation would ask the server. */}
              <a href={`/evenings/${e.id}`}>{e.title}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">{dict["offline.keptNone"]}</p>
      )}
    </section>
  );
}
