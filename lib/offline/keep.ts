/**
 * Keeping a page for a reload without a signal (decision 009): its HTML in the "pages" cache, where the service
 * worker's network-first route finds it. A page reached inside the app arrives as its React payload only, so
 * the worker keeps the page itself as the payload is asked for (app/sw.ts), and the page asks once more after it
 * is shown (app/_components/keep-page.ts: the first pages after installing, before the worker controls them).
 * Works in a window and in the worker alike.
 */

/** The message a page sends the worker to keep a page it shows: `{ type: KEEP_PAGE, path }`. */
export const KEEP_PAGE = "KEEP_PAGE";

/** The cache the worker's page route reads and writes. */
export const PAGES_CACHE = "pages";

/** Which pages are kept when reached inside the app: the evenings and the list of them. */
export const keptPath = (pathname: string) => pathname === "/evenings" || /^\/evenings\/(?!new$)[^/]+$/.test(pathname);

/**
 * Keeps `path` unless it is kept already (a full load keeps itself; without a signal the phone's own copy of the
 * evening, newer than any kept page, is shown over it). Fetched with the session's cookie; a redirect (to the
 * sign-in page) or an error is not kept.
 */
export async function keepDocument(path: string): Promise<void> {
  const pages = await caches.open(PAGES_CACHE);
  if (await pages.match(path)) return;
  const response = await fetch(path, { credentials: "same-origin", cache: "no-store" });
  if (response.ok && !response.redirected) await pages.put(path, response);
}
