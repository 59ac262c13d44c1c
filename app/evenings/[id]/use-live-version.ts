"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * Reloads the page's data when another phone changes the evening (its version moves on). Tells `onReach`
 * whether the server answered: a phone on a network without internet still says it is online.
 */
export function useLiveVersion(
  eveningId: string,
  version: number,
  onReach: (reached: boolean) => void = () => {},
  intervalMs = 2_000,
): void {
  const router = useRouter();
  const known = useRef(version);
  const reach = useRef(onReach);
  useEffect(() => {
    reach.current = onReach;
  }, [onReach]);
  useEffect(() => {
    known.current = version;
  }, [version]);
  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch(`/api/evenings/${eveningId}/version`, { cache: "no-store" });
        if (stopped) return;
        reach.current(true);
        if (!response.ok) return;
        const { version: latest } = (await response.json()) as { version: number };
        if (latest !== known.current) {
          known.current = latest;
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
