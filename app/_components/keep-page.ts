"use client";

import { KEEP_PAGE } from "@/lib/offline/keep";

/**
 * Keeps a page for a reload without a signal, as a full load would (lib/offline/keep.ts): the service worker
 * keeps a page reached inside the app as it is asked for; this covers the pages it did not see (the first ones
 * after installing, before it controls the page). The worker fetches and keeps it, off the page's thread (the
 * page is fetched again, and writing it to the cache would hold up the page as it opens) — once it is active.
 */
export function keepPage(path: string): void {
  if (typeof caches === "undefined" || !navigator.onLine || !("serviceWorker" in navigator)) return;
  void navigator.serviceWorker.ready.then((registration) =>
    registration.active?.postMessage({ type: KEEP_PAGE, path }),
  );
}
