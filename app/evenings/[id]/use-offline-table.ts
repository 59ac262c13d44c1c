"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { Choice, QueuedDeal } from "@/lib/offline/outbox";

type Store = typeof import("@/lib/offline/store");
type Sync = typeof import("@/lib/offline/sync");
type Outbox = typeof import("@/lib/offline/outbox");

/** IndexedDB and the sync load with the first use, not with the page: they are not needed to show it. */
let modules: Promise<{ store: Store; sync: Sync; outbox: Outbox }> | null = null;
function load() {
  modules ??= Promise.all([
    import("@/lib/offline/store"),
    import("@/lib/offline/sync"),
    import("@/lib/offline/outbox"),
  ]).then(([store, sync, outbox]) => ({ store, sync, outbox }));
  return modules;
}

/** The state of an evening as the table view shows it, and the version and time it is from. */
export interface EveningData<T> {
  version: number;
  renderedAt: number;
  data: T;
}

/** The connection as the table sees it. */
export type Connection = "online" | "sending" | "offline" | "signIn";

const MAX_BACKOFF_MS = 30_000;

/**
 * The table without a signal: keeps the evening's state on this phone and shows the newer of it and the page's
 * own; keeps deals saved without a signal in the outbox and sends them — at start, when the signal returns, and
 * again with back-off — one tab at a time, in order, each once.
 */
