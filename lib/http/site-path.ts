/**
 * Where a page may send the browser on (`next` after sign-in or sign-up): a path of this site only. The value is
 * resolved as the browser would resolve it against the site's own origin — which turns backslashes into slashes
 * and drops tabs and newlines — and refused unless it stays there; control characters and encoded slashes or
 * backslashes at its start are refused before (a browser or proxy may decode them later).
 */
const ORIGIN = "http://site.invalid";

export function sitePath(value: unknown, fallback = "/evenings"): string {
  if (typeof value !== "string" || value.length > 2_000 || !value.startsWith("/")) return fallback;
  const suspicious = /[\u0000-\u001f\u007f\\]|^\/(%2f|%5c|\/)/i;
  if (suspicious.test(value)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (suspicious.test(decoded)) return fallback;
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return fallback;
  }
  return url.origin === ORIGIN ? `${url.pathname}${url.search}${url.hash}` : fallback;
}
