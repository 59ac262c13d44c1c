/**
 * `npm run bench:abuse` — the production server on SQLite, sent what a careless user or an attacker sends,
 * while a second table records a deal every 100 ms over HTTP:
 *   1. every route and server action the build lists, with malformed escapes, odd segments, unknown methods,
 *      out-of-range queries and malformed action bodies, signed in and out;
 *   2. big bodies (32 MB, declared and streamed) to every kind of route and action, anonymous and signed in —
 *      the server's resident memory is sampled throughout;
 *   3. imports at and past each limit, names that collide after normalisation, and the largest accepted
 *      import: a backup of 10,000 deals (100 evenings × 2 games × 50 deals), sent as the import page sends it;
 *   4. 20 concurrent wrong sign-ins, again and again for 5 s, while /api/health is asked every 50 ms.
 * The last line is machine-readable; the exit code is 1 when a target is missed.
 */
import http from "node:http";
// @ts-expect-error: Next's own copy of React's reply encoder has no type declarations.
import { encodeReply } from "next/dist/compiled/react-server-dom-webpack/client.edge";
import { IMPORT_LIMITS } from "../lib/transfer/limits";
import {
  buildActions,
  buildRoutes,
  fillRoute,
  HOSTILE_ACTION_BODIES,
  HOSTILE_METHODS,
  HOSTILE_QUERIES,
  HOSTILE_SEGMENTS,
} from "../tests/support/hostile-requests";
import { prepareDatabase, rssKb, signIn, startServer } from "./support/server";
import { quantile } from "./support/stats";

const env = prepareDatabase();
const { createUser } = await import("../lib/data/users");
const { getEvening } = await import("../lib/data/evening-view");
const { createEvening } = await import("../lib/data/evenings");
const server = await startServer(env, 3297);
const PASSWORD = "bench password 1";
const PLAYERS = ["Anna", "Bo", "Cecilia"];

let requests = 0;
let status5xx = 0;
let hangs = 0;
const failures: string[] = [];

type Answer = { status: number; ms: number; body: string };
/** One raw request (exact path, any method, a body of any size streamed in chunks); never throws. */
function send(
  method: string,
  path: string,
  headers: Record<string, string | number> = {},
  body?: string | Buffer | { bytes: number },
  counted = true,
): Promise<Answer> {
  const url = new URL(server.base);
  const started = performance.now();
  return new Promise((resolve) => {
    const done = (status: number, text = "") => {
      const ms = performance.now() - started;
      if (counted) {
        requests++;
        if (status >= 500) {
          status5xx++;
          if (failures.length < 20) failures.push(`${status} ${method} ${path.slice(0, 100)}`);
        }
        if (ms > 2_000) hangs++;
      }
      resolve({ status, ms, body: text });
    };
    const req = http.request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.length < 64 && chunks.push(c));
      res.on("end", () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8")));
      res.on("error", () => done(res.statusCode ?? 0));
    });
    req.setTimeout(30_000, () => req.destroy());
    // A refused upload ends with the server closing the connection: the answer already came.
    req.on("error", () => done(0));
    if (body === undefined) req.end();
    else if (typeof body === "string" || Buffer.isBuffer(body)) req.end(body);
    else {
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      let left = body.bytes;
      const pump = () => {
        while (left > 0) {
          const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
          left -= part.length;
          if (!req.write(part)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    }
  });
}

// Accounts and the second table.
async function account(prefix: string) {
  const username = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
  const user = await createUser({ username, password: PASSWORD });
  return { userId: user.id, username, cookie: await signIn(server.base, username, PASSWORD) };
}
const owner = await account("importer");
const other = await account("table");
const table = await createEvening(other, {
  title: "Andra bordet",
  date: "2026-12-04",
  variant: "knektpass",
  players: PLAYERS,
  firstDealerSeat: 0,
});
const tableGame = (await getEvening(other, table.id)).games[0]!.id;
let tableDeal = 0;
let tablePhase = "";
const tableTimes = new Map<string, number[]>();
let tableRunning = true;
const redeal = Object.fromEntries(PLAYERS.map((p) => [p, { plays: false }]));
const tableLoop = (async () => {
  while (tableRunning) {
    const next = tableDeal + 1;
    const answer = await send(
      "POST",
      `/api/games/${tableGame}/deals`,
      { "Content-Type": "application/json", Cookie: other.cookie },
      JSON.stringify({ number: next, entries: redeal, clientKey: `abuse-${next}` }),
      false,
    );
    if (answer.status === 201 || answer.status === 200) tableDeal = next;
    const list = tableTimes.get(tablePhase) ?? [];
    list.push(answer.ms);
    tableTimes.set(tablePhase, list);
    await new Promise((r) => setTimeout(r, 100));
  }
})();

// 1. Every route and action the build lists.
tablePhase = "routes";
const routes = buildRoutes();
const actions = buildActions();
for (const cookie of [owner.cookie, ""]) {
  const as: Record<string, string> = cookie ? { Cookie: cookie, Accept: "text/html" } : { Accept: "text/html" };
  for (const route of routes) {
    for (const value of route.includes("[") ? HOSTILE_SEGMENTS : ["x"])
      for (const method of HOSTILE_METHODS)
        await send(
          method,
          fillRoute(route, value),
          { ...as, "Content-Type": "application/json" },
          method === "GET" || method === "HEAD" ? undefined : "{",
        );
    for (const query of HOSTILE_QUERIES) await send("GET", fillRoute(route, "x") + query, as);
  }
  for (const action of actions)
    for (const { type, body } of HOSTILE_ACTION_BODIES)
      await send("POST", action.path, { ...as, "Next-Action": action.id, "Content-Type": type }, body);
}

// 2. Big bodies: 32 MB each, declared, anonymous and signed in, to routes and actions.
tablePhase = "bodies";
const BIG = 32 * 1024 * 1024;
const importAction = actions.find((a) => a.name === "importAction")!;
const bigTargets: [string, string, Record<string, string>][] = [
  ["PUT", `/api/games/${tableGame}/deals/1`, { "Content-Type": "application/json" }],
  ["DELETE", `/api/games/${tableGame}/deals/1`, { "Content-Type": "application/json" }],
  ["POST", `/api/games/${tableGame}/deals`, { "Content-Type": "application/json" }],
  ["POST", "/api/auth/callback/credentials", { "Content-Type": "application/x-www-form-urlencoded" }],
  ["POST", "/import", { "Next-Action": importAction.id, "Content-Type": "multipart/form-data; boundary=x" }],
  ["POST", "/evenings/new", { "Next-Action": actions[0]!.id, "Content-Type": "text/plain;charset=UTF-8" }],
];
const rssBefore = rssKb(server.pid);
let rssPeak = rssBefore;
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(server.pid))), 25);
for (const cookie of ["", owner.cookie])
  for (const [method, path, headers] of bigTargets)
    await send(
      method,
      path,
      { ...headers, ...(cookie ? { Cookie: cookie } : {}), "Content-Length": BIG },
      { bytes: BIG },
    );
