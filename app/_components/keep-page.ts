"use client";

import { keepDocument } from "@/lib/offline/keep";

/**
 * Keeps a page for a reload without a signal, as a full load would (lib/offline/keep.ts): the service worker
 * keeps a page reached inside the app as it is asked for; this covers the pages it did not see (the first ones
 * after installing, before it controls the page).
 */
export function keepPage(path: string): void {
  if (typeof caches === "undefined" || !navigator.onLine || !("serviceWorker" in navigator)) return;
  void keepDocument(path).catch(() => undefined);
}
