/**
 * `npm run bench:lighthouse` — Lighthouse 13 in Debian's Chromium on the pages a phone uses at the table. Its
 * best-practices audit of the evening page, signed in, and the share page (each failing audit printed; 100
 * required); and mobile performance (a simulated mid-range phone) of the evening page of a 5-player evening with
 * 100 deals and of its share page: the median of 5 cold runs of the score and of Total Blocking Time (≥ 95 and
 * ≤ 200 ms required), with the same figures of the sign-in page — the table's frame with next to nothing of its own —
 * as the floor this machine gives any page of the app. The last lines are machine-readable; the exit code is 1
 * when a figure misses.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH } from "../tests/support/chromium";
import { createScorer } from "../lib/rules";
import { randomDeal, seeded } from "../tests/support/random-game";
import { prepareDatabase, signIn, startServer } from "./support/server";
import { median } from "./support/stats";

const env = prepareDatabase();
const { createUser } = await import("../lib/data/users");
const { getEvening } = await import("../lib/data/evening-view");
const { createEvening } = await import("../lib/data/evenings");
const { recordDeal } = await import("../lib/data/deals");
const { getShareLink } = await import("../lib/data/share");
const { disconnectDb } = await import("../lib/db/client");
const user = await createUser({ username: "bench-lighthouse", password: "bench password 1" });
const actor = { userId: user.id };
const players = ["Anna", "Bo", "Cecilia"];
const { id } = await createEvening(actor, {
  title: "Lighthouse",
  date: "2026-12-03",
  variant: "knektpass",
  players,
});
const gameId = (await getEvening(actor, id)).games[0]!.id;
await recordDeal(actor, {
  gameId,
  number: 1,
  entries: Object.fromEntries(players.map((p) => [p, { plays: p === "Bo" }])),
});
const token = await getShareLink(actor, id);

// An evening of 100 deals with five players (a high start score keeps the one game going).
const five = ["Anna", "Bo", "Cecilia", "Dag", "Erik"];
const houseRules = { startScore: 500 };
const long = await createEvening(actor, {
  title: "Hundra givar",
  date: "2026-12-04",
  variant: "knektpass",
  players: five,
  houseRules,
  firstDealerSeat: 0,
});
const longGameId = (await getEvening(actor, long.id)).games[0]!.id;
const created = createScorer({ variant: "knektpass", players: five, houseRules, firstDealer: "Anna", deals: [] });
if (!created.ok) throw new Error("the 100-deal evening cannot be scored");
const rnd = seeded(100);
for (let number = 1; number <= 100; number++) {
  const deal = randomDeal(rnd, created.scorer);
  await recordDeal(actor, { gameId: longGameId, number, entries: deal.entries });
  created.scorer.push(deal);
}
const longToken = await getShareLink(actor, long.id);
await disconnectDb();

const server = await startServer(env, 3295);
const cookie = await signIn(server.base, "bench-lighthouse", "bench password 1");
const chrome = await launch({
  chromePath: FULL_CHROMIUM_PATH,
  chromeFlags: [...CHROMIUM_ARGS, "--headless=new"],
});
let exitCode = 0;
try {
  const scores: Record<string, number> = {};
  for (const [name, path, headers] of [
    ["evening", `/evenings/${id}`, { Cookie: cookie }],
    ["share", `/s/${token}`, {}],
  ] as const) {
    const result = await lighthouse(`${server.base}${path}`, {
      port: chrome.port,
      onlyCategories: ["best-practices"],
      extraHeaders: headers,
      formFactor: "mobile",
      logLevel: "error",
    });
    const lhr = result!.lhr;
    const score = Math.round((lhr.categories["best-practices"]!.score ?? 0) * 100);
    scores[name] = score;
    for (const ref of lhr.categories["best-practices"]!.auditRefs) {
      const audit = lhr.audits[ref.id]!;
      if (ref.weight > 0 && audit.score !== null && audit.score < 1)
        console.log(`  ${name}: ${audit.id} — ${audit.title} (${audit.displayValue ?? audit.score})`);
    }
    if (score < 100) exitCode = 1;
  }
  console.log(`bench:lighthouse best_practices_evening=${scores.evening} best_practices_share=${scores.share}`);

  const perf: Record<string, { score: number; tbt: number }> = {};
  // The floor, in the same run: the sign-in page — the table's frame (the framework, the header, the service
  // worker, the phone) with a small form of its own. What this machine gives a page that does next to nothing;
  // the figures of the two pages are read against it (Lighthouse's simulated phone scales what it observes here).
  for (const [name, path, headers] of [
    ["floor", "/sign-in", {}],
    ["evening", `/evenings/${long.id}`, { Cookie: cookie }],
    ["share", `/s/${longToken}`, {}],
  ] as const) {
    const runs: { score: number; tbt: number; machine: number }[] = [];
    for (let run = 0; run < 5; run++) {
      const result = await lighthouse(`${server.base}${path}`, {
        port: chrome.port,
        onlyCategories: ["performance"],
        extraHeaders: headers,
        formFactor: "mobile",
        logLevel: "error",
      });
      const lhr = result!.lhr;
      // BENCH_DEBUG=1: where the main thread went (by script and by kind of work), for the first run of each page.
      if (process.env.BENCH_DEBUG && run === 0)
        for (const id of ["bootup-time", "mainthread-work-breakdown", "long-tasks"]) {
          const items = (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
          console.log(`  ${name} ${id}:`, JSON.stringify(items.slice(0, 8)));
        }
      runs.push({
        score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
        tbt: Math.round(lhr.audits["total-blocking-time"]!.numericValue ?? 0),
        machine: Math.round(lhr.environment.benchmarkIndex),
      });
    }
    perf[name] = { score: median(runs.map((r) => r.score)), tbt: median(runs.map((r) => r.tbt)) };
    console.log(
      `  ${name}: performance ${runs.map((r) => r.score).join(",")} · TBT ms ${runs.map((r) => r.tbt).join(",")}`,
      `· machine (Lighthouse's benchmark index) ${runs.map((r) => r.machine).join(",")}`,
    );
    if (name !== "floor" && (perf[name].score < 95 || perf[name].tbt > 200)) exitCode = 1;
  }
  const overFloor = (tbt: number) => (tbt / Math.max(perf.floor!.tbt, 1)).toFixed(2);
  console.log(
    `bench:lighthouse perf_evening=${perf.evening!.score} tbt_evening_ms=${perf.evening!.tbt}`,
    `perf_share=${perf.share!.score} tbt_share_ms=${perf.share!.tbt}`,
    `perf_floor=${perf.floor!.score} tbt_floor_ms=${perf.floor!.tbt}`,
    `tbt_evening_over_floor=${overFloor(perf.evening!.tbt)} tbt_share_over_floor=${overFloor(perf.share!.tbt)}`,
  );
} finally {
  chrome.kill();
  server.stop();
}
process.exit(exitCode);