export function useOfflineTable<T>(eveningId: string, fromServer: EveningData<T>, onStored: () => void) {
  const [copy, setCopy] = useState<EveningData<T> | null>(null);
  const [queue, setQueue] = useState<QueuedDeal[]>([]);
  const [connection, setConnection] = useState<Connection>("online");
  const [browserOffline, setBrowserOffline] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const onStoredRef = useRef(onStored);
  useEffect(() => {
    onStoredRef.current = onStored;
  }, [onStored]);

  // The page's state is kept; a kept copy newer than the page (a page served from the worker's cache) is shown.
  useEffect(() => {
    let cancelled = false;
    void load().then(async ({ store }) => {
      await store.saveCopy({ id: eveningId, ...fromServer }).catch(() => undefined);
      const kept = await store.loadCopy<T>(eveningId).catch(() => undefined);
      if (!cancelled && kept) setCopy({ version: kept.version, renderedAt: kept.renderedAt, data: kept.data });
    });
    return () => {
      cancelled = true;
    };
  }, [eveningId, fromServer]);

  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    void load().then(({ store }) => {
      if (!cancelled) stop = store.watchQueue(eveningId, setQueue);
    });
    return () => {
      cancelled = true;
      stop();
    };
  }, [eveningId]);

  // Sending: one run at a time on this phone (Web Locks across tabs), retried with back-off while it fails.
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  const syncAgain = useRef<() => void>(() => {});
  const retry = useRef<{ timer: ReturnType<typeof setTimeout> | null; delay: number }>({ timer: null, delay: 1000 });
  const sync = useCallback((): Promise<void> => {
    if (running.current) {
      again.current = true;
      return running.current;
    }
    const run = async () => {
      const { store, sync: sender } = await load();
      if ((await store.listQueue()).every((d) => d.state !== "waiting")) {
        setConnection(navigator.onLine ? "online" : "offline");
        return;
      }
      setConnection("sending");
      const work = () => sender.syncOutbox(store.queueStore, sender.fetchApi, () => onStoredRef.current());
      const report = navigator.locks ? await navigator.locks.request("protokoll-outbox", work) : await work();
      const state = retry.current;
      if (state.timer) clearTimeout(state.timer);
      state.timer = null;
      if (report.outcome === "done") {
        state.delay = 1000;
        setConnection("online");
        // The server's record may have moved on (another phone's deals, a conflict found): show it.
        onStoredRef.current();
      } else {
        setConnection(report.outcome === "signIn" ? "signIn" : report.outcome === "offline" ? "offline" : "sending");
        if (report.outcome !== "signIn") {
          state.timer = setTimeout(() => syncAgain.current(), state.delay);
          state.delay = Math.min(MAX_BACKOFF_MS, state.delay * 2);
        }
      }
    };
    running.current = run()
      .catch(() => setConnection("offline"))
      .finally(() => {
        running.current = null;
        if (again.current) {
          again.current = false;
          syncAgain.current();
        }
      });
    return running.current;
  }, []);

  useEffect(() => {
    syncAgain.current = () => void sync();
  }, [sync]);

  useEffect(() => {
    const update = () => setBrowserOffline(!navigator.onLine);
    const online = () => {
      update();
      retry.current.delay = 1000;
      void sync();
    };
    update();
    void sync();
    window.addEventListener("online", online);
    window.addEventListener("offline", update);
    const state = retry.current;
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", update);
      if (state.timer) clearTimeout(state.timer);
    };
  }, [sync]);

  /** Whether the server answered the last request: when it answers again, the outbox is sent at once. */
  const unreachableNow = useRef(false);
  const reached = useCallback(
    (ok: boolean) => {
      const was = unreachableNow.current;
      unreachableNow.current = !ok;
      setUnreachable(!ok);
      if (was && ok) {
        retry.current.delay = 1000;
        void sync();
      }
    },
    [sync],
  );

  const enqueue = useCallback(
    async (deal: Omit<QueuedDeal, "seq" | "state" | "queuedAt" | "eveningId">) => {
      const { store } = await load();
      await store.enqueue({ ...deal, eveningId });
      void sync();
    },
    [eveningId, sync],
  );

  /** Changes a deal still in the outbox; it goes back to waiting, to be checked and sent again. */
  const editQueued = useCallback(
    async (seq: number, entries: QueuedDeal["entries"]) => {
      const { store } = await load();
      await store.applyChange({
        remove: [],
        update: [{ seq, changes: { entries, state: "waiting", reason: undefined, theirs: undefined } }],
      });
      void sync();
    },
    [sync],
  );

  const removeQueued = useCallback(
    async (seq: number) => {
      const { store, outbox } = await load();
      await store.applyChange(outbox.removeQueued(await store.listQueue(), seq));
      void sync();
    },
    [sync],
  );

  /** The table's choice on a conflict; returns why it could not be carried out, if it could not. */
  const choose = useCallback(
    async (seq: number, choice: Choice): Promise<string | null> => {
      const { store, sync: s, outbox } = await load();
      const deal = (await store.listQueue()).find((d) => d.seq === seq);
      if (!deal || deal.state !== "conflict") return null;
      if (choice === "mine") {
        const kept = await s.keepMine(store.queueStore, s.fetchApi, deal);
        if (!kept.ok) return "reason" in kept ? kept.reason : null;
        onStoredRef.current();
      } else {
        let serverLength = 0;
        if (choice === "both") {
          const answer = await s.fetchApi.deals(deal.gameId).catch(() => null);
          if (!answer || answer.status !== 200) return null;
          serverLength = (answer.body as { deals: unknown[] }).deals.length;
        }
        const game = (await store.listQueue()).filter((d) => d.gameId === deal.gameId);
        await store.applyChange(outbox.chooseOnConflict(game, seq, choice, serverLength));
        onStoredRef.current();
      }
      void sync();
      return null;
    },
    [sync],
  );

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
      void load().then(({ store }) => store.saveCopy({ id: eveningId, ...next }).catch(() => undefined));
      return true;
    },
    [eveningId],
  );

  /** The version of the state shown, as the next change or poll sees it. */
  const shownVersion = useCallback(() => latest.current.version, []);

  const offline = browserOffline || unreachable || connection === "offline";
  return {
    shown,
    /** When the state shown is from, if this phone has no signal now. */
    copyFrom: offline ? shown.renderedAt : null,
    queue,
    connection: offline && connection !== "signIn" ? ("offline" as const) : connection,
    enqueue,
    editQueued,
    removeQueued,
    choose,
    reached,
    apply,
    shownVersion,
  };
}