// Two at once, and a chunked body that does not say its length.
await Promise.all(
  bigTargets
    .slice(0, 2)
    .map(([method, path, headers]) => send(method, path, { ...headers, "Content-Length": BIG }, { bytes: BIG })),
);
await send(
  "PUT",
  `/api/games/${tableGame}/deals/1`,
  { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
  { bytes: 4 * 1024 * 1024 },
);
clearInterval(sampler);
const rssGrowthMb = Math.max(0, (rssPeak - rssBefore) / 1024);

// The catalogue signed the account out (its sign-out action takes any body): a new session for the rest.
owner.cookie = await signIn(server.base, owner.username, PASSWORD);

// 3. Imports, sent as the import page sends them: one FormData argument, its file as part "1_file".
/** The request body the import page sends: React's encoding of its one argument, a FormData with the file. */
async function multipart(file: string): Promise<{ body: Buffer; type: string }> {
  const form = new FormData();
  form.set("file", new File([file], "backup.json", { type: "application/json" }));
  const encoded = await encodeReply([form]);
  const response = new Response(encoded as FormData);
  return { body: Buffer.from(await response.arrayBuffer()), type: response.headers.get("content-type")! };
}
async function importFile(file: unknown, cookie = owner.cookie, counted = true): Promise<Answer> {
  const { body, type } = await multipart(JSON.stringify(file));
  return send(
    "POST",
    "/import",
    {
      Cookie: cookie,
      "Next-Action": importAction.id,
      "Content-Type": type,
      "Content-Length": body.length,
      Accept: "text/x-component",
      Origin: server.base,
    },
    body,
    counted,
  );
}
const wonGame = (deals: number, players = PLAYERS) => {
  const seat = (who: string | null) => ({ entries: Object.fromEntries(players.map((p) => [p, { plays: p === who }])) });
  // Redeals, then the first player alone wins each deal until out (15 points at 5 a deal).
  return {
    variant: "knektpass",
    players,
    firstDealer: players[0],
    houseRules: {},
    deals: [
      ...Array.from({ length: deals - 3 }, () => seat(null)),
      ...Array.from({ length: 3 }, () => seat(players[0]!)),
    ],
  };
};
const evening = (i: number, games: number, deals: number, players = PLAYERS) => ({
  title: `Kväll ${i}`,
  date: "2026-12-04",
  variant: "knektpass",
  houseRules: {},
  games: Array.from({ length: games }, () => wonGame(deals, players)),
});
const backup = (evenings: unknown[]) => ({ format: "protokoll.backup", version: 1, evenings });
const refusedAsExpected = (answer: Answer, text: string) => answer.status < 500 && answer.body.includes(text);
tablePhase = "limits";
const limitChecks = [
  refusedAsExpected(
    await importFile(backup([evening(1, 1, IMPORT_LIMITS.dealsPerGame + 1)])),
    "errors.tooManyDealsInGame",
  ),
  refusedAsExpected(
    await importFile(backup([evening(1, IMPORT_LIMITS.gamesPerEvening + 1, 4)])),
    "errors.tooManyGames",
  ),
  refusedAsExpected(
    await importFile(backup(Array.from({ length: IMPORT_LIMITS.evenings + 1 }, (_, i) => evening(i, 1, 4)))),
    "errors.tooManyEvenings",
  ),
  refusedAsExpected(await importFile(backup([evening(1, 1, 6, ["Anna", "anna", "Bo"])])), "importProblem.samePerson"),
  refusedAsExpected(
    await importFile(backup([evening(1, 1, 6, ["Anna", "\u0410nna", "Bo"])])),
    "importProblem.samePerson",
  ),
  refusedAsExpected(await importFile(backup([evening(1, 1, 4)]), ""), "errors.signIn"),
];
const tooBig = Buffer.alloc(IMPORT_LIMITS.fileBytes + 1024 * 1024, 0x20);
const oversize = await send(
  "POST",
  "/import",
  {
    Cookie: owner.cookie,
    "Next-Action": importAction.id,
    "Content-Type": "multipart/form-data; boundary=x",
    "Content-Length": tooBig.length,
  },
  tooBig,
);
limitChecks.push(oversize.status === 413);

tablePhase = "import";
const large = backup(Array.from({ length: 100 }, (_, i) => evening(i + 1, 2, 50)));
// Not counted among the hangs: the import itself may take its time (its own target is T).
const imported = await importFile(large, owner.cookie, false);
requests++;
if (imported.status >= 500) status5xx++;
const importSeconds = imported.ms / 1000;
const importOk = imported.status === 200 && imported.body.includes('"ok":true');

// 4. A burst of wrong sign-ins, while /api/health is asked every 50 ms.
tablePhase = "signins";
async function wrongSignIn(): Promise<void> {
  const csrf = await fetch(`${server.base}/api/auth/csrf`);
  const cookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  await send(
    "POST",
    "/api/auth/callback/credentials",
    { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
    new URLSearchParams({ csrfToken, username: `nobody-${Math.random()}`, password: "wrong password 1" }).toString(),
  );
}
const healthTimes: number[] = [];
const burstUntil = Date.now() + 5_000;
const health = (async () => {
  while (Date.now() < burstUntil) {
    healthTimes.push((await send("GET", "/api/health", {}, undefined, false)).ms);
    await new Promise((r) => setTimeout(r, 50));
  }
})();
while (Date.now() < burstUntil) await Promise.all(Array.from({ length: 20 }, wrongSignIn));
await health;

tableRunning = false;
await tableLoop;
server.stop();

const otherTableP95 = quantile(tableTimes.get("import") ?? [], 0.95);
const healthP95 = quantile(healthTimes, 0.95);
const checks: [string, boolean][] = [
  ["N >= 1000", requests >= 1_000],
  ["F = 0", status5xx === 0],
  ["H = 0", hangs === 0],
  ["R <= 64", rssGrowthMb <= 64],
  ["P <= 50", otherTableP95 <= 50],
  ["T <= 5", importOk && importSeconds <= 5],
  ["Q <= 100", healthP95 <= 100],
  ["each limit refused with its message", limitChecks.every(Boolean)],
];
if (process.env.BENCH_VERBOSE)
  console.log(
    `  other table during the import (ms): ${(tableTimes.get("import") ?? []).map((t) => t.toFixed(0)).join(" ")}`,
  );
for (const [name, ok] of checks) console.log(`  ${ok ? "ok  " : "MISS"} ${name}`);
if (failures.length) console.log(`  5xx: ${failures.join("; ")}`);
if (!limitChecks.every(Boolean)) console.log(`  limit checks: ${limitChecks.join(", ")}`);
if (!importOk) console.log(`  import answered ${imported.status}: ${imported.body.slice(0, 300)}`);
console.log(
  `bench:abuse requests=${requests} status_5xx=${status5xx} hangs=${hangs} rss_growth_mb=${rssGrowthMb.toFixed(1)} other_table_p95_ms=${otherTableP95.toFixed(0)} import_10k_s=${importSeconds.toFixed(2)} health_p95_ms=${healthP95.toFixed(0)}`,
);
process.exit(checks.every(([, ok]) => ok) ? 0 : 1);
