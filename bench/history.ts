/**
 * `npm run bench:history` — reviewing past evenings with a long history: seeds 1,000 evenings and 100,000
 * deals, all kept for one group and hosted in turn by two of its members (one player written two ways on some
 * evenings, merged into one), then times the server's answer (HTTP, production build) for the history page, an
 * evening's review, a player's profile and the group's pages (the group page, a season's table, the records), and
 * counts the database queries each makes for pages that show
 * few and many rows (equal counts: no N+1) — on SQLite, then the same history on PostgreSQL (TEST_POSTGRES_URL,
 * default the machine's server; skipped without one, except under CI=true, where it fails). The last lines are
 * machine-readable: `bench:history worst_p95=… floor_p95=… ratio=…` (SQLite) and `bench:history-pg worst_p95=…
 * floor_p95=… ratio=…`: the slowest page's p95 against the framework's floor, timed the same way in the same run — a
 * page of the same layout that reads nothing of its own (the sign-in page, asked with the session: the layout reads
 * who is signed in, as on every page) — with 100 requests per page, the pages and the floor taken in turns after
 * 20 rounds that warm the server; each line also has `group_over_slowest=` — the slowest of the group's pages over
 * the slowest of the others (wanted ≤ 1.2).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../lib/generated/sqlite/client";
import { PrismaClient as PostgresClient } from "../lib/generated/postgresql/client";
import { evaluateGame, type GameRecord } from "../lib/rules";
import { randomGame, seeded } from "../tests/support/random-game";
import { freshPostgres, postgresAvailable, POSTGRES_HOW_TO } from "../tests/support/databases";
import { prepareDatabase, signIn, startServer } from "./support/server";
import { quantile } from "./support/stats";

/** `BENCH_QUICK=1`: 20 evenings of 10 deals and 10 timed requests a page — it runs to its last lines in a minute. */
const QUICK = process.env.BENCH_QUICK === "1";
const EVENINGS = QUICK ? 20 : 1_000;
const DEALS_PER_EVENING = QUICK ? 10 : 100;
const PEOPLE = ["Anna", "Bo", "Cecilia", "Dag", "Eva", "Filip", "Greta", "Hugo"];
/** On every fifth evening Dag is written "Dagge": the group merges the two. */
const ALIAS = "Dagge";
const PASSWORD = "bench password 1";
/** Timed requests per page, so a p95 is not the slowest of a handful. */
const SAMPLES = QUICK ? 10 : 100;
/** Rounds over every page before the timed ones: a server's code runs warm, as it does after its first minutes. */
const WARM_ROUNDS = QUICK ? 2 : 20;

const sqliteEnv = prepareDatabase();
const { createUser } = await import("../lib/data/users");
const { listHistory } = await import("../lib/data/history");
const { getEvening } = await import("../lib/data/evening-view");
const { loadSummaries } = await import("../lib/data/game-summary");
const { toEntryRows } = await import("../lib/data/game-record");
const { summarizeGame } = await import("../lib/stats/summary");
const { seasonAndRecords, seasonView } = await import("../lib/data/seasons");
const { nameKey } = await import("../lib/schemas/names");

// --- the history: generated once, stored in each database --------------------------------------------------
interface PlannedEvening {
  variant: string;
  names: string[];
  houseRules: { startScore: number };
  games: GameRecord[];
}
const rnd = seeded(42);
const plan: PlannedEvening[] = [];
for (let e = 0; e < EVENINGS; e++) {
  const variant = e % 3 === 0 ? "norrlands-knack" : "knektpass";
  const count = variant === "knektpass" ? 3 + Math.floor(rnd() * 4) : 3 + Math.floor(rnd() * 3);
  const offset = Math.floor(rnd() * PEOPLE.length);
  const names = Array.from({ length: count }, (_, i) => PEOPLE[(offset + i) % PEOPLE.length]!).map((n) =>
    n === "Dag" && e % 5 === 0 ? ALIAS : n,
  );
  const houseRules = { startScore: variant === "knektpass" ? 30 : 20 };
  const games: GameRecord[] = [];
  for (let left = DEALS_PER_EVENING; left > 0;) {
    const game = randomGame(rnd, { variant, players: count, maxDeals: left, houseRules });
    const record: GameRecord = {
      ...game,
      players: names,
      firstDealer: names[game.players.indexOf(game.firstDealer!)]!,
      deals: game.deals.map((d) => ({
        entries: Object.fromEntries(
          Object.entries(d.entries).map(([p, entry]) => [names[Number(p.slice(1)) - 1]!, entry]),
        ),
      })),
    };
    games.push(record);
    left -= record.deals.length;
    if (left > 0 && !evaluateGame(record).result?.winners.length) break;
  }
  plan.push({ variant, names, houseRules, games });
}

