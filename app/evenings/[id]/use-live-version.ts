"use client";

import { useRouter } from "next/navigation";
import { useEffect, useRef } from "react";

/** Reloads the page's data when another phone changes the evening (its version moves on). */
export function useLiveVersion(eveningId: string, version: number, intervalMs = 2_000): void {
  const router = useRouter();
  const known = useRef(version);
  useEffect(() => {
    known.current = version;
  }, [version]);
  useEffect(() => {
    let stopped = false;
    const tick = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch(`/api/evenings/${eveningId}/version`, { cache: "no-store" });
        if (!response.ok || stopped) return;
        const { version: latest } = (await response.json()) as { version: number };
        if (latest !== known.current) {
          known.current = latest;
          router.refresh();
        }
      } catch {
        // offline for a moment: the next tick tries again
      }
    };
    const timer = setInterval(tick, intervalMs);
    document.addEventListener("visibilitychange", tick);
    return () => {
      stopped = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", tick);
    };
  }, [eveningId, intervalMs, router]);
}
