/**
 * `npm run bench:deal` — how long recording a deal takes, as a phone sees it: an HTTP round trip to a
 * production server (session check, permission check, the rules engine over the game, the write), with 50
 * evenings in play — games from the default start scores, the next one started when one ends, and a share-link
 * viewer on every evening with the live odds on, so each deal's odds are worked out on the server while the next
 * deals arrive (decision 022) — on PostgreSQL and then on the embedded SQLite database. On each, first a busy
 * phase (several phones sending at once, each on its own evenings, so the figures include queueing on this
 * machine's two cores shared with the client), then the headline: one deal at a time; then deals at a table's pace
 * (one every 80 ms round the evenings, so each position's odds are worked out before its evening's next deal —
 * `odds_events` says how many were sent), with the odds on and then switched off (`odds_on_over_off_p95`: what
 * worked-out odds cost a deal). The floor, in the same run: the headline's
 * requests, one at a time, to a bare server — node:http + better-sqlite3 with the same durability (WAL,
 * synchronous = FULL), node:http + pg on the same PostgreSQL server (synchronous_commit at its default) — that
 * inserts one row per request; warmed up with the warm-up's requests, then timed in turns with the headline (four
 * blocks of 250 each, each side's turn once the other's work, the odds included, is done). Each database's last line
 * is `bench:deal db=… p50=… p95=… p99=… floor_p95=…
 * ratio=…` (ratio = p95 / floor_p95). BENCH_VIEWERS=off leaves the viewers out (the deals alone, as before the odds).
 * The PostgreSQL part needs a server (TEST_POSTGRES_URL, default the machine's
 * on 127.0.0.1:5432); without one it is skipped, except under CI=true, where it fails.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createScorer, type GameScorer } from "../lib/rules";
import { randomDeal, seeded } from "../tests/support/random-game";
import { freshPostgres, postgresAvailable, POSTGRES_HOW_TO } from "../tests/support/databases";
import { prepareDatabase, signIn, startServer, waitForHealth } from "./support/server";
import { quantile } from "./support/stats";
import { forkNode, spawnNode } from "./support/children";

const EVENINGS = 50;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const USERS = 10;
/** Phones sending at once in the busy phase; the headline figure is one deal at a time. */
const BUSY_PHONES = 4;
const WARMUP_DEALS = 100;
const MEASURED_DEALS = 1_000;
/** The headline phase and its floor take turns in this many blocks. */
const HEADLINE_BLOCKS = 4;
/**
 * The paced phases: a deal every `PACE_MS` round the 50 evenings (each table a deal every 4 s — a fast table), time
 * enough for each position's odds to be worked out before its evening's next deal, as at a real table.
 */
const PACED_DEALS = 400;
const PACE_MS = 80;
const PASSWORD = "bench password 1";

interface Table {
  eveningId: string;
  gameId: string;
  owner: { userId: string };
  user: string;
  players: string[];
  firstDealerSeat: number;
  scorer: GameScorer;
}

interface Run {
  busy: { latencies: number[]; seconds: number };
  single: { latencies: number[]; seconds: number };
  /**
   * Deals at a table's pace (`PACE_MS` apart, round the evenings), with the odds on and then switched off on every
   * evening: what the odds cost the deals when they are worked out — `pacedOddsEvents` of the paced deals with the
   * odds on had theirs sent.
   */
  pacedOn: number[];
  pacedOff: number[];
  pacedOddsEvents: number;
  /** The headline phase's requests replayed, block by block between its own blocks, to the bare server. */
  floor: number[];
  /** Games that ended (a next one started at once) and odds events the viewers were sent. */
  gamesEnded: number;
  viewers: number;
  oddsEvents: number;
}

/**
 * One share-link viewer per evening, as TV mode is: each stream read and its frames parsed, odds events counted — in
 * a helper process (bench/support/viewers.mjs), as the viewers are other devices than the phone being timed. The
 * odds are on (the default), so every deal the bench records has its odds worked out on the server while the next
 * is sent.
 */
