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
import { errorAnswer, type JsonAnswer } from "@/lib/http/answers";
import { translate, type Locale } from "@/lib/i18n/dictionaries";
import type { Message } from "@/lib/i18n/dictionaries";
import { CLIENT_ADDRESS_HEADER, SECURITY_HEADERS } from "@/lib/http/security-headers.mjs";
import { BODY_LIMIT, IMPORT_BODY_LIMIT } from "@/lib/http/body-limits.mjs";
import { localeOfRequest } from "./endpoints";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";

/** The methods the app answers; anything else (TRACE, PROPFIND, …) gets 405. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]);

type Refusal = { status: number; message: Message; code: "validation" | "unauthenticated" | "not_found" };

/** One request header as a single string (repeated headers joined), or null. */
export function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(", ") : (value ?? null);
}

/**
 * Whether the path is one a page could have: every segment decodes (`%zz` or a lone `%FF` does not) and none
 * holds a control character, escaped or not.
 */
function pathIsSound(url: string): boolean {
  const path = url.split(/[?#]/, 1)[0]!;
  try {
    return path.split("/").every((segment) => !/[\u0000-\u001f\u007f]/.test(decodeURIComponent(segment)));
  } catch {
    return false;
  }
}

/**
 * Whether the router-state header a navigation inside the app sends is absent or one Next reads (its own check,
 * which throws — a 500 — on anything else: `x`, `[]`, a header sent twice).
 */
function routerStateIsSound(req: IncomingMessage): boolean {
  const value = req.headers["next-router-state-tree"];
  if (value === undefined) return true;
  try {
    parseAndValidateFlightRouterState(value);
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
  if (!url.startsWith("/") || !pathIsSound(url))
    return { status: 400, code: "not_found", message: { key: "errors.badAddress" } };
  if (!routerStateIsSound(req)) return { status: 400, code: "validation", message: { key: "errors.badRequest" } };
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
  lingerOnClose(req);
  res.end(req.method === "HEAD" ? undefined : body);
  req.resume();
}

/** How long, and for how many bytes, a refused request's body is still read and dropped after its answer. */
const LINGER_MS = 2_000;
const LINGER_BYTES = 2 * IMPORT_BODY_LIMIT;

/**
 * The connection closes after a refusal, but not at once: Node destroys the socket as soon as the answer is
 * written, and a client still sending its body then gets a reset before it reads the answer (EPIPE — a
 * browser shows a network error instead of "too large"). As web servers do (a lingering close), the write side
 * is closed and the rest of the body read and dropped until it ends, for at most LINGER_MS or LINGER_BYTES, so
 * a 600 MB body still costs the server little.
 */
function lingerOnClose(req: IncomingMessage): void {
  const socket = req.socket;
  socket.destroySoon = () => {
    if (socket.writable) socket.end();
    if (req.complete) return void socket.destroy();
    let dropped = 0;
    const close = () => socket.destroy();
    const timer = setTimeout(close, LINGER_MS).unref();
    socket.once("close", () => clearTimeout(timer));
    req.once("end", close);
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) close();
    });
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Forwarded headers are believed only behind a proxy the operator names (TRUST_PROXY, .env.example). */
const TRUST_PROXY = /^(1|true|yes)$/i.test(process.env.TRUST_PROXY ?? "");
const FORWARDED = ["x-forwarded-host", "x-forwarded-for", "x-forwarded-proto", "x-forwarded-port", "forwarded"];

/**
 * Where the request comes from, as this server can vouch for it: the socket's address, or behind a trusted proxy
 * the first address it forwarded. Forwarded headers from anyone else are dropped before Next or Auth.js read
 * them. Over https (said by the socket or a trusted proxy) every answer carries HSTS.
 */
function placeClient(req: IncomingMessage, res: ServerResponse): void {
  const forwardedFor = header(req, "x-forwarded-for")?.split(",")[0]?.trim();
  const https =
    Boolean((req.socket as { encrypted?: boolean }).encrypted) ||
    (TRUST_PROXY && header(req, "x-forwarded-proto")?.split(",")[0]?.trim() === "https");
  if (!TRUST_PROXY) for (const name of FORWARDED) delete req.headers[name];
  req.headers[CLIENT_ADDRESS_HEADER] = (TRUST_PROXY && forwardedFor) || req.socket.remoteAddress || "unknown";
  if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
}

/** How deep the arguments of a server action may nest: ours are a form, an id or a small object. */
const MAX_ACTION_DEPTH = 32;
/**
 * The markers a server action's arguments may carry in a JSON body (React's encoding of values JSON lacks). The
 * others refer to parts of a multipart body, promises, maps or server references, which no action here takes.
 */
const PLAIN_MARKERS = /^\$(\$|undefined$|D|n-?\d|Infinity$|-Infinity$|NaN$|-0$)/;

/** Whether a server action's JSON body is one the app's actions can be called with: an array of plain values. */
export function plainActionBody(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > MAX_ACTION_DEPTH) return false;
    } else if (c === 93 || c === 125) depth--;
  }
  let args: unknown;
  try {
    args = JSON.parse(text);
  } catch {
    return false;
  }
  if (!Array.isArray(args)) return false;
  const plain = (value: unknown): boolean =>
    typeof value === "string"
      ? !value.startsWith("$") || PLAIN_MARKERS.test(value)
      : typeof value !== "object" || value === null || Object.values(value).every(plain);
  return plain(args);
}

