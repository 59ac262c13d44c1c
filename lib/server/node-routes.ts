/**
 * The paths the Node server in front of Next (scripts/server.mjs) answers itself, before Next's router
 * (decision 012): recording a deal, the hot path of an evening, and the share link's event stream, which
 * thousands of viewers may hold open at once. Next's own per-request work (routing, the Web Request and
 * Response, a ReadableStream piped into the socket) costs more than the database write of a deal and most of
 * a viewer's memory. The answers are the ones the route handlers give (they call the same functions); a
 * path that doesn't match exactly goes on to Next.
 */
import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { answerHeaders, errorAnswer, type JsonAnswer } from "@/lib/http/answers";
import { MAX_JSON_BYTES } from "@/lib/http/json-body";
import { openShareStream, STREAM_HEADERS, type StreamSink } from "@/lib/live/stream";
import { SECURITY_HEADERS } from "@/lib/http/security-headers.mjs";
import { beginForeground } from "@/lib/runtime/foreground";
import { guardRequest, header } from "./front-guard";
import { errorAnswerOf, localeOfRequest, postDeal, readRequest, type PlainRequest } from "./endpoints";

const DEALS = /^\/api\/games\/([^/?#]+)\/deals(?:\?.*)?$/;
const EVENTS = /^\/api\/share\/([^/?#]+)\/events(?:\?.*)?$/;

export type ServeNodeRoute = typeof serveNodeRoute;

/** Where scripts/server.mjs waits for serveNodeRoute (under `next start` or in tests nobody does). */
const HANDOVER = Symbol.for("protokoll.nodeRoutes");

/** Hands serveNodeRoute to the Node server in front of Next, if it is there to take it (instrumentation.ts). */
export function handOverNodeRoutes(): void {
  const receive = (globalThis as { [HANDOVER]?: (serve: ServeNodeRoute) => void })[HANDOVER];
  receive?.(serveNodeRoute);
}

/**
 * Answers the request if it is one of ours, or refuses it (front-guard.ts); false hands it on to Next. `next`
 * hands it on later, for a request that went on only after a check that had to wait.
 */
export function serveNodeRoute(
  req: IncomingMessage,
  res: ServerResponse,
  next: (req: IncomingMessage) => void,
): boolean {
  // Someone waits for every request but a live stream's: background work (the odds) waits for its answer.
  if (req.method !== "GET" || !EVENTS.test(req.url ?? "")) res.once("close", beginForeground());
  if (guardRequest(req, res, next)) return true;
  const url = req.url ?? "";
  const deal = req.method === "POST" ? DEALS.exec(url) : null;
  const events = req.method === "GET" ? EVENTS.exec(url) : null;
  const param = decoded((deal ?? events)?.[1]);
  if (param === null) return false;
  if (deal) void serveDeal(param, req, res);
  else void serveEvents(param, req, res);
  return true;
}

function decoded(segment: string | undefined): string | null {
  if (segment === undefined) return null;
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // Next answers a malformed path as it does any other
  }
}

/** The request's headers and body through the endpoints' one reader. */
function plain(req: IncomingMessage, text: string): PlainRequest {
  return readRequest((name) => header(req, name), text);
}

function send(res: ServerResponse, { status, body }: JsonAnswer): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    "Content-Type": "application/json",
    ...answerHeaders(status),
    "Content-Length": Buffer.byteLength(json),
  });
  res.end(json);
}

/**
 * The body as text. Past the limit the rest is read and dropped: 3 bytes per character at most (UTF-8), so
 * the bytes kept decode to more characters than the limit allows, and the endpoint refuses them as too large.
 */
function readBody(req: IncomingMessage): Promise<string> {
  const keep = 3 * MAX_JSON_BYTES + 6;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size >= keep) return;
      chunks.push(size + chunk.length > keep ? chunk.subarray(0, keep - size) : chunk);
      size += chunk.length;
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

async function serveDeal(gameId: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let text: string;
  try {
    text = await readBody(req);
  } catch {
    return void res.destroy(); // the phone went away mid-request
  }
  const request = plain(req, text);
  try {
    send(res, await postDeal(gameId, request));
  } catch (error) {
    send(res, errorAnswerOf(error, request));
  }
}

/** An event stream's bytes into Node's response; the headers go out with the first of them. */
class ResponseSink implements StreamSink {
  constructor(private readonly res: ServerResponse) {}
  write(chunk: Uint8Array): void {
    if (!this.res.headersSent) this.res.writeHead(200, STREAM_RESPONSE_HEADERS);
    this.res.write(chunk);
  }
  end(): void {
    this.res.end();
  }
}

const STREAM_RESPONSE_HEADERS = { ...SECURITY_HEADERS, ...STREAM_HEADERS };

async function serveEvents(token: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
  let gone = false;
  let detach: (() => void) | null = null;
  res.on("close", () => {
    gone = true;
    detach?.();
  });
  try {
    detach = await openShareStream(token, new ResponseSink(res));
    if (!detach)
      return send(res, errorAnswer("not_found", { key: "errors.shareLink" }, 404, localeOfRequest(plain(req, ""))));
    if (gone) detach();
  } catch (error) {
    if (res.headersSent) res.destroy();
    else send(res, errorAnswerOf(error, plain(req, "")));
  }
}
