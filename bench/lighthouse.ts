/**
 * `npm run bench:lighthouse` — Lighthouse 13 in Debian's Chromium on the pages a phone uses at the table. Its
 * best-practices audit of the evening page, signed in, and the share page (each failing audit printed; 100
 * required); and mobile performance (a simulated mid-range phone) of the evening page of a 5-player evening with
 * 100 deals, of an evening of 300 deals over several games, and of the first one's share page: the median of 5 cold
 * runs of the score and of Total Blocking Time, read against the same figures of the sign-in page — the table's frame
 * with next to nothing of its own — the floor this machine gives any page of the app, in the same run (the evenings'
 * TBT at most 2× the floor's, the share page's 1.5×, the 100-deal evening's score at most 4 below the floor's). The
 * last lines are machine-readable; the exit code is 1
 * when a figure misses.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH } from "../tests/support/chromium";
import { createScorer, type DealRecord } from "../lib/rules";
import { randomDeal, seeded } from "../tests/support/random-game";
import { prepareDatabase, signIn, startServer } from "./support/server";
import { median } from "./support/stats";

/**
 * `BENCH_QUICK=1`: one run of each page instead of the median of five (a smoke run; its figures are noise);
 * `BENCH_RUNS=N`: the median of N.
 */
const RUNS = process.env.BENCH_QUICK ? 1 : Number(process.env.BENCH_RUNS ?? 5);
/** `BENCH_PAGES=floor,evening`: measure only these pages' performance (while working on one; no verdict then). */
const PAGES = process.env.BENCH_PAGES?.split(",") ?? null;
const env = prepareDatabase();
const { createUser } = await import("../lib/data/users");
const { getEvening } = await import("../lib/data/evening-view");
const { createEvening, startGame } = await import("../lib/data/evenings");
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

// A long evening: 300 deals over games of five players from 15, each a game that ends (the generator's games
// from a start score may drift for ever), the last one still in play.
const planned: DealRecord[][] = [];
for (let total = 0; total < 300;) {
  const trial = createScorer({ variant: "knektpass", players: five, houseRules: { startScore: 15 }, deals: [] });
  if (!trial.ok) throw new Error("the 300-deal evening cannot be scored");
  const deals: DealRecord[] = [];
  while (!trial.scorer.isOver && deals.length < 80) {
    const deal = randomDeal(rnd, trial.scorer);
    trial.scorer.push(deal);
    deals.push(deal);
  }
  if (!trial.scorer.isOver) continue;
  planned.push(deals.slice(0, 300 - total));
  total += planned.at(-1)!.length;
}
const longest = await createEvening(actor, {
  title: "Trehundra givar",
  date: "2026-12-05",
  variant: "knektpass",
  players: five,
  houseRules: { startScore: 15 },
  firstDealerSeat: 0,
});
for (const [g, deals] of planned.entries()) {
  const gameId =
    g === 0
      ? (await getEvening(actor, longest.id)).games[0]!.id
      : (await startGame(actor, { eveningId: longest.id, players: five, firstDealerSeat: 0 })).id;
  for (const [i, deal] of deals.entries()) await recordDeal(actor, { gameId, number: i + 1, entries: deal.entries });
}
const games = planned.length;
await disconnectDb();

