/**
 * The first look at every request the production server gets, before Next or our own routes read anything of
 * it (decision 014): a method the app does not answer, a path that is not valid percent-encoding, or a body
 * larger than its route takes is refused here — with a 4xx in the request's language — so none of them can
 * reach a handler that would fail on it with a 500, or make the server hold a body it will never use.
 *
 * Bodies: every route and action takes at most BODY_LIMIT bytes; only the import takes a backup file
 * (IMPORT_BODY_LIMIT), and only from a signed-in session in one of the import's slots, checked before a byte of
 * it is read. A body must say its length (browsers always do), so the limit holds before it is read, not while.
 * A POST to a page (a server action, or a form sent without JavaScript) is read and checked before Next decodes
 * it: from this site, and in a shape Next can decode (Next answers anything else with a 500).
 */
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { actorFromCookies } from "@/lib/auth/session";
import { errorAnswer, type JsonAnswer } from "@/lib/http/answers";
import { translate, type Locale } from "@/lib/i18n/dictionaries";
import type { Message } from "@/lib/i18n/dictionaries";
import { CLIENT_ADDRESS_HEADER, SECURITY_HEADERS } from "@/lib/http/security-headers.mjs";
import { BODY_LIMIT, IMPORT_BODY_LIMIT } from "@/lib/http/body-limits.mjs";
import { sameOrigin } from "@/lib/http/json-body";
import { IMPORT_SLOTS, takeAccountSlot, takeServerSlot } from "./import-slots";
import { localeOfRequest, readRequest } from "./endpoints";
import { parseAndValidateFlightRouterState } from "next/dist/server/app-render/parse-and-validate-flight-router-state";
// @ts-expect-error: Next's own copy of busboy, the parser it reads a server action's multipart body with, has no types.
import busboy from "next/dist/compiled/busboy";

/** The little of busboy's parser this file uses. */
type BusboyParser = NodeJS.WritableStream & {
  on(event: "field", listener: (name: string, value: string) => void): BusboyParser;
  on(event: "file", listener: (name: string, stream: NodeJS.ReadableStream) => void): BusboyParser;
  on(event: "error" | "close", listener: () => void): BusboyParser;
};

/** The methods the app answers; anything else (TRACE, PROPFIND, …) gets 405. */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]);

