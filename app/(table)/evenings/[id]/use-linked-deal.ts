"use client";

import { useEffect, useSyncExternalStore } from "react";

const subscribe = (changed: () => void) => {
  window.addEventListener("hashchange", changed);
  return () => window.removeEventListener("hashchange", changed);
};

/**
 * Where the page's address points in its protokoll — `#game-N` or `#game-N-deal-M`, as a group's records link a
 * record to where it was set — or null (and on the server, which does not see the fragment).
 */
export function useLinkedPlace(): { game: number; deal: number | null; id: string } | null {
  const hash = useSyncExternalStore(
    subscribe,
    () => window.location.hash,
    () => "",
  );
  const place = /^#(game-(\d+)(?:-deal-(\d+))?)$/.exec(hash);
  return place ? { id: place[1]!, game: Number(place[2]), deal: place[3] ? Number(place[3]) : null } : null;
}

/** Brings the linked place into view once it is on the page (after a folded part is unfolded for it). */
export function useScrollToPlace(id: string | null): void {
  useEffect(() => {
    if (!id) return;
    const frame = requestAnimationFrame(() => document.getElementById(id)?.scrollIntoView({ block: "center" }));
    return () => cancelAnimationFrame(frame);
  }, [id]);
}
