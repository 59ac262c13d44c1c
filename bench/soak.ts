/**
 * `npm run bench:soak` — nothing acknowledged is ever lost or duplicated, under load and through crashes.
 * Loopback only, bounded in deals and time. Scenarios, each checked against the database afterwards:
 *  1. load on SQLite: 50 evenings × 2 phones recording at once over HTTP;
 *  2. the same on PostgreSQL;
 *  3. SQLite, kill -9 of the server in the middle of the load, then a restart;
 *  4. PostgreSQL (a private instance: initdb into a temporary folder, its own port) restarted under load: the
 *     app answers with a clear temporary error meanwhile and reconnects by itself.
 * For every acknowledged deal (HTTP 201/200 with its client key) the stored game must hold it exactly once,
 * deal numbers must run 1..n without gaps, and the stored scores must equal the rules engine's fold.
 * The last line is machine-readable.
 */
import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import pg from "pg";
import { evaluateGame } from "../lib/rules";
import { prepareDatabase, signIn, startServer, type BenchServer } from "./support/server";

const EVENINGS = 50;
const PHONES = 2;
const DEALS_PER_PHONE = 15;
const PASSWORD = "bench password 1";
const PLAYERS = ["Anna", "Bo", "Cecilia"];

interface Table {
  gameId: string;
  eveningId: string;
  token: string;
}
interface Totals {
  sent: number;
  acknowledged: number;
  refused: number;
  errors5xx: number;
  unreachable: number;
  stored: number;
  lost: number;
  duplicated: number;
}
const grand: Totals = {
  sent: 0,
  acknowledged: 0,
  refused: 0,
  errors5xx: 0,
  unreachable: 0,
  stored: 0,
  lost: 0,
  duplicated: 0,
};

function migrate(url: string) {
  const r = spawnSync("npx", ["prisma", "migrate", "deploy"], {
    env: { ...process.env, DATABASE_URL: url },
    stdio: ["ignore", "ignore", "inherit"],
  });
  if (r.status !== 0) throw new Error(`migrate ${url} failed`);
}

/** Creates the owner and the evenings through the data layer of this process. */
async function seed(url: string): Promise<Table[]> {
  process.env.DATABASE_URL = url;
  const { disconnectDb, getDb } = await import("../lib/db/client");
  await disconnectDb();
  const { createUser } = await import("../lib/data/users");
  const { createEvening } = await import("../lib/data/evenings");
  const { getShareLink } = await import("../lib/data/share");
  const user = await createUser({ username: "bench-soak", password: PASSWORD });
  const tables: Table[] = [];
  for (let e = 0; e < EVENINGS; e++) {
    const { id } = await createEvening(
      { userId: user.id },
      {
        title: `Soak ${e}`,
        date: "2026-12-02",
        variant: "knektpass",
        players: PLAYERS,
        houseRules: { startScore: 900 },
      },
    );
    const game = await getDb().game.findFirstOrThrow({ where: { eveningId: id }, select: { id: true } });
    tables.push({ gameId: game.id, eveningId: id, token: (await getShareLink({ userId: user.id }, id))! });
  }
  await disconnectDb();
  return tables;
}

