"use client";

import { useEffect, useState } from "react";
import type { QueuedDeal } from "@/lib/offline/outbox";
import { useI18n } from "@/lib/i18n/client";
import { loadOffline, usePhone } from "./phone";

/**
 * On a page of an evening the server no longer shows this account (it was deleted, or the account was removed from
 * it): the changes of that evening still waiting on this phone, said plainly — they can never be sent now — with a
 * way to let them go. Without it the table would see only "not found" and never learn what it entered is lost.
 */
export function StrandedChanges() {
  const { dict, t } = useI18n();
  const { account } = usePhone();
  const [stranded, setStranded] = useState<QueuedDeal[]>([]);
  const accountId = account?.id ?? null;
  const eveningId = typeof window === "undefined" ? null : /^\/evenings\/([^/]+)$/.exec(location.pathname)?.[1];

  useEffect(() => {
    if (!accountId || !eveningId) return;
    let cancelled = false;
    void loadOffline()
      .then(({ store }) => store.listQueue(accountId, decodeURIComponent(eveningId)))
      .then((queue) => !cancelled && setStranded(queue))
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [accountId, eveningId]);

  if (!stranded.length) return null;
  const letGo = async () => {
    const { store } = await loadOffline();
    await store.applyChange({ remove: stranded.map((d) => d.seq!), update: [] });
    setStranded([]);
  };
  return (
    <section className="card stack" role="alert" data-testid="stranded">
      <p>{t(stranded.length === 1 ? "offline.strandedOne" : "offline.stranded", { n: stranded.length })}</p>
      <p className="muted">{dict["offline.strandedWhy"]}</p>
      <p className="actions">
        <button type="button" className="button" onClick={() => void letGo()}>
          {dict["offline.strandedDelete"]}
        </button>
      </p>
    </section>
  );
}