async function watch(
  base: string,
  tokens: string[],
): Promise<{ count: () => Promise<number>; close: () => Promise<number> }> {
  const helper = forkNode("bench/support/viewers.mjs", [], { stdio: "inherit" });
  const answer = <T>() => new Promise<T>((resolve) => helper.once("message", (message) => resolve(message as T)));
  const connected = answer<{ connected: boolean }>();
  helper.send({ watch: tokens.map((token) => `${base}/api/share/${token}/events`) });
  await connected;
  let closing: Promise<number> | null = null;
  return {
    count: async () => {
      const counted = answer<{ oddsEvents: number }>();
      helper.send({ count: true });
      return (await counted).oddsEvents;
    },
    close: () =>
      (closing ??= (async () => {
        const closed = answer<{ oddsEvents: number }>();
        helper.send({ close: true });
        const { oddsEvents } = await closed;
        helper.kill();
        return oddsEvents;
      })()),
  };
}

/**
 * Sets up 50 evenings on the database `env` names, then records deals against a server on it; the floor
 * (`floorServer`: script, port, database) is timed between the headline's blocks.
 */
async function run(env: NodeJS.ProcessEnv, port: number, floorServer: string[]): Promise<Run> {
  process.env.DATABASE_URL = env.DATABASE_URL;
  // Setup through the data layer (the bench runs with the react-server condition, like the server does).
  const { createUser } = await import("../lib/data/users");
  const { createEvening } = await import("../lib/data/evenings");
  const { getDb, disconnectDb } = await import("../lib/db/client");
  const tables: Table[] = [];
  const users: { id: string; username: string }[] = [];
  for (let u = 0; u < USERS; u++) users.push(await createUser({ username: `bench-user-${u}`, password: PASSWORD }));
  const players = ["Anna", "Bo", "Cecilia", "Dag"];
  const tokens: string[] = [];
  const scorerFor = (variant: "knektpass" | "norrlands-knack", firstDealerSeat: number) => {
    const created = createScorer({ variant, players, firstDealer: players[firstDealerSeat]!, deals: [] });
    if (!created.ok) throw new Error("bad setup");
    return created.scorer;
  };
  for (let e = 0; e < EVENINGS; e++) {
    const user = users[e % USERS]!;
    const variant = e % 2 ? "norrlands-knack" : "knektpass";
    // The default start scores: games end as at a real table, and the next one starts (outside the timing).
    const { id } = await createEvening(
      { userId: user.id },
      { title: `Bench ${e}`, date: "2026-12-02", variant, players, firstDealerSeat: 0 },
    );
    const evening = await getDb().evening.findUniqueOrThrow({
      where: { id },
      select: { shareToken: true, games: { select: { id: true } } },
    });
    tokens.push(evening.shareToken!);
    if (process.env.BENCH_VIEWERS === "off") tokens.pop();
    tables.push({
      eveningId: id,
      gameId: evening.games[0]!.id,
      owner: { userId: user.id },
      user: user.username,
      players,
      firstDealerSeat: 0,
      scorer: scorerFor(variant, 0),
    });
  }

  const server = await startServer(env, port);
  const viewers = await watch(server.base, tokens);
  const floor = await startFloor(floorServer);
  let gamesEnded = 0;
  try {
    const cookies = new Map<string, string>();
    for (const u of users) cookies.set(u.username, await signIn(server.base, u.username, PASSWORD));
    const rnd = seeded(7);
    let sent: Request[] = [];
    let keep = false;
    const recordOne = async (table: Table): Promise<number> => {
      const ms = await sendDeal(table);
      // A game that ends is followed by the next, as at the table (outside the timing).
      if (table.scorer.isOver) await nextGame(table);
      return ms;
    };
    const sendDeal = async (table: Table): Promise<number> => {
      const deal = randomDeal(rnd, table.scorer);
      const number = table.scorer.dealCount + 1;
      const body = JSON.stringify({ number, entries: deal.entries, clientKey: `bench-${table.gameId}-${number}` });
      if (keep) sent.push({ gameId: table.gameId, body });
      const start = performance.now();
      const response = await fetch(`${server.base}/api/games/${table.gameId}/deals`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookies.get(table.user)! },
        body,
      });
      await response.arrayBuffer();
      const ms = performance.now() - start;
      if (response.status !== 201) throw new Error(`deal ${number} of ${table.gameId}: HTTP ${response.status}`);
      table.scorer.push(deal);
      return ms;
    };
    /** The next game, started as the evening page does it, through the server (POST /api/evenings/{id}/games). */
    const nextGame = async (table: Table) => {
      gamesEnded++;
      table.firstDealerSeat = (table.firstDealerSeat + 1) % table.players.length;
      const response = await fetch(`${server.base}/api/evenings/${table.eveningId}/games`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Cookie: cookies.get(table.user)! },
        body: JSON.stringify({ players: table.players, firstDealerSeat: table.firstDealerSeat }),
      });
      if (response.status !== 201) throw new Error(`next game of ${table.eveningId}: HTTP ${response.status}`);
      table.gameId = ((await response.json()) as { id: string }).id;
      table.scorer = scorerFor(table.scorer.setup.variant, table.firstDealerSeat);
    };
    /** Sends `deals` deals from `phones` phones at once; each phone owns every phones-th evening. */
    const phase = async (phones: number, deals: number) => {
      const latencies: number[] = [];
      const started = performance.now();
      await Promise.all(
        Array.from({ length: phones }, async (_, index) => {
          const mine = tables.filter((_, i) => i % phones === index);
          for (let d = 0; d < deals / phones; d++) latencies.push(await recordOne(mine[d % mine.length]!));
        }),
      );
      return { latencies, seconds: (performance.now() - started) / 1000 };
    };
    keep = true;
    await phase(BUSY_PHONES, WARMUP_DEALS);
    keep = false;
    await floor.replay(sent.splice(0)); // the floor warmed up as the server was
    const busy = await phase(BUSY_PHONES, MEASURED_DEALS);
    // The headline and the floor take turns, block by block, each while the other is idle: this machine's speed
    // drifts over seconds, and a floor timed only before or after the headline would compare two different machines.
    const single = { latencies: [] as number[], seconds: 0 };
    const floorLatencies: number[] = [];
    // Each turn starts once both servers are idle (the deals' live odds are done before the floor's turn), so
    // neither side inherits the other's work nor alone starts from a machine at rest.
    const bothIdle = () => Promise.all([settled(server.pid), settled(floor.pid)]);
    for (let block = 0; block < HEADLINE_BLOCKS; block++) {
      await bothIdle();
      keep = true;
      const part = await phase(1, MEASURED_DEALS / HEADLINE_BLOCKS);
      keep = false;
      single.latencies.push(...part.latencies);
      single.seconds += part.seconds;
      await bothIdle();
      floorLatencies.push(...(await floor.replay(sent)));
      sent = [];
    }
    /** One deal at a time, `PACE_MS` from the start of one to the start of the next, round the evenings. */
    const paced = async (deals: number) => {
      const latencies: number[] = [];
      for (let d = 0; d < deals; d++) {
        const started = performance.now();
        latencies.push(await recordOne(tables[d % tables.length]!));
        await sleep(PACE_MS - (performance.now() - started));
      }
      return latencies;
    };
    await bothIdle();
    const eventsBefore = await viewers.count();
    const pacedOn = await paced(PACED_DEALS);
    // The last deal's odds reach its viewer a moment after its answer.
    await sleep(1_000);
    const pacedOddsEvents = (await viewers.count()) - eventsBefore;
    const { setShowOdds } = await import("../lib/data/share");
    for (const table of tables) await setShowOdds(table.owner, table.eveningId, false);
    // Switching changes each evening: its next live update reads the evening and its games again (not what the odds
    // cost a deal), so one deal per evening goes first, untimed.
    await phase(1, EVENINGS);
    await bothIdle();
    const pacedOff = await paced(PACED_DEALS);
    const oddsEvents = await viewers.close();
    return {
      busy,
      single,
      pacedOn,
      pacedOff,
      pacedOddsEvents,
      floor: floorLatencies,
      gamesEnded,
      viewers: tokens.length,
      oddsEvents,
    };
  } finally {
    await floor.stop();
    await viewers.close();
    server.stop();
    await disconnectDb();
  }
}