/**
 * A client that counts its queries, made the data layer's client of this process; on PostgreSQL with the pool
 * for reads of many rows (lib/db/client.ts), counted too. (On SQLite those reads go through this client.)
 */
type Client = PrismaClient;
let queries = 0;
function countingClient(client: Client, provider: "sqlite" | "postgresql", url: string): Client {
  (client as unknown as { $on: (event: "query", listener: () => void) => void }).$on("query", () => queries++);
  let reads: pg.Pool | undefined;
  if (provider === "postgresql") {
    reads = new pg.Pool({ connectionString: url, max: 3 });
    const query = reads.query.bind(reads) as (...args: unknown[]) => unknown;
    (reads as unknown as { query: (...args: unknown[]) => unknown }).query = (...args) => (queries++, query(...args));
  }
  (globalThis as { protokollDb?: unknown }).protokollDb = { db: client, provider, reads };
  return client;
}

/** Stores the history in the client's database; the owner's id, the group's and the evenings' ids. */
async function seed(
  client: Client,
): Promise<{ ownerId: string; groupId: string; eveningIds: string[]; deals: number }> {
  const owner = await createUser({ username: "bench-history", password: PASSWORD });
  const host = await createUser({ username: "bench-history-2", password: PASSWORD });
  const hosts = [owner.id, host.id];
  const people = new Map<string, string>();
  for (const ownerId of hosts)
    for (const name of [...PEOPLE, ALIAS])
      people.set(
        `${ownerId}/${name}`,
        (await client.person.create({ data: { ownerId, name }, select: { id: true } })).id,
      );
  const id = () => `b${randomBytes(12).toString("base64url")}`;
  const groupId = id();
  await client.group.create({
    data: {
      id: groupId,
      name: "Bench group",
      members: { create: [{ userId: owner.id, admin: true }, { userId: host.id }] },
    },
  });
  const groupPlayers = new Map<string, string>();
  for (const name of [...PEOPLE, ALIAS])
    groupPlayers.set(
      name,
      (await client.groupPlayer.create({ data: { groupId, name, nameKey: nameKey(name) }, select: { id: true } })).id,
    );
  await client.groupPlayer.update({
    where: { id: groupPlayers.get(ALIAS)! },
    data: { mergedIntoId: groupPlayers.get("Dag")!, mergedAt: new Date() },
  });
  let deals = 0;
  const eveningIds: string[] = [];
  for (const [e, { variant, names, houseRules, games }] of plan.entries()) {
    const eveningId = id();
    eveningIds.push(eveningId);
    const hostId = hosts[e % hosts.length]!;
    await client.evening.create({
      data: {
        id: eveningId,
        ownerId: hostId,
        groupId,
        title: `Kväll ${e + 1}`,
        // One a day; the quick run's few spread over the same three seasons.
        date: new Date(Date.UTC(2020, 0, 1) + e * 86_400_000 * (QUICK ? 50 : 1)),
        variant,
        houseRules,
        status: "ended",
      },
    });
    const playerIds = new Map(names.map((n) => [n, id()]));
    await client.eveningPlayer.createMany({
      data: names.map((n) => ({
        id: playerIds.get(n)!,
        eveningId,
        personId: people.get(`${hostId}/${n}`)!,
        name: n,
        groupPlayerId: groupPlayers.get(n)!,
      })),
    });
    for (const [g, record] of games.entries()) {
      const gameId = id();
      await client.game.create({
        data: { id: gameId, eveningId, number: g + 1, firstDealerSeat: names.indexOf(record.firstDealer!) },
      });
      await client.gameSeat.createMany({
        data: names.map((n, seat) => ({ gameId, seat, playerId: playerIds.get(n)! })),
      });
      const dealIds = record.deals.map(() => id());
      await client.deal.createMany({
        data: dealIds.map((dealId, d) => ({ id: dealId, gameId, number: d + 1, recordedById: hostId })),
      });
      await client.dealEntry.createMany({
        data: record.deals.flatMap((deal, d) =>
          toEntryRows(names, deal.entries).map((row) => ({ ...row, dealId: dealIds[d]! })),
        ),
      });
      const result = evaluateGame(record).result!;
      await client.gameSummary.create({
        data: { gameId, dealCount: record.deals.length, summary: summarizeGame(record, result) as object },
      });
      deals += record.deals.length;
    }
  }
  // A live PostgreSQL has statistics of its tables (autovacuum analyzes them as they grow); the freshly loaded
  // ones get theirs at once, so the planner sees 100,000 deals rather than an empty table.
  if ((globalThis as { protokollDb?: { provider: string } }).protokollDb?.provider === "postgresql")
    await client.$executeRawUnsafe("ANALYZE");
  return { ownerId: owner.id, groupId, eveningIds, deals };
}

