/**
 * `npm run bench:live` — the live scoreboard under many viewers. Connects N Server-Sent Events viewers
 * (1,000 and 5,000) to one production instance on loopback, records deals, and measures the time from sending
 * a deal to the moment the LAST viewer has the new scoreboard, and the server's memory per viewer. In the same
 * run, the same figures for a bare node:http SSE broadcaster sending a frame of the same size: the baseline.
 * The viewers run in this process, on the same two cores as the server, and each parses every frame as the
 * page does. The last line is machine-readable.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import { createScorer } from "../lib/rules";
import { randomDeal, seeded } from "../tests/support/random-game";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";
import { prepareDatabase, rssKb, signIn, startServer } from "./support/server";

const SIZES = [1_000, 5_000];
const DEALS_PER_SIZE = 30;
const CONNECT_BATCH = 250;
const PASSWORD = "bench password 1";
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

/** N stream readers; notes when each has received each version. */
class Viewers {
  private readonly requests: http.ClientRequest[] = [];
  private readonly have = new Map<number, number>();
  /** When the latest viewer received each version. */
  private readonly lastAt = new Map<number, number>();
  private readonly waiters = new Map<number, { need: number; resolve: (at: number) => void }>();
  frameSample = "";

  async connect(url: string, n: number): Promise<void> {
    for (let start = 0; start < n; start += CONNECT_BATCH) {
      const batch = Math.min(CONNECT_BATCH, n - start);
      await Promise.all(Array.from({ length: batch }, () => this.open(url)));
    }
  }

  private open(url: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const request = http.get(url, { agent }, (response) => {
        if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode}`));
        response.setEncoding("utf8");
        let buffer = "";
        let connected = false;
        response.on("data", (chunk: string) => {
          buffer += chunk;
          for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (!connected) {
              connected = true;
              resolve();
            }
            if (block.startsWith("id: ")) {
              if (!this.frameSample) this.frameSample = block;
              // What a viewer's page does with a frame: read the scoreboard out of it.
              const scoreboard = JSON.parse(block.slice(block.indexOf("data: ") + 6)) as { games?: unknown };
              if (scoreboard.games === undefined) throw new Error("a frame without a scoreboard");
              this.arrived(Number(block.slice(4, block.indexOf("\n"))));
            }
          }
        });
        response.on("error", () => undefined);
      });
      request.on("error", reject);
      this.requests.push(request);
    });
  }

  private arrived(version: number): void {
    const count = (this.have.get(version) ?? 0) + 1;
    this.have.set(version, count);
    this.lastAt.set(version, performance.now());
    const waiter = this.waiters.get(version);
    if (waiter && count >= waiter.need) {
      this.waiters.delete(version);
      waiter.resolve(performance.now());
    }
  }

  /** Resolves with the time the last of `need` viewers received `version`. */
  allHave(version: number, need: number, timeoutMs = 60_000): Promise<number> {
    if ((this.have.get(version) ?? 0) >= need) return Promise.resolve(this.lastAt.get(version)!);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${this.have.get(version) ?? 0} of ${need} viewers got version ${version}`)),
        timeoutMs,
      );
      this.waiters.set(version, { need, resolve: (at) => (clearTimeout(timer), resolve(at)) });
    });
  }

  close(): void {
    for (const request of this.requests) request.destroy();
    this.requests.length = 0;
  }
}

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;
const settle = () => new Promise((r) => setTimeout(r, 1_500));

// --- the product: a production server on SQLite --------------------------------------------------------
const env = prepareDatabase();
const { createUser } = await import("../lib/data/users");
const { createEvening } = await import("../lib/data/evenings");
const { getShareLink } = await import("../lib/data/share");
const { getDb, disconnectDb } = await import("../lib/db/client");
const owner = await createUser({ username: "bench-live", password: PASSWORD });
const players = ["Anna", "Bo", "Cecilia", "Dag"];
const houseRules = { startScore: 500 };
const { id: eveningId } = await createEvening(
  { userId: owner.id },
  { title: "Bench live", date: "2026-12-02", variant: "knektpass", players, houseRules },
);
const gameId = (await getDb().game.findFirstOrThrow({ where: { eveningId }, select: { id: true } })).id;
const token = await getShareLink({ userId: owner.id }, eveningId);
await disconnectDb();
const created = createScorer({ variant: "knektpass", players, houseRules, firstDealer: "Anna", deals: [] });
if (!created.ok) throw new Error("setup");
const scorer = created.scorer;
const rnd = seeded(11);

