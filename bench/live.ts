/**
 * `npm run bench:live` — the live scoreboard under many viewers. Connects N Server-Sent Events viewers (1,000,
 * 5,000 and 15,000) to one production instance on loopback, records deals, and measures the time from sending a
 * deal to the moment the LAST viewer has the new scoreboard, and the server's memory per viewer. At each size,
 * in the same run, the same figures for a bare node:http SSE broadcaster sending a frame of the same size: the
 * baseline. The viewers are spread over helper processes (bench/support/viewers.mjs, at most 4,000 each, so no
 * process nears its open-file limit) on the same two cores as the server, and each parses every frame as the
 * page does. Between sizes the bench waits until the server has closed the last size's connections. At 5,000 it
 * then measures a reconnect storm: as many viewers opening the stream at once (not in batches), from the first
 * connection asked for to the last viewer's first full scoreboard frame, against the bare broadcaster sending each
 * new viewer a frame of the same size (`connect_ms`, `connect_floor_ms`, `connect_ratio`). Then PostgreSQL: two
 * instances of one database with the viewers split evenly over them and the deal posted to the first (the change
 * reaches the second through LISTEN/NOTIFY), at 5,000 and 15,000 viewers in total, against two bare broadcasters
 * with half the viewers each, the first forwarding every frame to the second (TEST_POSTGRES_URL, default the
 * machine's server; skipped without one, except under CI=true). The last lines are machine-readable:
 * `bench:live-pg instances=2 viewers=… p95=… ratio=… kb_per_viewer=…`, `bench:live-scale viewers=15000 …` and
 * `bench:live viewers=5000 … connect_ratio=…`.
 */
