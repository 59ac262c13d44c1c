"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";
import { SEND_DEADLINE_MS } from "@/lib/offline/api";

/**
 * Reloads the page's data when another phone changes the evening: the server's version is newer than the one
 * shown. `shownVersion` is null while a change of this phone is on its way — its answer shows it, so the poll waits.
 * Tells `onReach` whether the server answered: a phone on a network without internet still says it is online.
 */
export function useLiveVersion(
  eveningId: string,
  shownVersion: () => number | null,
  onReach: (reached: boolean) => void = () => {},
  intervalMs = 2_000,
): void {
  const router = useRouter();
  const known = useRef(shownVersion);
  const reach = useRef(onReach);
  useEffect(() => {
    reach.current = onReach;
    known.current = shownVersion;
  }, [onReach, shownVersion]);
  useEffect(() => {
    let stopped = false;
    /** The version last asked for: the page is not asked again for it while its answer is on its way. */
    let asked: number | null = null;
    const tick = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        // A poll the network does not answer in time counts as no signal, like a deal's send.
        const response = await fetch(`/api/evenings/${eveningId}/version`, {
          cache: "no-store",
          signal: AbortSignal.timeout(SEND_DEADLINE_MS),
        });
        if (stopped) return;
        reach.current(true);
        if (!response.ok) return;
        const { version: latest } = (await response.json()) as { version: number };
        const shown = known.current();
        // Only a newer version is news: an answer read just before this phone's own change lands is older.
        if (shown !== null && latest > shown && latest !== asked) {
          asked = latest;
          router.refresh();
        }
      } catch {
        // No signal: the next tick tries again.
        if (!stopped) reach.current(false);
      }
    };
    void tick();
    const timer = setInterval(tick, intervalMs);
    document.addEventListener("visibilitychange", tick);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [eveningId, intervalMs, router]);
}
