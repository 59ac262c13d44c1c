/**
 * `npm run bench:live` — the live scoreboard under many viewers. Connects N Server-Sent Events viewers (1,000,
 * 5,000 and 15,000) to one production instance on loopback, records deals, and measures the time from sending a
 * deal to the moment the LAST viewer has the new scoreboard, and the server's memory per viewer. At each size,
 * in the same run, the same figures for a bare node:http SSE broadcaster sending a frame of the same size: the
 * baseline. The viewers are spread over helper processes (bench/support/viewers.mjs, at most 4,000 each, so no
 * process nears its open-file limit) on the same two cores as the server, and each parses every frame as the
 * page does. Between sizes the bench waits until the server has closed the last size's connections. The last
 * lines are machine-readable: `bench:live-scale viewers=15000 …` and `bench:live viewers=5000 …`.
 */
import { fork, spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createScorer } from "../lib/rules";
import { randomDeal, seeded } from "../tests/support/random-game";
import { prepareDatabase, rssKb, signIn, startServer, waitForHealth } from "./support/server";
import { quantile } from "./support/stats";

const SIZES = [1_000, 5_000, 15_000];
const HEADLINE = 5_000;
const DEALS_PER_SIZE = 30;
const VIEWERS_PER_HELPER = 4_000;
const PASSWORD = "bench password 1";

const now = () => performance.timeOrigin + performance.now();

/** N stream readers in helper processes; tells when the last of them has received each version. */
class Crowd {
  private readonly helpers: ChildProcess[] = [];
  /** Per version: how many helpers have all their viewers on it, and when the latest of them got there. */
  private readonly reached = new Map<number, { helpers: number; at: number }>();
  private readonly waiters = new Map<number, (at: number) => void>();

  static async connect(url: string, n: number): Promise<Crowd> {
    const crowd = new Crowd();
    const count = Math.ceil(n / VIEWERS_PER_HELPER);
    const replies: Promise<void>[] = [];
    for (let h = 0; h < count; h++) {
      const share = Math.floor(n / count) + (h < n % count ? 1 : 0);
      const helper = fork("bench/support/viewers.mjs", [], { stdio: "inherit" });
      crowd.helpers.push(helper);
      helper.on("message", (message: { version?: number; at?: number }) => {
        if (message.version !== undefined) crowd.heard(message.version, message.at!);
      });
      replies.push(crowd.reply(helper, "connected"));
      helper.send({ connect: url, n: share });
    }
    await Promise.all(replies);
    return crowd;
  }

  private reply(helper: ChildProcess, key: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!message[key]) return;
        helper.off("message", onMessage);
        resolve();
      };
      helper.on("message", onMessage);
      helper.once("exit", (code) => reject(new Error(`a viewer helper exited (${code})`)));
    });
  }

  private heard(version: number, at: number): void {
    const reached = this.reached.get(version) ?? { helpers: 0, at: 0 };
    reached.helpers++;
    reached.at = Math.max(reached.at, at);
    this.reached.set(version, reached);
    if (reached.helpers === this.helpers.length) this.waiters.get(version)?.(reached.at);
  }

  /** Resolves with the time (ms since the epoch) the last viewer received `version`. */
  allHave(version: number, timeoutMs = 60_000): Promise<number> {
    const reached = this.reached.get(version);
    if (reached && reached.helpers === this.helpers.length) return Promise.resolve(reached.at);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`not every viewer got version ${version}`)), timeoutMs);
      this.waiters.set(version, (at) => (clearTimeout(timer), resolve(at)));
    });
  }

  async close(): Promise<void> {
    await Promise.all(
      this.helpers.map((helper) => {
        const closed = new Promise<void>((resolve) =>
          helper.on("message", (m: { closed?: boolean }) => m.closed && resolve()),
        );
        helper.send({ close: true });
        return closed;
      }),
    );
    for (const helper of this.helpers) helper.kill();
  }
}

/** Connections to `port` that are still open on this machine (Linux /proc; TIME_WAIT no longer holds a socket). */
function openConnections(port: number): number {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  let count = 0;
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const line of text.split("\n").slice(1)) {
      const [, local, remote, state] = line.trim().split(/\s+/);
      if (!state || state === "0A" || state === "06") continue; // listening, TIME_WAIT
      if (local?.endsWith(hex) || remote?.endsWith(hex)) count++;
    }
  }
  return count;
}

