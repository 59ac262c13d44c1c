"use client";

import { keepDocument } from "@/lib/offline/keep";
import { whenIdle } from "./when-idle";

/**
 * Keeps a page for a reload without a signal, as a full load would (lib/offline/keep.ts): the service worker
 * keeps a page reached inside the app as it is asked for; this covers the pages it did not see (the first ones
 * after installing, before it controls the page).
 */
export function keepPage(path: string): void {
  if (typeof caches === "undefined" || !navigator.onLine || !("serviceWorker" in navigator)) return;
  // Once the page is up: the page is fetched again for the cache, which is no reason to hold up this one.
  whenIdle(() => keepDocument(path).catch(() => undefined));
}