const at = (xs: number[], q: number) => quantile(xs, q).toFixed(1);

function report(db: string, result: Run): void {
  const { busy, single } = result;
  console.log(
    `${db}: evenings=${EVENINGS} ` +
      `deals_recorded=${WARMUP_DEALS + EVENINGS + 2 * MEASURED_DEALS + 2 * PACED_DEALS} games_ended=${result.gamesEnded}`,
    `viewers=${result.viewers} (odds on) odds_events=${result.oddsEvents}`,
  );
  console.log(
    `${db} busy: phones_at_once=${BUSY_PHONES} p50=${at(busy.latencies, 0.5)} p95=${at(busy.latencies, 0.95)}`,
    `p99=${at(busy.latencies, 0.99)} throughput=${(MEASURED_DEALS / busy.seconds).toFixed(0)} deals/s`,
  );
  console.log(`${db} one at a time: throughput=${(MEASURED_DEALS / single.seconds).toFixed(0)} deals/s`);
  const { pacedOn, pacedOff } = result;
  const onP95 = quantile(pacedOn, 0.95);
  const offP95 = quantile(pacedOff, 0.95);
  console.log(
    `${db} paced (a deal every ${PACE_MS} ms round the evenings): odds on p50=${at(pacedOn, 0.5)} p95=${onP95.toFixed(1)}`,
    `odds_events=${result.pacedOddsEvents} of ${PACED_DEALS} deals; odds off p50=${at(pacedOff, 0.5)} p95=${offP95.toFixed(1)}`,
    `odds_on_over_off_p95=${(onP95 / offP95).toFixed(2)}`,
  );
}