type Refusal = {
  status: number;
  message: Message;
  code: "validation" | "unauthenticated" | "not_found" | "forbidden" | "rate_limited";
  /** Seconds to wait before trying again (429). */
  retryAfter?: number;
};

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
  if (refusal.retryAfter) headers["Retry-After"] = refusal.retryAfter;
  const wantsPage = (req.url ?? "").startsWith("/api/") === false && /text\/html/.test(header(req, "accept") ?? "");
  let body: string;
  if (req.headers["next-action"]) {
    // A server action called by the page: Next's client shows a plain-text answer's words as its error.
    body = translate(refusal.message, locale);
    headers["Content-Type"] = "text/plain";
  } else if (wantsPage) {
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
 * others refer to parts of a multipart body, promises, maps or server references, which no action here takes; a
 * BigInt is whole digits (Next fails on `$n1.5`).
 */
const PLAIN_MARKERS = /^\$(\$[^]*|undefined|D[^]*|n-?\d{1,400}|Infinity|-Infinity|NaN|-0)$/;

/** Whether `value` is a FormData argument (`$K` and its id) whose fields the request holds. */
function formReference(value: string, form: (id: string) => boolean): boolean {
  const id = /^\$K([0-9a-f]{1,6})$/.exec(value);
  return id !== null && form(id[1]!);
}

/**
 * Whether a server action's JSON body is one the app's actions can be called with: an array of plain values —
 * and FormData (`$K<n>`) where `form(n)` says the request holds its fields.
 */
export function plainActionBody(text: string, form: (id: string) => boolean = () => false): boolean {
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
      ? !value.startsWith("$") || PLAIN_MARKERS.test(value) || formReference(value, form) || pathReference(value, args)
      : typeof value !== "object" || value === null || Object.values(value).every(plain);
  return plain(args);
}

/**
 * Whether `value` is a reference to an object met earlier in the same arguments (`$0:` and its path: React
 * writes an object that appears twice once, e.g. a message in a form's previous state, which names it as both
 * the error and a field's). Its path must lead, through the arguments' own keys, to an object: Next fails on
 * one that does not, and a prototype's keys are never followed.
 */
function pathReference(value: string, root: unknown): boolean {
  if (!value.startsWith("$0:")) return false;
  let target: unknown = root;
  for (const key of value.slice(3).split(":")) {
    if (typeof target !== "object" || target === null || !Object.hasOwn(target, key)) return false;
    target = (target as Record<string, unknown>)[key];
  }
  return typeof target === "object" && target !== null;
}

/**
 * A POST to a page: a server action (its id in Next-Action, the arguments as JSON or multipart) or a form sent
 * without JavaScript (multipart). Next reads these itself and fails with a 500 on a body it cannot decode, so
 * they are read here first (within their limit) and checked.
 */
function isPagePost(req: IncomingMessage): boolean {
  if (req.method !== "POST" || (req.url ?? "").startsWith("/api/")) return false;
  return Boolean(req.headers["next-action"]) || isMultipart(req);
}

/** A body of form fields and files, as a form or a FormData argument sends it. */
const MULTIPART = /^multipart\/form-data/i;

function isMultipart(req: IncomingMessage): boolean {
  return MULTIPART.test(header(req, "content-type") ?? "");
}

/**
 * The body, whose length screen() has checked (a body without one is empty), or null if the client went away.
 * It is given back to the stream at once (`unshift`, in the same turn as its last byte is read — later, the
 * stream would have ended and could take nothing back), so Next reads it as if nobody had.
 */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const length = Number(header(req, "content-length") ?? 0);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let got = 0;
    let done = false;
    const finish = (body: Buffer | null) => {
      if (done) return;
      done = true;
      req.off("readable", read);
      req.off("end", end);
      resolve(body);
    };
    const end = () => finish(got >= length ? Buffer.concat(chunks) : null);
    const read = () => {
      let chunk: Buffer | null;
      while (got < length && (chunk = req.read() as Buffer | null) !== null) {
        chunks.push(chunk);
        got += chunk.length;
      }
      if (got < length || done) return;
      const body = Buffer.concat(chunks);
      req.unshift(body);
      finish(body);
    };
    if (length === 0) return finish(Buffer.alloc(0));
    req.on("readable", read);
    req.on("end", end);
    req.on("error", () => {
      finish(null);
      req.destroy();
    });
  });
}

/** Whether a page POST's body is one Next can decode into arguments the app's actions take. */
export async function plainPagePost(contentType: string, body: Buffer, actionId: boolean): Promise<boolean> {
  if (!MULTIPART.test(contentType)) return !actionId || plainActionBody(body.toString("utf8"));
  // Read as Next reads it: a server action's body with busboy, a form sent without JavaScript as FormData.
  if (actionId) {
    const fields = await busboyFields(contentType, body);
    return fields !== null && plainActionForm(fields);
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    return false;
  }
  return plainFormAction(form);
}

/** The fields of a multipart body by name (the first of each; a file as null), or null if it does not parse. */
type Fields = Pick<Map<string, unknown>, "keys" | "get">;

/** How much of a body busboy is given at once: a backup of 8 MB is read between other requests, not in one go. */
const SLICE = 64 * 1024;

/**
 * A server action's multipart body read by busboy, as Next reads it (the same parser and field limit), a slice
 * at a time with the event loop free between them; null when it does not parse.
 */
function busboyFields(contentType: string, body: Buffer): Promise<Map<string, string | null> | null> {
  return new Promise((resolve) => {
    const fields = new Map<string, string | null>();
    let parser: BusboyParser;
    try {
      parser = busboy({
        headers: { "content-type": contentType },
        defParamCharset: "utf8",
        limits: { fieldSize: IMPORT_BODY_LIMIT },
      });
    } catch {
      return resolve(null); // no boundary
    }
    let settled = false;
    const settle = (result: Map<string, string | null> | null) => {
      if (settled) return;
      settled = true;
      resolve(result);
    };
    parser.on("field", (name: string, value: string) => {
      if (!fields.has(name)) fields.set(name, value);
    });
    parser.on("file", (name: string, stream: NodeJS.ReadableStream) => {
      if (!fields.has(name)) fields.set(name, null);
      stream.resume();
    });
    parser.on("error", () => settle(null));
    parser.on("close", () => settle(fields));
    let at = 0;
    const feed = () => {
      if (settled) return;
      if (at >= body.length) return void parser.end();
      parser.write(body.subarray(at, at + SLICE), () => setImmediate(feed));
      at += SLICE;
    };
    feed();
  });
}

