/**
 * `npm run bench:lighthouse` — Lighthouse's best-practices audit (Lighthouse 13, Debian's Chromium) of the pages a
 * phone uses at the table: the evening page, signed in, after the service worker took it over, and the share
 * page. Prints each failing audit; the last line is machine-readable; the exit code is 1 below 100.
 */
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, FULL_CHROMIUM_PATH } from "../tests/support/chromium";
import { prepareDatabase, signIn, startServer } from "./support/server";

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
} finally {
  chrome.kill();
  server.stop();
}
process.exit(exitCode);