/** A server action posted as JSON (a form or a file comes as multipart, and is read by Next itself). */
function isJsonAction(req: IncomingMessage): boolean {
  return (
    req.method === "POST" &&
    Boolean(req.headers["next-action"]) &&
    !/^multipart\/form-data/i.test(header(req, "content-type") ?? "")
  );
}

/**
 * A JSON server action, read (within BODY_LIMIT) and checked before Next decodes it — Next fails with a 500 on
 * a body that is not JSON, nests deeply or refers to parts that are not there. A good one goes on to Next with
 * its body as it came.
 */
function screenAction(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage) => void): void {
  // Known and within BODY_LIMIT: screen() has checked the length (a body without one is empty).
  const length = Number(header(req, "content-length") ?? 0);
  const chunks: Buffer[] = [];
  let got = 0;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    req.off("readable", read);
    req.off("end", finish);
    const body = Buffer.concat(chunks);
    if (!plainActionBody(body.toString("utf8")))
      return refuse(req, res, { status: 400, code: "validation", message: { key: "errors.badRequest" } });
    // Given back before the stream ends, so Next reads the body as if nobody had.
    if (body.length) req.unshift(body);
    next(req);
  };
  const read = () => {
    let chunk: Buffer | null;
    while (got < length && (chunk = req.read() as Buffer | null) !== null) {
      chunks.push(chunk);
      got += chunk.length;
    }
    if (got >= length) finish();
  };
  req.on("readable", read);
  req.on("end", finish);
  req.on("error", () => req.destroy());
}

/**
 * Screens the request; answers it and returns true when it is refused or goes on later: a large import body
 * once its session is known to be signed in, a JSON server action once its body is checked (`next` then).
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage) => void): boolean {
  placeClient(req, res);
  const verdict = screen(req);
  if (verdict === null) {
    if (!isJsonAction(req)) return false;
    screenAction(req, res, next);
    return true;
  }
  if (verdict !== "import") {
    refuse(req, res, verdict);
    return true;
  }
  void actorFromCookies(header(req, "cookie")).then(
    (actor) => {
      if (actor?.userId) next(req);
      else refuse(req, res, { status: 401, code: "unauthenticated", message: { key: "errors.signIn" } });
    },
    () => refuse(req, res, { status: 401, code: "unauthenticated", message: { key: "errors.signIn" } }),
  );
  return true;
}