/** Seeds, counts each page's queries for few and many rows, then times the pages on a production server. */
async function run(
  label: string,
  client: Client,
  env: NodeJS.ProcessEnv,
  port: number,
): Promise<{ worst: number; floor: number; groupOverSlowest: number }> {
  const seedStarted = Date.now();
  const { ownerId, groupId, eveningIds, deals } = await seed(client);
  console.log(
    `${label}: seeded ${EVENINGS} evenings, ${deals} deals in ${((Date.now() - seedStarted) / 1000).toFixed(0)} s`,
  );
  const actor = { userId: ownerId };
  const countQueries = async (work: () => Promise<unknown>) => {
    queries = 0;
    await work();
    return queries;
  };
  // Few rows first: both lists then read summaries not parsed yet (the process keeps parsed ones), so both
  // counts include that read.
  const historyFew = await countQueries(() => listHistory(actor, { from: "2022-09-20" }));
  const historyFull = await countQueries(() => listHistory(actor, {}));
  const fewRows = (await listHistory(actor, { from: "2022-09-20" })).items.length;
  const gameCounts = await Promise.all(
    eveningIds.slice(0, 50).map(async (e) => ({ e, games: await client.game.count({ where: { eveningId: e } }) })),
  );
  const oneGame = gameCounts.reduce((a, b) => (b.games < a.games ? b : a));
  const manyGames = gameCounts.reduce((a, b) => (b.games > a.games ? b : a));
  const reviewFew = await countQueries(() => getEvening(actor, oneGame.e));
  const reviewMany = await countQueries(() => getEvening(actor, manyGames.e));
  const profile = await countQueries(() => loadSummaries(actor));
  const group = await countQueries(() => seasonAndRecords(actor, groupId, "knektpass"));
  const merged = (await seasonView(actor, groupId, "knektpass", "2021")).table.map((r) => r.player);
  if (merged.includes(ALIAS) || !merged.includes("Dag")) throw new Error(`the merge is not read: ${merged.join(", ")}`);
  console.log(
    `${label} queries: history ${historyFull} (20 rows) vs ${historyFew} (${fewRows} rows);`,
    `review ${reviewFew} (${oneGame.games} games) vs ${reviewMany} (${manyGames.games} games);`,
    `profile ${profile} (all ${EVENINGS} evenings); group season and records ${group}`,
  );
  await (await import("../lib/db/client")).disconnectDb();

  const server = await startServer(env, port);
  try {
    const cookie = await signIn(server.base, "bench-history", PASSWORD);
    const get = async (path: string): Promise<number> => {
      const started = performance.now();
      const response = await fetch(`${server.base}${path}`, { headers: { Cookie: cookie } });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: HTTP ${response.status}`);
      return performance.now() - started;
    };
    let n = 0;
    // The framework's floor is timed the same way: the same layout and sign-in, a page that reads nothing.
    const pages: [string, () => string][] = [
      ["history", () => `/evenings?page=${1 + (n++ % 50)}`],
      ["review", () => `/evenings/${eveningIds[(n++ * 37) % EVENINGS]}`],
      ["profile", () => `/players/${encodeURIComponent(PEOPLE[n++ % PEOPLE.length]!)}`],
      ["group", () => `/groups/${groupId}?game=${n++ % 2 ? "knektpass" : "norrlands-knack"}`],
      ["season", () => `/groups/${groupId}/season?game=knektpass&season=${2020 + (n++ % 3)}`],
      ["records", () => `/groups/${groupId}/records?game=${n++ % 2 ? "knektpass" : "norrlands-knack"}`],
      // The floor: the sign-in page with the session (the table's layout reads who is signed in; nothing else).
      ["floor", () => "/sign-in"],
    ];
    // Taken in turns, a request of each page per round, so every page meets the same moments of a noisy machine
    // (and the same warmth of the server's code); the first rounds warm the server up and are not counted.
    const samples = new Map(pages.map(([name]) => [name, [] as number[]]));
    for (let round = -WARM_ROUNDS; round < SAMPLES; round++)
      for (const [name, path] of pages) {
        const ms = await get(path());
        if (round >= 0) samples.get(name)!.push(ms);
      }
    const GROUP_PAGES = new Set(["group", "season", "records"]);
    let worst = 0;
    let slowestOther = 0;
    let slowestGroup = 0;
    for (const [name] of pages) {
      const p50 = quantile(samples.get(name)!, 0.5);
      const p95 = quantile(samples.get(name)!, 0.95);
      console.log(`${label} page=${name} p50=${p50.toFixed(0)} p95=${p95.toFixed(0)}`);
      if (name === "floor") continue;
      worst = Math.max(worst, p95);
      if (GROUP_PAGES.has(name)) slowestGroup = Math.max(slowestGroup, p95);
      else slowestOther = Math.max(slowestOther, p95);
    }
    const floor = quantile(samples.get("floor")!, 0.95);
    return { worst, floor, groupOverSlowest: slowestGroup / slowestOther };
  } finally {
    server.stop();
  }
}

/** The worst page's p95, the floor page's and their ratio. */
function lineOf(label: string, { worst, floor }: { worst: number; floor: number }): string {
  return `${label} worst_p95=${worst.toFixed(0)} floor_p95=${floor.toFixed(0)} ratio=${(worst / floor).toFixed(2)}`;
}

// --- SQLite, then PostgreSQL -------------------------------------------------------------------------------
const sqliteClient = countingClient(
  new PrismaClient({
    adapter: new PrismaBetterSQLite3({ url: sqliteEnv.DATABASE_URL!, timeout: 5_000 }),
    log: [{ emit: "event", level: "query" }],
  }),
  "sqlite",
  sqliteEnv.DATABASE_URL!,
);
const sqlite = await run("bench:history", sqliteClient, sqliteEnv, 3294);

let postgresLine: string;
if (await postgresAvailable()) {
  const database = await freshPostgres();
  try {
    process.env.DATABASE_URL = database.url;
    const pgClient = countingClient(
      new PostgresClient({
        adapter: new PrismaPg({ connectionString: database.url }),
        log: [{ emit: "event", level: "query" }],
      }) as unknown as Client,
      "postgresql",
      database.url,
    );
    const pgRun = await run("bench:history-pg", pgClient, { ...sqliteEnv, DATABASE_URL: database.url }, 3298);
    postgresLine =
      `${lineOf("bench:history-pg", pgRun)} ratio_to_sqlite=${(pgRun.worst / sqlite.worst).toFixed(2)}` +
      ` group_over_slowest=${pgRun.groupOverSlowest.toFixed(2)}`;
  } finally {
    await database.drop();
  }
} else if (process.env.CI === "true") {
  throw new Error(`bench:history: CI=true needs PostgreSQL. ${POSTGRES_HOW_TO}`);
} else {
  postgresLine = `bench:history-pg skipped: ${POSTGRES_HOW_TO}`;
}
console.log(`${lineOf("bench:history", sqlite)} group_over_slowest=${sqlite.groupOverSlowest.toFixed(2)}`);
console.log(postgresLine);
