/**
 * Guards for state-changing route handlers: JSON only (a cross-site form cannot send it without a CORS
 * preflight, which is refused) and, when the browser says where the request comes from, the same origin.
 */
import "server-only";
import { AppError } from "@/lib/errors";

export const MAX_JSON_BYTES = 64 * 1024;

/** Throws unless the request says it is JSON and, when it names its origin, comes from this host. */
export function guardJsonRequest(contentType: string | null, origin: string | null, host: string | null): void {
  if (!/^application\/json\b/i.test(contentType ?? "")) throw new AppError("validation", { key: "errors.sendJson" });
  if (!sameOrigin(origin, host)) throw new AppError("forbidden", { key: "errors.crossSite" });
}

/**
 * Whether a request that names its origin comes from this host (`null` — a sandboxed or privacy-redirected page —
 * does not); one that names none passes (no browser leaves it out of a cross-site POST).
 */
export function sameOrigin(origin: string | null, host: string | null): boolean {
  if (!origin) return true;
  try {
    return host !== null && new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** The body as JSON, refused when too large or not JSON. */
export function parseJsonText(text: string): unknown {
  if (text.length > MAX_JSON_BYTES)
    throw new AppError("validation", { key: "errors.tooLarge", params: { kb: MAX_JSON_BYTES / 1024 } });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("validation", { key: "errors.requestNotJson" });
  }
}
