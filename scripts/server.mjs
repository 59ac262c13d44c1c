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
const handle = app.getRequestHandler();
await app.prepare();

// instrumentation.ts hands over our own routes when Next has loaded it, soon after prepare(); until then (or
// if it never does) every request goes to Next, whose route handlers answer the same paths the same way.
for (let i = 0; i < 100 && !globalThis.protokollNodeRoutes; i++) await new Promise((r) => setTimeout(r, 20));

const server = http.createServer((req, res) => {
  if (globalThis.protokollNodeRoutes?.(req, res, (checked) => void handle(checked, res))) return;
  void handle(req, res);
});
server.listen(port, hostname, () => {
  console.log(`protokoll: ready on http://${hostname ?? "localhost"}:${port}`);
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(0));
