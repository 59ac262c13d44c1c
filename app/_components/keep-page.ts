"use client";

/**
 * Keeps a page in the service worker's page cache as a full load would (decision 009): a page reached by
 * tapping inside the app is fetched as its React payload only, and would not open on a reload without a signal.
 * A page kept already (a full load keeps itself) is not fetched again: without a signal the phone's own copy of
 * the evening, newer than any kept page, is shown over it. Fetched with the session's cookie; a redirect (to the
 * sign-in page) or an error is not kept.
 */
export function keepPage(path: string): void {
  if (typeof caches === "undefined" || !navigator.onLine || !navigator.serviceWorker?.controller) return;
  void (async () => {
    const pages = await caches.open("pages");
    if (await pages.match(path)) return;
    const response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok || response.redirected) return;
    await pages.put(path, response);
  })().catch(() => undefined);
}
