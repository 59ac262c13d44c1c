/**
 * Guards for state-changing route handlers: JSON only (a cross-site form cannot send it without a CORS
 * preflight, which is refused) and, when the browser says where the request comes from, the same origin.
 */
import "server-only";
import { AppError } from "@/lib/errors";

export const MAX_JSON_BYTES = 64 * 1024;

export async function readJsonBody(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw new AppError("validation", { key: "errors.sendJson" });
  const origin = request.headers.get("origin");
  if (origin) {
    const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
    let originHost: string | null = null;
    try {
      originHost = new URL(origin).host;
    } catch {
      originHost = null;
    }
    if (!host || originHost !== host) throw new AppError("forbidden", { key: "errors.crossSite" });
  }
  const text = await request.text();
  if (text.length > MAX_JSON_BYTES)
    throw new AppError("validation", { key: "errors.tooLarge", params: { kb: MAX_JSON_BYTES / 1024 } });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("validation", { key: "errors.requestNotJson" });
  }
}