const server = await startServer(env, 3292);
const cookie = await signIn(server.base, "bench-live", PASSWORD);
// Warm the routes up before measuring.
for (let i = 0; i < 3; i++) await (await fetch(`${server.base}/api/share/${token}`)).arrayBuffer();

async function recordDeal(): Promise<{ version: number; sent: number }> {
  const deal = randomDeal(rnd, scorer);
  const number = scorer.dealCount + 1;
  const sent = performance.now();
  const response = await fetch(`${server.base}/api/games/${gameId}/deals`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ number, entries: deal.entries }),
  });
  if (response.status !== 201) throw new Error(`HTTP ${response.status}`);
  await response.arrayBuffer();
  scorer.push(deal);
  // The evening's version after this deal, which the viewers' frames carry as their id.
  const board = (await (await fetch(`${server.base}/api/share/${token}`)).json()) as { version: number };
  return { version: board.version, sent };
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  kbPerViewer: number;
}

const product = new Map<number, Figures>();
let frame = "";
try {
  for (const n of SIZES) {
    const viewers = new Viewers();
    await settle();
    const before = rssKb(server.pid);
    await viewers.connect(`${server.base}/api/share/${token}/events`, n);
    await settle();
    const after = rssKb(server.pid);
    const latencies: number[] = [];
    for (let d = 0; d < DEALS_PER_SIZE; d++) {
      const { version, sent } = await recordDeal();
      latencies.push((await viewers.allHave(version, n)) - sent);
    }
    frame = viewers.frameSample;
    viewers.close();
    product.set(n, {
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      p99: quantile(latencies, 0.99),
      kbPerViewer: (after - before) / n,
    });
  }
} finally {
  server.stop();
}

// --- the baseline: a bare node:http broadcaster, same frame size ---------------------------------------
const payload = frame.slice(frame.indexOf("data: ") + 6);
const baselinePort = 3293;
// The same Node flags as the product server, so the comparison is of the code, not of the runtime settings.
const baselineProcess = spawn(
  process.execPath,
  [...SERVER_NODE_FLAGS, "bench/support/baseline-sse.mjs", String(baselinePort)],
  { stdio: "ignore" },
);
const baselineBase = `http://127.0.0.1:${baselinePort}`;
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${baselineBase}/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (i > 100) throw new Error("the baseline did not start");
  await new Promise((r) => setTimeout(r, 50));
}
const baseline = new Map<number, Figures>();
try {
  for (const n of SIZES) {
    const viewers = new Viewers();
    await settle();
    const before = rssKb(baselineProcess.pid!);
    await viewers.connect(`${baselineBase}/events`, n);
    await settle();
    const after = rssKb(baselineProcess.pid!);
    const latencies: number[] = [];
    for (let d = 0; d < DEALS_PER_SIZE; d++) {
      const sent = performance.now();
      const version = Number(await (await fetch(`${baselineBase}/publish`, { method: "POST", body: payload })).text());
      latencies.push((await viewers.allHave(version, n)) - sent);
    }
    viewers.close();
    baseline.set(n, {
      p50: quantile(latencies, 0.5),
      p95: quantile(latencies, 0.95),
      p99: quantile(latencies, 0.99),
      kbPerViewer: (after - before) / n,
    });
  }
} finally {
  baselineProcess.kill("SIGTERM");
}

const ms = (x: number) => x.toFixed(0);
console.log(
  `frame: ${(payload.length / 1024).toFixed(1)} KB of JSON per viewer per change; ${DEALS_PER_SIZE} deals per size`,
);
for (const n of SIZES) {
  const p = product.get(n)!;
  const b = baseline.get(n)!;
  console.log(
    `viewers=${n} protokoll: p50=${ms(p.p50)} p95=${ms(p.p95)} p99=${ms(p.p99)} kb_per_viewer=${p.kbPerViewer.toFixed(1)} |`,
    `baseline: p50=${ms(b.p50)} p95=${ms(b.p95)} p99=${ms(b.p99)} kb_per_viewer=${b.kbPerViewer.toFixed(1)} |`,
    `ratio_p95=${(p.p95 / b.p95).toFixed(2)}`,
  );
}
const last = SIZES.at(-1)!;
const p = product.get(last)!;
const b = baseline.get(last)!;
console.log(
  [
    `bench:live viewers=${last} p50=${ms(p.p50)} p95=${ms(p.p95)} p99=${ms(p.p99)} baseline_p95=${ms(b.p95)}`,
    `ratio=${(p.p95 / b.p95).toFixed(2)} kb_per_viewer=${p.kbPerViewer.toFixed(1)}`,
  ].join(" "),
);
process.exit(0);
