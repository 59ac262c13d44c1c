// The production server: Next's request handler behind a plain node:http server, which answers two paths
// itself — recording a deal and the share link's event stream (lib/server/node-routes.ts, decision 012) —
// before Next's router would. Usage: node scripts/server.mjs [-p PORT] [-H HOSTNAME]; PORT defaults to 3000
// and the server listens on every interface unless told a hostname. `npm start` runs it (scripts/start.mjs).
import http from "node:http";
import next from "next";

function option(short, long) {
  const args = process.argv.slice(2);
  const at = args.findIndex((a) => a === short || a === long);
  return at >= 0 ? args[at + 1] : undefined;
}
const port = Number(option("-p", "--port") ?? process.env.PORT ?? 3000);
const hostname = option("-H", "--hostname");

const app = next({ dev: false, dir: process.cwd(), port, hostname: hostname ?? "localhost" });

// Our own routes are handed over explicitly: this receiver is in place before Next loads instrumentation.ts,
// which calls it with serveNodeRoute (lib/server/node-routes.ts, the same key there). Next loads it in the
// background as the request handler is made; until then — and if it never does — every request goes to Next,
// whose route handlers answer the same paths the same way.
/** @typedef {import("../lib/server/node-routes").ServeNodeRoute} ServeNodeRoute */
/** @type {ServeNodeRoute | null} */
let serveNodeRoute = null;
/** @type {Promise<void>} */
const handedOver = new Promise((resolve) => {
  /** @param {ServeNodeRoute} serve */
  globalThis[Symbol.for("protokoll.nodeRoutes")] = (serve) => {
    serveNodeRoute = serve;
    resolve();
  };
});
const handle = app.getRequestHandler();
await app.prepare();
// Listen once the hand-over is done, so the first requests already take the fast path (at most 10 s).
await Promise.race([handedOver, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
if (!serveNodeRoute) console.warn("protokoll: the Node routes were not handed over; Next answers every path");

const server = http.createServer((req, res) => {
  if (serveNodeRoute?.(req, res, (checked) => void handle(checked, res))) return;
  void handle(req, res);
});
server.listen(port, hostname, () => {
  console.log(`protokoll: ready on http://${hostname ?? "localhost"}:${port}`);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
// Started by a bench or a test with an IPC channel (bench/support/children.ts): it ends with them, however they end,
// so no port stays held. `npm start` opens no channel.
if (process.channel) process.on("disconnect", () => process.exit(0));
