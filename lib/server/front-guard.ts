/**
 * The first look at every request the production server gets, before Next or our own routes read anything of
 * it (decision 014): a method the app does not answer, a path that is not valid percent-encoding, or a body
 * larger than its route takes is refused here — with a 4xx in the request's language — so none of them can
 * reach a handler that would fail on it with a 500, or make the server hold a body it will never use.
 *
 * Bodies: every route and action takes at most BODY_LIMIT bytes; only the import takes a backup file
 * (IMPORT_BODY_LIMIT), and only from a signed-in session, checked before a byte of it is read. A body must
 * say its length (browsers always do), so the limit holds before it is read, not while.
 */
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { actorFromCookies } from "@/lib/auth/session";
import { errorAnswer, type JsonAnswer } from "@/lib/http";
import { translate, type Locale } from "@/lib/i18n/dictionaries";
import type { Message } from "@/lib/i18n/dictionaries";
import { SECURITY_HEADERS } from "@/lib/security-headers.mjs";
import { BODY_LIMIT, IMPORT_BODY_LIMIT } from "@/lib/body-limits.mjs";
import { localeOfRequest } from "./endpoints";

/** The methods the app answers; anything else (TRACE, PROPFIND, …) gets 405. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]);

type Refusal = { status: number; message: Message; code: "validation" | "unauthenticated" | "not_found" };

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}

/** Whether every segment of the path decodes: `%zz` or a lone `%FF` does not. */
function pathDecodes(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!;
  try {
    for (const segment of path.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

/** The import page's server action: the one request that may carry a backup file. */
function isImport(req: IncomingMessage): boolean {
  return req.method === "POST" && (req.url ?? "").split("?", 1)[0] === "/import" && Boolean(req.headers["next-action"]);
}

/** What is wrong with the request before its body is read, if anything (the session is checked later). */
export function screen(req: IncomingMessage): Refusal | "import" | null {
  const url = req.url ?? "/";
  if (!METHODS.has(req.method ?? "")) return { status: 405, code: "validation", message: { key: "errors.method" } };
  if (!url.startsWith("/") || !pathDecodes(url) || /[\u0000-\u001f\u007f]/.test(decodeURI(url.split(/[?#]/, 1)[0]!)))
    return { status: 400, code: "not_found", message: { key: "errors.badAddress" } };
  const length = header(req, "content-length");
  const chunked = header(req, "transfer-encoding") !== null;
  if (chunked && length === null && req.method !== "GET" && req.method !== "HEAD")
    return { status: 411, code: "validation", message: { key: "errors.lengthRequired" } };
  const bytes = length === null ? 0 : Number(length);
  if (!Number.isSafeInteger(bytes) || bytes < 0)
    return { status: 400, code: "validation", message: { key: "errors.lengthRequired" } };
  if (bytes <= BODY_LIMIT) return null;
  if (!isImport(req) || bytes > IMPORT_BODY_LIMIT)
    return {
      status: 413,
      code: "validation",
      message: {
        key: "errors.tooLarge",
        params: { kb: Math.round((isImport(req) ? IMPORT_BODY_LIMIT : BODY_LIMIT) / 1024) },
      },
    };
  return "import";
}

function refuse(req: IncomingMessage, res: ServerResponse, refusal: Refusal): void {
  const locale: Locale = localeOfRequest({
    cookie: header(req, "cookie"),
    acceptLanguage: header(req, "accept-language"),
  });
  const headers: Record<string, string | number> = {
    ...SECURITY_HEADERS,
    "Cache-Control": "no-store",
    Connection: "close",
  };
  if (refusal.status === 405) headers.Allow = [...METHODS].join(", ");
  const wantsPage = (req.url ?? "").startsWith("/api/") === false && /text\/html/.test(header(req, "accept") ?? "");
  let body: string;
  if (wantsPage) {
    const text = translate(refusal.message, locale);
    body = `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(text)}</title><p>${escapeHtml(text)}</p><p><a href="/">Protokoll</a></p></html>`;
    headers["Content-Type"] = "text/html; charset=utf-8";
  } else {
    const answer: JsonAnswer = errorAnswer(refusal.code, refusal.message, refusal.status, locale);
    body = JSON.stringify(answer.body);
    headers["Content-Type"] = "application/json";
  }
  headers["Content-Length"] = Buffer.byteLength(body);
  res.writeHead(refusal.status, headers);
  // The body that was not wanted is not read: the connection closes after the answer.
  res.end(req.method === "HEAD" ? undefined : body);
  req.resume();
  res.on("finish", () => req.destroy());
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Screens the request; answers it and returns true when it is refused. A large import body goes on only once
 * its session is known to be signed in (`next` is called then).
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse, next: () => void): boolean {
  const verdict = screen(req);
  if (verdict === null) return false;
  if (verdict !== "import") {
    refuse(req, res, verdict);
    return true;
  }
  void actorFromCookies(header(req, "cookie")).then(
    (actor) => {
      if (actor?.userId) next();
      else refuse(req, res, { status: 401, code: "unauthenticated", message: { key: "errors.signIn" } });
    },
    () => refuse(req, res, { status: 401, code: "unauthenticated", message: { key: "errors.signIn" } }),
  );
  return true;
}
