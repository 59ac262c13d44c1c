"use client";

import { useRouter } from "next/navigation";
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import {
  actingAccount,
  afterPage,
  afterSignOutTold,
  readAccountRecord,
  writeAccountRecord,
  type AccountRecord,
  type PhoneAccount,
} from "@/lib/offline/phone-account";
import { SEND_DEADLINE_MS, serverAnswers } from "@/lib/offline/api";
import { PAGES_CACHE } from "@/lib/offline/keep";
import type { Connection } from "@/lib/offline/sync-loop";
import type { Applied } from "@/lib/offline/sync";
import { forgetDrafts } from "@/lib/offline/drafts";
import { counted, lossSeen as seen, markStorage, readMark, writeMark, type Count } from "@/lib/offline/log-mark";
import { idle, nextTask } from "./when-idle";

type Store = typeof import("@/lib/offline/store");
type Sync = typeof import("@/lib/offline/sync");
type Api = typeof import("@/lib/offline/api");
type Loop = typeof import("@/lib/offline/sync-loop");

/**
 * IndexedDB, the sync and its loop load once the page is up and the browser has a moment: they are not needed to
 * show it, and opening the database would otherwise hold up the page's first seconds.
 */
let modules: Promise<{ store: Store; sync: Sync; api: Api; loop: Loop }> | null = null;
export function loadOffline() {
  modules ??= idle().then(() =>
    Promise.all([
      import("@/lib/offline/store"),
      import("@/lib/offline/sync"),
      import("@/lib/offline/api"),
      import("@/lib/offline/sync-loop"),
    ])
      // The database opens in a task of its own, not in the one that ran the modules.
      .then(async ([store, sync, api, loop]) => {
        await nextTask();
        return { store, sync, api, loop };
      }),
  );
  return modules;
}

export interface Phone {
  /** The account this phone acts for: deals are entered, kept, shown and sent as this account's. */
  account: PhoneAccount | null;
  /** The sync's view of the connection, with "offline" also when the browser or the last request said so. */
  connection: Connection;
  /** Whether the server could not be reached lately (the browser is offline, or the last request failed). */
  offline: boolean;
  /** Deals other accounts left waiting on this phone (never sent, shown or changed by this one). */
  foreign: number;
  /**
   * Changes of this account that waited on this phone in a log the browser cleared (lib/offline/log-mark.ts): how
   * many, and when the phone last counted them; null when none were lost.
   */
  lost: Count | null;
  /** The table has read that changes were lost. */
  lossSeen(): void;
  /** Sends the outbox now. */
  sync(): void;
  /** Whether the server answered the last request of the page; when it answers again, the outbox is sent. */
  reached(ok: boolean): void;
  /** Told after a sync run that sent the outbox, so a page can show what the server holds now. Returns the unsubscribe. */
  onSynced(listener: () => void): () => void;
  /** Told of each change of the log the server took, before it leaves the log (lib/offline/sync.ts `Applied`). */
  onApplied(listener: Applied): () => void;
  /** Signs out on this phone: with a signal at once, without one locally, the server told when it returns. */
  signOut(form: HTMLFormElement | null): Promise<void>;
}

const PhoneContext = createContext<Phone | null>(null);

export function usePhone(): Phone {
  const phone = useContext(PhoneContext);
  if (!phone) throw new Error("usePhone needs the layout's PhoneProvider");
  return phone;
}

/** The phone's account record (localStorage) as an external store: every tab follows a change in another. */
const recordListeners = new Set<() => void>();
let recordNow: AccountRecord | null = null;
function accountSnapshot(): AccountRecord {
  recordNow ??= readAccountRecord(localStorage);
  return recordNow;
}
function subscribeAccount(listener: () => void): () => void {
  const storage = () => {
    recordNow = readAccountRecord(localStorage);
    listener();
  };
  recordListeners.add(listener);
  window.addEventListener("storage", storage);
  return () => {
    recordListeners.delete(listener);
    window.removeEventListener("storage", storage);
  };
}
function setAccountRecord(record: AccountRecord): void {
  writeAccountRecord(localStorage, record);
  recordNow = record;
  for (const listener of recordListeners) listener();
}

function sameAccount(a: PhoneAccount | null, b: PhoneAccount | null): boolean {
  return a === b || (a !== null && b !== null && a.id === b.id && a.name === b.name);
}