/** Whether `fields` has some named `prefix…`: the parts of a FormData argument. */
function hasFields(fields: Fields, prefix: string): boolean {
  for (const key of fields.keys()) if (key.startsWith(prefix)) return true;
  return false;
}

/**
 * A server action's arguments sent as multipart (React's encoding when one of them is a FormData, such as the
 * import's file): the arguments are field `0`, a FormData among them `$K<n>` with its fields named `_<n>_…`.
 */
function plainActionForm(form: Fields): boolean {
  const root = form.get("0");
  if (typeof root !== "string") return false;
  for (const key of form.keys()) if (key !== "0" && !/^_[0-9a-f]+_/.test(key)) return false;
  return plainActionBody(root, (id) => hasFields(form, `_${id}_`));
}

/**
 * A form sent without JavaScript: Next finds its action by the `$ACTION_…` fields React renders into it (and
 * checks the ids). An action with bound arguments names them as `$ACTION_<p>:0` = {"id", "bound": "$@<n>"},
 * the arguments being field `$ACTION_<p>:<n>`; a missing or malformed one is a 500 in Next.
 */
function plainFormAction(form: FormData): boolean {
  for (const key of form.keys()) {
    const ref = /^\$ACTION_REF_(.*)$/.exec(key);
    if (!ref) continue;
    const prefix = `$ACTION_${ref[1]}:`;
    const descriptor = form.get(`${prefix}0`);
    let meta: unknown;
    try {
      meta = typeof descriptor === "string" ? JSON.parse(descriptor) : null;
    } catch {
      return false;
    }
    if (typeof meta !== "object" || meta === null || typeof (meta as { id?: unknown }).id !== "string") return false;
    const bound = (meta as { bound?: unknown }).bound;
    if (bound === null || bound === undefined) continue;
    const part = typeof bound === "string" ? /^\$@([0-9a-f]+)$/.exec(bound) : null;
    const args = part ? form.get(`${prefix}${parseInt(part[1]!, 16)}`) : null;
    if (typeof args !== "string" || !plainActionBody(args, (id) => hasFields(form, `${prefix}_${id}_`))) return false;
  }
  return true;
}

/**
 * A page POST, checked before Next reads it: from this site (Next refuses another with a 500), an import only in
 * one of its slots (lib/server/import-slots.ts) — a large one only signed in — and a body Next can decode. A
 * good one goes on to Next with its body as it came.
 */
async function screenPagePost(
  req: IncomingMessage,
  res: ServerResponse,
  next: (req: IncomingMessage) => void,
  large: boolean,
): Promise<void> {
  const { origin, host, cookie } = readRequest((name) => header(req, name), "");
  if (!sameOrigin(origin, host))
    return refuse(req, res, { status: 403, code: "forbidden", message: { key: "errors.crossSite" } });
  const busy: Refusal = {
    status: 429,
    code: "rate_limited",
    message: { key: "errors.importBusy", params: { s: IMPORT_SLOTS.retryAfterSeconds } },
    retryAfter: IMPORT_SLOTS.retryAfterSeconds,
  };
  const importing = isImport(req);
  if (importing) {
    const actor = await actorFromCookies(cookie).catch(() => null);
    // A small import without a session goes on: the action answers it in the page's words.
    if (!actor?.userId && large)
      return refuse(req, res, { status: 401, code: "unauthenticated", message: { key: "errors.signIn" } });
    if (actor?.userId) {
      const release = takeAccountSlot(actor.userId);
      if (!release) return refuse(req, res, busy);
      res.once("close", release);
    }
  }
  const body = await readBody(req);
  if (body === null) return;
  if (!(await plainPagePost(header(req, "content-type") ?? "", body, Boolean(req.headers["next-action"]))))
    return refuse(req, res, { status: 400, code: "validation", message: { key: "errors.badRequest" } });
  if (importing) {
    const release = takeServerSlot();
    if (!release) return refuse(req, res, busy);
    res.once("close", release);
  }
  next(req);
}