const server = await startServer(env, 3295);
let chrome: Awaited<ReturnType<typeof launch>> | null = null;
let exitCode = 0;
try {
  const cookie = await signIn(server.base, "bench-lighthouse", "bench password 1");
  chrome = await launch({
    chromePath: FULL_CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_ARGS, "--headless=new"],
  });
  // Each run in a browser context of its own, signed in by a cookie of the browser's (not a header Lighthouse adds
  // to the page's requests, which the service worker's own requests go without: its version polls were refused).
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const [cookieName, ...cookieValue] = cookie.split("=");
  const audit = async (path: string, signedIn: boolean, category: "best-practices" | "performance") => {
    const context = await browser.createBrowserContext();
    try {
      if (signedIn)
        await context.setCookie({ name: cookieName!, value: cookieValue.join("="), domain: "127.0.0.1", path: "/" });
      const page = await context.newPage();
      const flags = { onlyCategories: [category], formFactor: "mobile" as const, logLevel: "error" as const };
      return (await lighthouse(`${server.base}${path}`, flags, undefined, page))!.lhr;
    } finally {
      await context.close();
    }
  };
  const scores: Record<string, number> = {};
  for (const [name, path, signedIn] of [
    ["evening", `/evenings/${id}`, true],
    ["share", `/s/${token}`, false],
  ] as const) {
    const lhr = await audit(path, signedIn, "best-practices");
    const score = Math.round((lhr.categories["best-practices"]!.score ?? 0) * 100);
    scores[name] = score;
    for (const ref of lhr.categories["best-practices"]!.auditRefs) {
      const audit = lhr.audits[ref.id]!;
      if (ref.weight > 0 && audit.score !== null && audit.score < 1) {
        console.log(`  ${name}: ${audit.id} — ${audit.title} (${audit.displayValue ?? audit.score})`);
        // What the audit found (a console error's text and source, say).
        const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
        for (const item of items.slice(0, 5)) console.log(`    ${JSON.stringify(item).slice(0, 300)}`);
      }
    }
    if (score < 100) exitCode = 1;
  }
  console.log(`bench:lighthouse best_practices_evening=${scores.evening} best_practices_share=${scores.share}`);

  const perf: Record<string, { score: number; tbt: number }> = {};
  // The floor, in the same run: the sign-in page — the table's frame (the framework, the header, the service
  // worker, the phone) with a small form of its own. What this machine gives a page that does next to nothing;
  // the figures of the two pages are read against it (Lighthouse's simulated phone scales what it observes here).
  // The pages take turns (floor, evening, long, share, floor, …): a machine that slows down or speeds up during the
  // run moves every page's figures alike, not the figures of the pages measured last.
  const pages = (
    [
      ["floor", "/sign-in", false],
      ["evening", `/evenings/${long.id}`, true],
      ["long", `/evenings/${longest.id}`, true],
      ["share", `/s/${longToken}`, false],
    ] as const
  ).filter(([name]) => !PAGES || PAGES.includes(name));
  const runs = new Map<string, { score: number; tbt: number; machine: number }[]>(pages.map(([name]) => [name, []]));
  for (let run = 0; run < RUNS; run++)
    for (const [name, path, signedIn] of pages) {
      const lhr = await audit(path, signedIn, "performance");
      // BENCH_DEBUG=1: where the main thread went (by script and by kind of work), for the first run of each page
      // (BENCH_DEBUG=all: for every run).
      if (process.env.BENCH_DEBUG && (run === 0 || process.env.BENCH_DEBUG === "all"))
        for (const id of ["bootup-time", "mainthread-work-breakdown", "long-tasks"]) {
          const items = (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
          console.log(`  ${name} ${id}:`, JSON.stringify(items.slice(0, 8)));
        }
      runs.get(name)!.push({
        score: Math.round((lhr.categories.performance!.score ?? 0) * 100),
        tbt: Math.round(lhr.audits["total-blocking-time"]!.numericValue ?? 0),
        machine: Math.round(lhr.environment.benchmarkIndex),
      });
    }
  for (const [name, of] of runs) {
    perf[name] = { score: median(of.map((r) => r.score)), tbt: median(of.map((r) => r.tbt)) };
    console.log(
      `  ${name}: performance ${of.map((r) => r.score).join(",")} · TBT ms ${of.map((r) => r.tbt).join(",")}`,
      `· machine (Lighthouse's benchmark index) ${of.map((r) => r.machine).join(",")}`,
    );
  }
  // The verdict needs every page (BENCH_PAGES measures some only).
  if (!PAGES) verdict();
  function verdict() {
    // Against the floor of the same run (the machine moves it): the evening pages' blocking time at most twice the
    // floor's, the share page's 1.5 times; the 100-deal evening's score at most 4 below the floor's.
    const over = (tbt: number) => tbt / Math.max(perf.floor!.tbt, 1);
    const misses = [
      over(perf.evening!.tbt) > 2 && "tbt_evening_over_floor > 2",
      over(perf.long!.tbt) > 2 && "tbt_long_over_floor > 2",
      over(perf.share!.tbt) > 1.5 && "tbt_share_over_floor > 1.5",
      perf.evening!.score < perf.floor!.score - 4 && "perf_evening < perf_floor − 4",
    ].filter(Boolean);
    if (misses.length) {
      console.log(`  missed: ${misses.join(", ")}`);
      exitCode = 1;
    }
    console.log(
      `bench:lighthouse perf_evening=${perf.evening!.score} tbt_evening_ms=${perf.evening!.tbt}`,
      `perf_long=${perf.long!.score} tbt_long_ms=${perf.long!.tbt} long_games=${games}`,
      `perf_share=${perf.share!.score} tbt_share_ms=${perf.share!.tbt}`,
      `perf_floor=${perf.floor!.score} tbt_floor_ms=${perf.floor!.tbt}`,
      `tbt_evening_over_floor=${over(perf.evening!.tbt).toFixed(2)} tbt_long_over_floor=${over(perf.long!.tbt).toFixed(2)}`,
      `tbt_share_over_floor=${over(perf.share!.tbt).toFixed(2)}`,
    );
  }
} finally {
  chrome?.kill();
  server.stop();
}
process.exit(exitCode);