/** The server-side sign-out by Auth.js's own routes (a cached build's server action ids may be gone). */
async function signOutOnServer(): Promise<boolean> {
  try {
    const signal = AbortSignal.timeout(SEND_DEADLINE_MS * 2);
    const csrf = (await (await fetch("/api/auth/csrf", { cache: "no-store", signal })).json()) as { csrfToken: string };
    const response = await fetch("/api/auth/signout", {
      method: "POST",
      cache: "no-store",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: new URLSearchParams({ csrfToken: csrf.csrfToken, callbackUrl: "/" }),
      signal,
    });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Forgets what the phone kept of `account`'s evenings for showing them without a signal, and the deal form's kept
 * taps; its outbox stays.
 */
async function forgetKept(account: string | null): Promise<void> {
  forgetDrafts(sessionStorage);
  await Promise.all([
    typeof caches === "undefined" ? null : caches.delete(PAGES_CACHE).catch(() => false),
    account ? loadOffline().then(({ store }) => store.forgetCopies(account)) : null,
  ]).catch(() => undefined);
}

/**
 * The phone counts its log as it changes (every tab's changes), and says what a log the browser cleared held
 * (lib/offline/log-mark.ts) until the table has read it.
 */
/** Where the phone keeps its mark of the log: localStorage, and a copy in a cookie. */
const markStore = () =>
  markStorage(
    localStorage,
    { read: () => document.cookie, write: (cookie) => (document.cookie = cookie) },
    location.protocol === "https:",
  );

function useLostChanges(accountId: string | null): { lost: Count | null; lossSeen(): void } {
  const [lost, setLost] = useState<Count | null>(null);
  useEffect(() => {
    if (!accountId) return;
    let stopped = false;
    let stop = () => {};
    void loadOffline().then(({ store }) => {
      if (stopped) return;
      const count = async (waiting: number) => {
        const marks = markStore();
        const mark = counted(readMark(marks), await store.logGeneration(), accountId, waiting, Date.now());
        writeMark(marks, mark);
        if (!stopped) setLost(mark.lost[accountId] ?? null);
      };
      const watch = () => store.watchLog(accountId, (log) => void count(log.length).catch(() => undefined));
      let unwatch = watch();
      // Closed under the app: the log is read again from the database as it is now.
      const stopReset = store.onReset(() => {
        unwatch();
        unwatch = watch();
      });
      stop = () => {
        stopReset();
        unwatch();
      };
    });
    return () => {
      stopped = true;
      stop();
      setLost(null);
    };
  }, [accountId]);
  const lossSeen = useCallback(() => {
    if (accountId) writeMark(markStore(), seen(readMark(markStore()), accountId));
    setLost(null);
  }, [accountId]);
  return { lost, lossSeen };
}

/** A sign-out made without a signal goes to the server before anything else, as soon as it can be reached. */
function usePendingSignOut(pending: boolean) {
  const router = useRouter();
  useEffect(() => {
    if (!pending) return;
    let done = false;
    const tell = async () => {
      if (done || !(await signOutOnServer())) return;
      done = true;
      setAccountRecord(afterSignOutTold(accountSnapshot()));
      router.replace("/");
      router.refresh();
    };
    void tell();
    window.addEventListener("online", tell);
    const timer = setInterval(tell, 5_000);
    return () => {
      window.removeEventListener("online", tell);
      clearInterval(timer);
    };
  }, [pending, router]);
}

/**
 * The phone's side of the app, on every page: which account it acts for, and the outbox's sync — at start,
 * whatever page the app opens on, when the signal returns, and with back-off (lib/offline/sync-loop.ts) — one
 * tab at a time (Web Locks), only ever with the session of the account that entered the deals.
 */
export function PhoneProvider({
  account: pageAccount,
  renderedAt,
  children,
}: {
  account: PhoneAccount | null;
  renderedAt: number;
  children: ReactNode;
}) {
  // Null on the server and while hydrating: the page's own word until the phone's record is read.
  const record = useSyncExternalStore(subscribeAccount, accountSnapshot, () => null);
  const [connection, setConnection] = useState<Connection>("online");
  const [browserOffline, setBrowserOffline] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const [foreign, setForeign] = useState(0);
  const listeners = useRef(new Set<() => void>());
  const appliedListeners = useRef(new Set<Applied>());
  /** Whether the last request of the page or the sync got no answer. */
  const wasUnreachable = useRef(false);

  // What this page says of the account, unless the phone knows newer; an account change drops the kept pages. Said
  // again when the phone's record was emptied under the page (the browser cleared the site's storage): it knows
  // nothing newer than this page then.
  const emptied = record !== null && record.seenAt === 0 && !record.account && !record.signOutPending;
  useEffect(() => {
    const known = accountSnapshot();
    const { record: next, changed } = afterPage(known, pageAccount, renderedAt);
    if (next !== known) setAccountRecord(next);
    if (changed) void forgetKept(null);
    // A page rendered for a signed-in account: its evenings are kept again, after a sign-out on this page.
    const signedIn = actingAccount(next)?.id;
    if (changed && signedIn) void loadOffline().then(({ store }) => store.keepCopies(signedIn));
  }, [pageAccount, renderedAt, emptied]);

  // The same account as the page's keeps the page's object: a new one would change the phone for every part of the
  // page as it hydrates, and make React hydrate the parts it defers (app/_components/hydrate-later.tsx) at once.
  const acting = record ? actingAccount(record) : pageAccount;
  const account = sameAccount(acting, pageAccount) ? pageAccount : acting;
  const accountId = account?.id ?? null;
  const pendingSignOut = record?.signOutPending ?? false;

  const loop = useRef<InstanceType<Loop["SyncLoop"]> | null>(null);
  useEffect(() => {
    if (!accountId) return;
    let stopped = false;
    let stopReset = () => {};
    void loadOffline().then(async ({ store, sync, api, loop: loops }) => {
      if (stopped) return;
      // Deals queued by a build that did not record accounts are this account's (decision 010).
      await store.adoptUnowned(accountId).catch(() => 0);
      if (stopped) return; // another account meanwhile: its own run starts the loop
      void navigator.storage
        ?.persisted?.()
        .then((kept) => kept || navigator.storage.persist?.())
        .catch(() => false);
      // The database closed under the app (the browser cleared it): what waits now is sent as ever.
      stopReset = store.onReset(() => void loop.current?.kick());
      if (stopped) return stopReset();
      const told: Applied = (...change) => {
        for (const listener of appliedListeners.current) listener(...change);
      };
      const work = () => sync.syncOutbox(store.queueStore(accountId), api.fetchApi, accountId, told);
      loop.current = new loops.SyncLoop({
        run: async () => {
          if (!(await store.listQueue(accountId)).some((d) => d.state === "waiting")) return "idle";
          const report = navigator.locks ? await navigator.locks.request("protokoll-outbox", work) : await work();
          return report.outcome;
        },
        onConnection: setConnection,
        onRun: (outcome) => {
          // The server's record may have moved on (deals stored, another phone's, a conflict found): show it. Not
          // after a run that could not reach the server or needs a sign-in — the page would be lost to a redirect.
          if (outcome === "done") for (const listener of listeners.current) listener();
          // The server answered the sync: whatever an earlier poll found, there is a signal now.
          if (outcome === "done" || outcome === "signIn") {
            wasUnreachable.current = false;
            setUnreachable(false);
          }
          void store.countForeign(accountId).then(setForeign, () => undefined);
        },
      });
      void loop.current.kick();
    });
    return () => {
      stopped = true;
      stopReset();
      loop.current?.stop();
      loop.current = null;
    };
  }, [accountId]);

  usePendingSignOut(pendingSignOut);

  useEffect(() => {
    const update = () => setBrowserOffline(!navigator.onLine);
    const online = () => {
      update();
      void loop.current?.signalBack();
    };
    update();
    window.addEventListener("online", online);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", online);
      window.removeEventListener("offline", update);
    };
  }, []);

  const reached = useCallback((ok: boolean) => {
    const was = wasUnreachable.current;
    wasUnreachable.current = !ok;
    setUnreachable(!ok);
    if (was && ok) void loop.current?.signalBack();
  }, []);

  const sync = useCallback(() => void loop.current?.kick(), []);
  const { lost, lossSeen } = useLostChanges(accountId);
  const onSynced = useCallback((listener: () => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const onApplied = useCallback((listener: Applied) => {
    appliedListeners.current.add(listener);
    return () => void appliedListeners.current.delete(listener);
  }, []);

  const signOut = useCallback(
    async (form: HTMLFormElement | null) => {
      await forgetKept(accountId);
      if (form && (await serverAnswers())) {
        // The page the sign-out lands on says nobody is signed in: the phone follows it from there.
        form.requestSubmit();
        return;
      }
      // No signal: signed out here now; the server hears it first thing when the signal returns.
      setAccountRecord({ ...accountSnapshot(), signOutPending: true });
    },
    [accountId],
  );

  const offline = browserOffline || unreachable || connection === "offline";
  const phone = useMemo<Phone>(
    () => ({
      account,
      connection: offline && connection !== "signIn" ? "offline" : connection,
      offline,
      foreign,
      lost,
      lossSeen,
      sync,
      reached,
      onSynced,
      onApplied,
      signOut,
    }),
    [account, connection, offline, foreign, lost, lossSeen, sync, reached, onSynced, onApplied, signOut],
  );
  return <PhoneContext value={phone}>{children}</PhoneContext>;
}
