"use client";

/**
 * Keeps a page in the service worker's page cache as a full load would (decision 009): a page reached by
 * tapping inside the app is fetched as its React payload only, and would not open on a reload without a signal.
 * Fetched with the session's cookie; a redirect (to the sign-in page) or an error is not kept.
 */
export function keepPage(path: string): void {
  if (typeof caches === "undefined" || !navigator.onLine || !navigator.serviceWorker?.controller) return;
  void (async () => {
    const response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
    if (!response.ok || response.redirected) return;
    await (await caches.open("pages")).put(path, response);
  })().catch(() => undefined);
}