/** Waits until the last size's connections to `port` are closed on both ends. */
async function drained(port: number): Promise<void> {
  for (let i = 0; i < 300 && openConnections(port) > 0; i++) await new Promise((r) => setTimeout(r, 100));
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  kbPerViewer: number;
}

/** Connects n viewers to `url` (served by process `pid`), sends DEALS_PER_SIZE changes with `change`, and measures. */
async function measure(
  url: string,
  pid: number,
  n: number,
  change: () => Promise<{ version: number; sent: number }>,
): Promise<Figures> {
  await new Promise((r) => setTimeout(r, 1_000)); // the warm-up's memory settles
  const before = rssKb(pid);
  const crowd = await Crowd.connect(url, n);
  await new Promise((r) => setTimeout(r, 1_500));
  const after = rssKb(pid);
  const latencies: number[] = [];
  try {
    for (let d = 0; d < DEALS_PER_SIZE; d++) {
      const { version, sent } = await change();
      latencies.push((await crowd.allHave(version)) - sent);
    }
  } finally {
    await crowd.close();
  }
  return {
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    kbPerViewer: (after - before) / n,
  };
}

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

const PRODUCT_PORT = 3292;
const BASELINE_PORT = 3293;
/** The product's scoreboard as it stands, sent by the baseline at each size. */
let payload = "";

/** One size on a fresh production server: its memory per viewer is of these viewers alone. */
async function measureProduct(n: number): Promise<Figures> {
  await drained(PRODUCT_PORT);
  const server = await startServer(env, PRODUCT_PORT);
  try {
    const cookie = await signIn(server.base, "bench-live", PASSWORD);
    const board = async () => (await fetch(`${server.base}/api/share/${token}`)).text();
    const recordDeal = async (): Promise<{ version: number; sent: number }> => {
      const deal = randomDeal(rnd, scorer);
      const number = scorer.dealCount + 1;
      const sent = now();
      const response = await fetch(`${server.base}/api/games/${gameId}/deals`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({ number, entries: deal.entries }),
      });
      if (response.status !== 201) throw new Error(`HTTP ${response.status}`);
      await response.arrayBuffer();
      scorer.push(deal);
      // The evening's version after this deal, which the viewers' frames carry as their id.
      return { version: (JSON.parse(await board()) as { version: number }).version, sent };
    };
    // Warm the paths up before measuring.
    await recordDeal();
    for (let i = 0; i < 3; i++) await board();
    const figures = await measure(`${server.base}/api/share/${token}/events`, server.pid, n, recordDeal);
    payload = await board();
    return figures;
  } finally {
    server.stop();
  }
}

/** The same size on a fresh bare broadcaster, sending the product's latest scoreboard. */
async function measureBaseline(n: number): Promise<Figures> {
  await drained(BASELINE_PORT);
  const child = spawn(process.execPath, ["bench/support/baseline-sse.mjs", String(BASELINE_PORT)], { stdio: "ignore" });
  const base = `http://127.0.0.1:${BASELINE_PORT}`;
  try {
    await waitForHealth(`${base}/health`);
    const publish = async (): Promise<{ version: number; sent: number }> => {
      const sent = now();
      const version = Number(await (await fetch(`${base}/publish`, { method: "POST", body: payload })).text());
      return { version, sent };
    };
    return await measure(`${base}/events`, child.pid!, n, publish);
  } finally {
    child.kill("SIGTERM");
  }
}

const product = new Map<number, Figures>();
const baseline = new Map<number, Figures>();
for (const n of SIZES) {
  product.set(n, await measureProduct(n));
  baseline.set(n, await measureBaseline(n));
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
const largest = SIZES.at(-1)!;
const scale = product.get(largest)!;
console.log(
  `bench:live-scale viewers=${largest} p95=${ms(scale.p95)} ratio=${(scale.p95 / baseline.get(largest)!.p95).toFixed(2)}`,
  `kb_per_viewer=${scale.kbPerViewer.toFixed(1)}`,
);
const p = product.get(HEADLINE)!;
const b = baseline.get(HEADLINE)!;
console.log(
  [
    `bench:live viewers=${HEADLINE} p50=${ms(p.p50)} p95=${ms(p.p95)} p99=${ms(p.p99)} baseline_p95=${ms(b.p95)}`,
    `ratio=${(p.p95 / b.p95).toFixed(2)} kb_per_viewer=${p.kbPerViewer.toFixed(1)}`,
  ].join(" "),
);
process.exit(0);