import type { ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { createScorer, type GameScorer } from "../lib/rules";
import { randomDeal, seeded } from "../tests/support/random-game";
import { freshPostgres, postgresAvailable, POSTGRES_HOW_TO } from "../tests/support/databases";
import { prepareDatabase, rssKb, signIn, startServer, waitForHealth } from "./support/server";
import { quantile } from "./support/stats";
import { forkNode, spawnNode } from "./support/children";

const SIZES = [1_000, 5_000, 15_000];
/** Viewers in total over the two instances on PostgreSQL. */
const PG_SIZES = [5_000, 15_000];
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

  /**
   * n viewers split evenly over `urls` (instances). With `storm`, every helper opens all of its viewers at once and
   * `connectMs` is the time from the first connection asked for to the last viewer's first full scoreboard frame.
   */
  static async connect(urls: string[], n: number, storm = false): Promise<Crowd> {
    const crowd = new Crowd();
    const count = Math.ceil(Math.ceil(n / VIEWERS_PER_HELPER) / urls.length) * urls.length;
    const helpers = Array.from({ length: count }, () =>
      forkNode("bench/support/viewers.mjs", [], { stdio: "inherit" }),
    );
    // Every helper running before any connects: a storm starts everywhere at once.
    await Promise.all(helpers.map((helper) => new Promise((resolve) => helper.once("spawn", resolve))));
    const replies = helpers.map((helper, h) => {
      const share = Math.floor(n / count) + (h < n % count ? 1 : 0);
      crowd.helpers.push(helper);
      helper.on("message", (message: { version?: number; at?: number }) => {
        if (message.version !== undefined) crowd.heard(message.version, message.at!);
      });
      const reply = crowd.reply(helper, "connected");
      helper.send({ connect: urls[h % urls.length], n: share, storm });
      return reply;
    });
    const times = await Promise.all(replies);
    if (storm) crowd.connectMs = Math.max(...times.map((t) => t.last!)) - Math.min(...times.map((t) => t.first!));
    return crowd;
  }

  /** With a storm: from the first connection asked for to the last viewer's first full frame. */
  connectMs = 0;

  private reply(helper: ChildProcess, key: string): Promise<{ first?: number; last?: number }> {
    return new Promise((resolve, reject) => {
      const onMessage = (message: Record<string, unknown>) => {
        if (!message[key]) return;
        helper.off("message", onMessage);
        resolve(message as { first?: number; last?: number });
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

/** Waits until the connections to `port` are closed on both ends (up to `left` may stay: the bench's own). */
async function drained(port: number, left = 0): Promise<void> {
  for (let i = 0; i < 300 && openConnections(port) > left; i++) await new Promise((r) => setTimeout(r, 100));
}

interface Figures {
  p50: number;
  p95: number;
  p99: number;
  kbPerViewer: number;
  /** At the headline size: a reconnect storm's time until the last viewer has its first full frame. */
  connectMs?: number;
}

/**
 * Connects n viewers split over `urls` (served by processes `pids`), sends DEALS_PER_SIZE changes with `change`, and
 * measures; then, at the headline size, a reconnect storm of as many viewers.
 */
async function measure(
  urls: string[],
  pids: number[],
  n: number,
  change: () => Promise<{ version: number; sent: number }>,
): Promise<Figures> {
  const rss = () => pids.reduce((sum, pid) => sum + rssKb(pid), 0);
  await new Promise((r) => setTimeout(r, 1_000)); // the warm-up's memory settles
  const before = rss();
  const crowd = await Crowd.connect(urls, n);
  await new Promise((r) => setTimeout(r, 1_500));
  const after = rss();
  const latencies: number[] = [];
  try {
    for (let d = 0; d < DEALS_PER_SIZE; d++) {
      const { version, sent } = await change();
      latencies.push((await crowd.allHave(version)) - sent);
    }
  } finally {
    await crowd.close();
  }
  const figures: Figures = {
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    p99: quantile(latencies, 0.99),
    kbPerViewer: (after - before) / n,
  };
  if (n === HEADLINE && urls.length === 1) {
    const port = Number(new URL(urls[0]!).port);
    await drained(port, 10);
    const storm = await Crowd.connect(urls, n, true);
    figures.connectMs = storm.connectMs;
    await storm.close();
  }
  return figures;
}

/** What the bench writes to: an evening's game in play, its share link and a scorer that follows it. */
interface Table {
  gameId: string;
  token: string;
  scorer: GameScorer;
}

/** Sets up the watched evening on the database DATABASE_URL names. */
async function setUpTable(): Promise<Table> {
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
  const token = (await getShareLink({ userId: owner.id }, eveningId))!;
  await disconnectDb();
  const created = createScorer({ variant: "knektpass", players, houseRules, firstDealer: "Anna", deals: [] });
  if (!created.ok) throw new Error("setup");
  return { gameId, token, scorer: created.scorer };
}

const rnd = seeded(11);
/** The product's scoreboard as it stands, sent by the baseline at each size. */
let payload = "";

/**
 * One size on fresh production servers on `ports` (instances of one database): the viewers split evenly over
 * them, each deal posted to the first. Their memory per viewer is of these viewers alone.
 */
async function measureProduct(env: NodeJS.ProcessEnv, table: Table, ports: number[], n: number): Promise<Figures> {
  await Promise.all(ports.map((port) => drained(port)));
  const servers = await Promise.all(ports.map((port) => startServer(env, port)));
  try {
    const [first] = servers;
    const cookie = await signIn(first!.base, "bench-live", PASSWORD);
    const board = async () => (await fetch(`${first!.base}/api/share/${table.token}`)).text();
    const recordDeal = async (): Promise<{ version: number; sent: number }> => {
      const deal = randomDeal(rnd, table.scorer);
      const number = table.scorer.dealCount + 1;
      const sent = now();
      const response = await fetch(`${first!.base}/api/games/${table.gameId}/deals`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookie },
        body: JSON.stringify({ number, entries: deal.entries }),
      });
      if (response.status !== 201) throw new Error(`HTTP ${response.status}`);
      await response.arrayBuffer();
      table.scorer.push(deal);
      // The evening's version after this deal, which the viewers' frames carry as their id.
      return { version: (JSON.parse(await board()) as { version: number }).version, sent };
    };
    // Warm the paths up before measuring.
    await recordDeal();
    for (let i = 0; i < 3; i++) await board();
    const urls = servers.map((server) => `${server.base}/api/share/${table.token}/events`);
    const figures = await measure(
      urls,
      servers.map((server) => server.pid),
      n,
      recordDeal,
    );
    payload = await board();
    return figures;
  } finally {
    for (const server of servers) server.stop();
  }
}

/**
 * The same size on fresh bare broadcasters on `ports`, sending the product's latest scoreboard: a publish goes to the
 * first, which forwards it to the next, as NOTIFY carries a change from one instance to the others.
 */
async function measureBaseline(ports: number[], n: number): Promise<Figures> {
  await Promise.all(ports.map((port) => drained(port)));
  const bases = ports.map((port) => `http://127.0.0.1:${port}`);
  const children = ports.map((port, i) =>
    spawnNode("bench/support/baseline-sse.mjs", [String(port), ...bases.slice(i + 1, i + 2)]),
  );
  try {
    for (const base of bases) await waitForHealth(`${base}/health`);
    const publish = async (): Promise<{ version: number; sent: number }> => {
      const sent = now();
      const version = Number(await (await fetch(`${bases[0]}/publish`, { method: "POST", body: payload })).text());
      return { version, sent };
    };
    // The frame a viewer that connects is sent at once, as the product sends its snapshot.
    await publish();
    return await measure(
      bases.map((base) => `${base}/events`),
      children.map((child) => child.pid!),
      n,
      publish,
    );
  } finally {
    for (const child of children) child.kill("SIGTERM");
  }
}

const ms = (x: number) => x.toFixed(0);

// --- the product on SQLite, one instance ----------------------------------------------------------------
const env = prepareDatabase();
const table = await setUpTable();
const product = new Map<number, Figures>();
const baseline = new Map<number, Figures>();
for (const n of SIZES) {
  product.set(n, await measureProduct(env, table, [3292], n));
  baseline.set(n, await measureBaseline([3293], n));
}
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

// --- PostgreSQL: two instances of one database, the viewers on both -------------------------------------
const pgLines: string[] = [];
if (await postgresAvailable()) {
  const database = await freshPostgres();
  try {
    const pgEnv = { ...env, DATABASE_URL: database.url };
    process.env.DATABASE_URL = database.url;
    const pgTable = await setUpTable();
    for (const n of PG_SIZES) {
      const p = await measureProduct(pgEnv, pgTable, [3296, 3297], n);
      const b = await measureBaseline([3298, 3299], n);
      console.log(
        `postgresql instances=2 viewers=${n} protokoll: p50=${ms(p.p50)} p95=${ms(p.p95)} p99=${ms(p.p99)}`,
        `kb_per_viewer=${p.kbPerViewer.toFixed(1)} | baseline (two broadcasters): p50=${ms(b.p50)} p95=${ms(b.p95)}`,
        `kb_per_viewer=${b.kbPerViewer.toFixed(1)}`,
      );
      pgLines.push(
        `bench:live-pg instances=2 viewers=${n} p95=${ms(p.p95)} ratio=${(p.p95 / b.p95).toFixed(2)} ` +
          `kb_per_viewer=${p.kbPerViewer.toFixed(1)}`,
      );
    }
  } finally {
    await database.drop();
  }
} else if (process.env.CI === "true") {
  throw new Error(`bench:live: CI=true needs PostgreSQL. ${POSTGRES_HOW_TO}`);
} else {
  pgLines.push(`bench:live-pg skipped: ${POSTGRES_HOW_TO}`);
}

for (const line of pgLines) console.log(line);
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
    `connect_ms=${ms(p.connectMs!)} connect_floor_ms=${ms(b.connectMs!)} connect_ratio=${(p.connectMs! / b.connectMs!).toFixed(2)}`,
  ].join(" "),
);
process.exit(0);