// --- PostgreSQL ------------------------------------------------------------------------------------------
const sqliteEnv = prepareDatabase();
let postgresLine: string;
if (await postgresAvailable()) {
  const database = await freshPostgres();
  try {
    const result = await run({ ...sqliteEnv, DATABASE_URL: database.url }, 3296, [
      "bench/support/baseline-deal-pg.mjs",
      "3297",
      database.url,
    ]);
    report("postgresql", result);
    const { single, floor } = result;
    console.log(
      `floor (node:http + pg, one insert, synchronous_commit default): p50=${at(floor, 0.5)} p95=${at(floor, 0.95)} p99=${at(floor, 0.99)}`,
    );
    postgresLine = lineOf("postgresql", single.latencies, floor);
  } finally {
    await (await import("../lib/db/client")).disconnectDb();
    await database.drop();
  }
} else if (process.env.CI === "true") {
  throw new Error(`bench:deal: CI=true needs PostgreSQL. ${POSTGRES_HOW_TO}`);
} else {
  postgresLine = `bench:deal db=postgresql skipped: ${POSTGRES_HOW_TO}`;
}

// --- SQLite and its floor --------------------------------------------------------------------------------
const sqlite = await run(sqliteEnv, 3290, [
  "bench/support/baseline-deal.mjs",
  "3295",
  join(dirname(sqliteEnv.DATABASE_URL!.slice("file:".length)), "floor.db"),
]);
report("sqlite", sqlite);
const { floor } = sqlite;
console.log(
  `floor (node:http + better-sqlite3, synchronous=FULL): p50=${at(floor, 0.5)} p95=${at(floor, 0.95)} p99=${at(floor, 0.99)}`,
);
console.log(postgresLine);
console.log(lineOf("sqlite", sqlite.single.latencies, floor));

/** A database's last line: the headline figures, the floor's p95 and the ratio of the two p95s. */
function lineOf(db: string, latencies: number[], floor: number[]): string {
  const p95 = Number(at(latencies, 0.95));
  const floorP95 = Number(at(floor, 0.95));
  return (
    `bench:deal db=${db} p50=${at(latencies, 0.5)} p95=${p95.toFixed(1)} p99=${at(latencies, 0.99)} ` +
    `floor_p95=${floorP95.toFixed(1)} ratio=${(p95 / floorP95).toFixed(2)}`
  );
}

/** A request of the headline phase, to replay against the floor. */
interface Request {
  gameId: string;
  body: string;
}

/**
 * The bare server (`script port database`, on a database beside the bench's), started beside the product's:
 * `replay` sends requests to it one at a time and returns their latencies.
 */
async function startFloor([script, port, database]: string[]) {
  const child = spawnNode(script!, [port!, database!]);
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/health`);
  return {
    pid: child.pid!,
    async replay(requests: Request[]): Promise<number[]> {
      const latencies: number[] = [];
      for (const { gameId, body } of requests) {
        const start = performance.now();
        const response = await fetch(`${base}/deals/${gameId}`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body,
        });
        await response.arrayBuffer();
        latencies.push(performance.now() - start);
        if (response.status !== 201) throw new Error(`floor: HTTP ${response.status}`);
      }
      return latencies;
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    },
  };
}

/** The CPU time process `pid` has used, in clock ticks (Linux). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]); // utime, stime
}

/** Waits until process `pid` has used no CPU for 100 ms (at most 5 s): its background work is done. */
async function settled(pid: number): Promise<void> {
  let last = cpuTicks(pid);
  let still = 0;
  for (let waited = 0; still < 2 && waited < 5_000; waited += 50) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = cpuTicks(pid);
    still = now === last ? still + 1 : 0;
    last = now;
  }
}
