"use client";

import { useCallback, useEffect, useSyncExternalStore } from "react";

const KEY = "protokoll.keepAwake";
const listeners = new Set<() => void>();
const noChange = () => () => undefined;

/** Whether this phone keeps its screen on at the table: on unless switched off here (remembered on the phone). */
function useKeepAwakeChoice(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => localStorage.getItem(KEY) !== "off",
    // Not known before the page runs: nothing is asked for until the phone's own choice is read.
    () => false,
  );
  const set = useCallback((next: boolean) => {
    localStorage.setItem(KEY, next ? "on" : "off");
    for (const listener of listeners) listener();
  }, []);
  return [on, set];
}

/**
 * Keeps the phone's screen on while the game is in play (Screen Wake Lock API), as a slate on the table is always
 * readable: asked for while `inPlay` and the page is shown, given back when the page is hidden (the browser does it
 * then anyway), when the game or evening ends or when switched off, asked for again when the page is shown again.
 * Where the API is missing (or refuses, e.g. on low battery) nothing happens and the switch is not offered.
 */
export function useWakeLock(inPlay: boolean) {
  const [on, setOn] = useKeepAwakeChoice();
  const supported = useSyncExternalStore(
    noChange,
    () => "wakeLock" in navigator,
    () => false,
  );

  useEffect(() => {
    if (!inPlay || !on || !("wakeLock" in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (document.visibilityState !== "visible" || (lock && !lock.released)) return;
      try {
        const next = await navigator.wakeLock.request("screen");
        if (stopped) await next.release();
        else lock = next;
      } catch {
        // Refused (battery saver, no user activation yet): the screen simply behaves as usual.
      }
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") void acquire();
      else if (lock && !lock.released) void lock.release().catch(() => undefined);
    };
    void acquire();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", onVisibility);
      if (lock && !lock.released) void lock.release().catch(() => undefined);
    };
  }, [inPlay, on]);

  return { supported, on, setOn };
}