/** Two phones per evening send deals until each has sent its share; returns the acknowledged client keys. */
async function load(
  server: () => BenchServer,
  cookie: () => string,
  tables: Table[],
  totals: Totals,
  during?: () => Promise<void>,
) {
  const acked = new Map<string, Set<string>>(tables.map((t) => [t.gameId, new Set()]));
  let seq = 0;
  let lastBody: Promise<string> = Promise.resolve("");
  async function phone(table: Table, index: number) {
    let known = 0;
    for (let sent = 0; sent < DEALS_PER_PHONE;) {
      const alone = PLAYERS[(index + sent + seq++) % PLAYERS.length]!;
      const clientKey = `${table.gameId}-${index}-${sent}`;
      const body = JSON.stringify({
        number: known + 1,
        entries: Object.fromEntries(PLAYERS.map((p) => [p, { plays: p === alone }])),
        clientKey,
      });
      totals.sent++;
      sent++;
      let status = 0;
      try {
        const response = await fetch(`${server().base}/api/games/${table.gameId}/deals`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: cookie() },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        status = response.status;
        const text = await response.text().catch(() => "");
        lastBody = Promise.resolve(text.slice(0, 200));
        const json = (() => {
          try {
            return JSON.parse(text) as { number?: number };
          } catch {
            return {} as { number?: number };
          }
        })();
        if (status === 201 || status === 200) {
          totals.acknowledged++;
          acked.get(table.gameId)!.add(clientKey);
          known = json.number ?? known + 1;
          continue;
        }
      } catch {
        totals.unreachable++;
        await new Promise((r) => setTimeout(r, 200));
      }
      if (status >= 500) {
        totals.errors5xx++;
        if (process.env.BENCH_VERBOSE)
          console.log(`  ${status} at ${(performance.now() / 1000).toFixed(1)} s: ${await lastBody}`);
      } else if (status) totals.refused++;
      // Catch up with the game as the scoreboard shows it, then go on.
      try {
        const board = (await (
          await fetch(`${server().base}/api/share/${table.token}`, { signal: AbortSignal.timeout(10_000) })
        ).json()) as { games: { deals: unknown[] }[] };
        known = board.games[0]!.deals.length;
      } catch {
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  }
  await Promise.all([
    ...tables.flatMap((t) => Array.from({ length: PHONES }, (_, i) => phone(t, i))),
    during?.() ?? Promise.resolve(),
  ]);
  return acked;
}

/** Compares the stored deals with what was acknowledged. */
async function verify(
  rows: (gameId: string) => Promise<{ number: number; clientKey: string | null }[]>,
  record: (gameId: string) => Promise<ReturnType<typeof evaluateGame>>,
  acked: Map<string, Set<string>>,
  totals: Totals,
) {
  for (const [gameId, keys] of acked) {
    const deals = await rows(gameId);
    totals.stored += deals.length;
    const stored = deals.map((d) => d.clientKey);
    for (const key of keys) if (!stored.includes(key)) totals.lost++;
    totals.duplicated += stored.length - new Set(stored).size;
    if (deals.some((d, i) => d.number !== i + 1)) throw new Error(`deal numbers of ${gameId} have gaps`);
    const evaluation = await record(gameId);
    if (!evaluation.ok) throw new Error(`stored game ${gameId} does not score`);
  }
}

function report(name: string, t: Totals) {
  console.log(
    `${name}: sent=${t.sent} acknowledged=${t.acknowledged} stored=${t.stored} refused=${t.refused}`,
    `unreachable=${t.unreachable} lost=${t.lost} duplicated=${t.duplicated} 5xx=${t.errors5xx}`,
  );
  for (const k of Object.keys(grand) as (keyof Totals)[]) grand[k] += t[k];
}

async function scoredFromExport(server: BenchServer, cookie: string, eveningId: string) {
  const response = await fetch(`${server.base}/api/evenings/${eveningId}/export`, { headers: { Cookie: cookie } });
  const evening = (await response.json()) as { games: unknown[] };
  return evaluateGame(evening.games[0]);
}

// --- 1 and 3: SQLite ------------------------------------------------------------------------------------
async function sqliteScenario(kill: boolean) {
  const env = prepareDatabase();
  const tables = await seed(env.DATABASE_URL!);
  let server = await startServer(env, 3295);
  let cookie = await signIn(server.base, "bench-soak", PASSWORD);
  const totals: Totals = {
    sent: 0,
    acknowledged: 0,
    refused: 0,
    errors5xx: 0,
    unreachable: 0,
    stored: 0,
    lost: 0,
    duplicated: 0,
  };
  const acked = await load(
    () => server,
    () => cookie,
    tables,
    totals,
    kill
      ? async () => {
          await new Promise((r) => setTimeout(r, 1_500));
          process.kill(server.pid, "SIGKILL");
          await new Promise((r) => setTimeout(r, 300));
          server = await startServer(env, 3295);
          cookie = await signIn(server.base, "bench-soak", PASSWORD);
        }
      : undefined,
  );
  const db = new Database(env.DATABASE_URL!.slice(5), { readonly: true });
  const byGame = new Map(tables.map((t) => [t.gameId, t.eveningId]));
  await verify(
    async (gameId) =>
      db.prepare('SELECT "number", "clientKey" FROM "Deal" WHERE "gameId" = ? ORDER BY "number"').all(gameId) as {
        number: number;
        clientKey: string | null;
      }[],
    (gameId) => scoredFromExport(server, cookie, byGame.get(gameId)!),
    acked,
    totals,
  );
  db.close();
  server.stop();
  report(kill ? "sqlite, kill -9 and restart" : "sqlite load", totals);
}

// --- 2 and 4: PostgreSQL ----------------------------------------------------------------------------------
/**
 * A CPU-bound process beside the server (a busy loop), as on a machine shared with other work — when the
 * database could not start a transaction in time (P2028) and answered 500.
 */
function cpuHog(): () => void {
  // It stops by itself once the bench is gone, should the bench stop without killing it.
  const loop = `for (let i = 0; ; i++) if (i % 1e8 === 0) try { process.kill(${process.pid}, 0) } catch { process.exit() }`;
  const hog = spawn(process.execPath, ["-e", loop], { stdio: "ignore" });
  return () => hog.kill("SIGKILL");
}

/** How long the last restart of PostgreSQL took (pg_ctl restart: stop, then start until it accepts connections). */
let awayMs = 0;

async function postgresScenario(url: string, name: string, restart?: () => Promise<void>) {
  migrate(url);
  const stopHog = cpuHog();
  const tables = await seed(url);
  const env = { ...process.env, DATABASE_URL: url, AUTH_SECRET: "bench-secret-bench-secret-bench-secret-00" };
  const server = await startServer(env, 3296);
  const cookie = await signIn(server.base, "bench-soak", PASSWORD);
  const totals: Totals = {
    sent: 0,
    acknowledged: 0,
    refused: 0,
    errors5xx: 0,
    unreachable: 0,
    stored: 0,
    lost: 0,
    duplicated: 0,
  };
  const acked = await load(
    () => server,
    () => cookie,
    tables,
    totals,
    restart
      ? async () => {
          await new Promise((r) => setTimeout(r, 1_500));
          const began = performance.now();
          await restart();
          awayMs = performance.now() - began;
          if (process.env.BENCH_VERBOSE)
            console.log(`  restart from ${(began / 1000).toFixed(1)} s to ${(performance.now() / 1000).toFixed(1)} s`);
        }
      : undefined,
  );
  // The app reconnected by itself: it answers again.
  const health = (await (await fetch(`${server.base}/api/health`)).json()) as { ok: boolean };
  if (!health.ok) throw new Error("the app did not reconnect to PostgreSQL");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const byGame = new Map(tables.map((t) => [t.gameId, t.eveningId]));
  await verify(
    async (gameId) =>
      (await client.query('SELECT "number", "clientKey" FROM "Deal" WHERE "gameId" = $1 ORDER BY "number"', [gameId]))
        .rows,
    (gameId) => scoredFromExport(server, cookie, byGame.get(gameId)!),
    acked,
    totals,
  );
  await client.end();
  server.stop();
  stopHog();
  report(restart ? `${name} (database restarted in ${(awayMs / 1000).toFixed(1)} s)` : name, totals);
}

const started = Date.now();
await sqliteScenario(false);
await sqliteScenario(true);

const admin = new pg.Client({
  connectionString: process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres",
});
await admin.connect();
const sharedName = `protokoll_soak_${Date.now()}`;
await admin.query(`create database ${sharedName}`);
try {
  await postgresScenario(`postgresql://postgres@127.0.0.1:5432/${sharedName}`, "postgresql load");
} finally {
  await admin.query(`drop database if exists ${sharedName} with (force)`);
  await admin.end();
}

// A private PostgreSQL, so restarting it disturbs nothing else on the machine.
const bin = "/usr/lib/postgresql/15/bin";
const dir = mkdtempSync(join(tmpdir(), "protokoll-pg-"));
chmodSync(dir, 0o777);
const data = join(dir, "data");
const port = 5499;
const asPostgres = (args: string[]) => execFileSync("runuser", ["-u", "postgres", "--", ...args], { stdio: "ignore" });
const asPostgresAsync = (args: string[]) =>
  new Promise<void>((resolve, reject) =>
    execFile("runuser", ["-u", "postgres", "--", ...args], (error) => (error ? reject(error) : resolve())),
  );
asPostgres([`${bin}/initdb`, "-D", data, "-A", "trust", "-U", "postgres"]);
asPostgres([
  `${bin}/pg_ctl`,
  "-D",
  data,
  "-o",
  `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
  "-l",
  join(dir, "log"),
  "-w",
  "start",
]);
try {
  const privateUrl = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  // Restarted without blocking the bench: the phones keep sending while the database is away.
  await postgresScenario(privateUrl, "postgresql restarted under load", async () => {
    await asPostgresAsync([
      `${bin}/pg_ctl`,
      "-D",
      data,
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
      "-l",
      join(dir, "log"),
      "-m",
      "fast",
      "-w",
      "restart",
    ]);
  });
} finally {
  try {
    asPostgres([`${bin}/pg_ctl`, "-D", data, "-m", "immediate", "-w", "stop"]);
  } catch {
    // already stopped
  }
}

console.log(
  `took ${((Date.now() - started) / 1000).toFixed(0)} s; unreachable = requests sent while the server or database`,
  "was down (not acknowledged, so not counted as lost)",
);
console.log(
  [
    `bench:soak sent=${grand.sent} acknowledged=${grand.acknowledged} stored=${grand.stored}`,
    `lost=${grand.lost} duplicated=${grand.duplicated} 5xx=${grand.errors5xx}`,
  ].join(" "),
);
process.exit(0);
