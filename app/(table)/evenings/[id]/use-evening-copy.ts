"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { loadOffline } from "@/app/_components/phone";
import { keepPage } from "@/app/_components/keep-page";

/** The state of an evening as the table view shows it, and the version and time it is from. */
export interface EveningData<T> {
  version: number;
  renderedAt: number;
  data: T;
}

/**
 * The phone's copy of an evening, for `account`: the page's state is kept (and the page itself, however it was
 * reached, so a reload without a signal opens it); a kept copy newer than the page (a page served from the
 * worker's cache) is shown instead. `apply` shows a change this phone made at once and keeps it.
 */
export function useEveningCopy<T>(
  account: string | null,
  eveningId: string,
  title: string,
  fromServer: EveningData<T>,
) {
  const [copy, setCopy] = useState<EveningData<T> | null>(null);
  /** Whether the kept copy was weighed against the page's state (for `account` and the evening): shown if newer. */
  const [checked, setChecked] = useState<string | null>(null);

  useEffect(() => {
    if (!account) return;
    let cancelled = false;
    const done = () => !cancelled && setChecked(`${account}\n${eveningId}`);
    void loadOffline().then(async ({ store }) => {
      // A kept copy newer than the page (a page served from the worker's cache) is shown instead.
      const kept = await store.saveCopy({ account, id: eveningId, title, ...fromServer }).catch(() => undefined);
      if (!cancelled && kept) setCopy({ version: kept.version, renderedAt: kept.renderedAt, data: kept.data });
      done();
    }, done);
    return () => {
      cancelled = true;
    };
  }, [account, eveningId, title, fromServer]);

  useEffect(() => {
    if (account) keepPage(`/evenings/${eveningId}`);
  }, [account, eveningId]);

  const shown = copy && copy.version > fromServer.version ? copy : fromServer;
  // The state shown, as the next change sees it even before the page renders it (two changes in one render).
  const latest = useRef(shown);
  useEffect(() => {
    latest.current = shown;
  }, [shown]);

  /**
   * A change this phone made, which the server took as `version`: shown and kept at once when it is exactly the
   * next version of the state shown. Returns false when it is not (another phone changed the evening too, or
   * `change` cannot show it): the caller reloads the page instead.
   */
  const apply = useCallback(
    (version: number | undefined, change: (data: T) => T | null): boolean => {
      const current = latest.current;
      if (version !== current.version + 1) return false;
      const data = change(current.data);
      if (!data) return false;
      const next: EveningData<T> = { version, renderedAt: Date.now(), data };
      latest.current = next;
      setCopy(next);
      if (account)
        void loadOffline().then(({ store }) =>
          store.saveCopy({ account, id: eveningId, title, ...next }).catch(() => undefined),
        );
      return true;
    },
    [account, eveningId, title],
  );

  /** The version of the state shown, as the next change or poll sees it. */
  const shownVersion = useCallback(() => latest.current.version, []);

  return { shown, apply, shownVersion, checked: !account || checked === `${account}\n${eveningId}` };
}