/** The requests that check a password: Auth.js's credentials callback, and the pages whose actions sign in,
 * sign up or change the password. */
const PASSWORD_PATHS = new Set(["/api/auth/callback/credentials", "/sign-in", "/sign-up", "/account"]);

/**
 * How many password checks one client address may have running, and waiting, at once. A table of phones
 * behind one router signs in a few at a time; a flood from one address waits in its own line, and past it is
 * refused at once, before any work — so it neither holds back another address's sign-in nor keeps the server
 * busy (the hashing itself also takes turns by address, lib/data/passwords.ts).
 */
export const SIGN_IN_GATE = { running: 2, waiting: 16, retryAfterSeconds: 2 };

const gates = new Map<string, { running: number; waiting: (() => void)[] }>();

/**
 * Lets a password check of `address` in: `true` now, a promise when it has waited its turn, or null when its
 * line is full. `leave` is given back: call it once the answer is sent (or the client went away).
 */
export function enterGate(address: string): { entered: true | Promise<void> | null; leave: () => void } {
  const gate = gates.get(address) ?? { running: 0, waiting: [] };
  gates.set(address, gate);
  let state: "waiting" | "in" | "out" = "in";
  let admit: () => void = () => undefined;
  const leave = () => {
    if (state === "waiting") gate.waiting.splice(gate.waiting.indexOf(admit), 1);
    else if (state === "in") {
      gate.running--;
      const nextInLine = gate.waiting.shift();
      if (nextInLine) nextInLine();
    }
    state = "out";
    if (gate.running === 0 && gate.waiting.length === 0) gates.delete(address);
  };
  if (gate.running < SIGN_IN_GATE.running) {
    gate.running++;
    return { entered: true, leave };
  }
  if (gate.waiting.length >= SIGN_IN_GATE.waiting) {
    state = "out";
    return { entered: null, leave };
  }
  state = "waiting";
  const entered = new Promise<void>((resolve) => {
    admit = () => {
      gate.running++;
      state = "in";
      resolve();
    };
  });
  gate.waiting.push(admit);
  return { entered, leave };
}

/** Whether the request checks a password (its path, without the query). */
function checksPassword(req: IncomingMessage): boolean {
  return req.method === "POST" && PASSWORD_PATHS.has((req.url ?? "").split("?", 1)[0]!);
}

/** The request past the first look: a page POST is checked (and goes on later); anything else goes on now. */
function admit(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage) => void, large: boolean) {
  if (!isPagePost(req)) return false;
  screenPagePost(req, res, next, large).catch(() => {
    if (!res.headersSent) refuse(req, res, { status: 400, code: "validation", message: { key: "errors.badRequest" } });
  });
  return true;
}

/**
 * Screens the request; answers it and returns true when it is refused or goes on later: a password check once
 * its address's turn comes (SIGN_IN_GATE), a page POST once it is checked (`next` then).
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage) => void): boolean {
  placeClient(req, res);
  const verdict = screen(req);
  if (verdict !== null && verdict !== "import") {
    refuse(req, res, verdict);
    return true;
  }
  const large = verdict === "import";
  if (!checksPassword(req)) return admit(req, res, next, large);
  const { entered, leave } = enterGate(header(req, CLIENT_ADDRESS_HEADER) ?? "unknown");
  if (entered === null) {
    refuse(req, res, {
      status: 429,
      code: "rate_limited",
      message: { key: "auth.busy" },
      retryAfter: SIGN_IN_GATE.retryAfterSeconds,
    });
    return true;
  }
  res.once("close", leave);
  if (entered === true) return admit(req, res, next, large);
  void entered.then(() => {
    if (!res.destroyed && !admit(req, res, next, large)) next(req);
  });
  return true;
}
