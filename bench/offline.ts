/**
 * `npm run bench:offline` — a phone without a signal, then two phones at one table. Phone A (Chromium with its
 * own profile and the service worker) opens five evenings, loses the signal, reloads each (timed), and queues ten
 * deals on each through the real deal screen. Phone B, online, records two deals on each evening meanwhile: some
 * identical to A's deals with the same number, some different. A gets the signal back (the sync is timed until
 * every queued deal is stored or shown as a conflict), and every conflict shown is answered in turn with keep
 * theirs, keep mine, keep both. Then the server's record is checked deal by deal against the phone's outbox:
 * nothing lost, nothing stored twice. The last line is machine-readable; the exit code is 1 when a target is missed.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, type BrowserContext, type Page } from "@playwright/test";
import type { QueuedDeal } from "../lib/offline/outbox";
import { sameEntries, type Entries } from "../lib/rules";
import type { GameRecord } from "../lib/rules";
import { enterDeal } from "../tests/support/table";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { prepareDatabase, signIn, startServer } from "./support/server";
import { median } from "./support/stats";

const EVENINGS = 5;
const QUEUED_PER_EVENING = 10;
const PLAYERS = ["Anna", "Bo", "Cecilia"];
const PASSWORD = "bench password 1";
const CHOICES = ["theirs", "mine", "both"] as const;
type Choice = (typeof CHOICES)[number];

const alone = (who: string): Entries => Object.fromEntries(PLAYERS.map((p) => [p, { plays: p === who }]));
const pair = (a: string, b: string, tricks: number): Entries =>
  Object.fromEntries(
    PLAYERS.map((p) => [
      p,
      p === a ? { plays: true, tricks } : p === b ? { plays: true, tricks: 5 - tricks } : { plays: false },
    ]),
  );

/** Phone A's ten deals on evening e: lone players and pairs, varied by evening. */
function phoneDeals(e: number): Entries[] {
  return Array.from({ length: QUEUED_PER_EVENING }, (_, i) =>
    i % 3 === 1
      ? pair(PLAYERS[(i + e) % 3]!, PLAYERS[(i + e + 1) % 3]!, 1 + ((i + e) % 4))
      : alone(PLAYERS[(i + e) % 3]!),
  );
}

/** Phone B's two deals (numbers 1 and 2): per evening, which are the same as A's and which differ. */
const SAME: [boolean, boolean][] = [
  [true, true],
  [false, false],
  [false, true],
  [true, false],
  [false, false],
];
function otherPhoneDeals(e: number, mine: Entries[]): Entries[] {
  return SAME[e]!.map((same, i) => (same ? mine[i]! : pair("Bo", "Cecilia", 2 + i)));
}

/**
 * What the table should end with, worked out here independently of the app: A's deals in order against B's
 * record, a choice for each conflict in turn. Returns the record and the number of conflicts.
 */
function expectedRecord(mine: Entries[], theirs: Entries[], choices: () => Choice) {
  const server = [...theirs];
  let conflicts = 0;
  let shift = 0;
  for (const [i, entries] of mine.entries()) {
    const number = i + 1 + shift;
    if (number <= server.length) {
      if (sameEntries(server[number - 1]!, entries)) continue;
      conflicts++;
      const choice = choices();
      if (choice === "theirs") continue;
      if (choice === "mine") {
        server[number - 1] = entries;
        continue;
      }
      shift += server.length + 1 - number;
    }
    server.push(entries);
  }
  return { deals: server, conflicts };
}

const env = prepareDatabase();
const { createUser } = await import("../lib/data/users");
const { getEvening } = await import("../lib/data/evening-view");
const { createEvening } = await import("../lib/data/evenings");
const { disconnectDb } = await import("../lib/db/client");
const user = await createUser({ username: "bench-offline", password: PASSWORD });
const evenings: { id: string; gameId: string }[] = [];
for (let e = 0; e < EVENINGS; e++) {
  const { id } = await createEvening(
    { userId: user.id },
    {
      title: `Stugan ${e + 1}`,
      date: "2026-12-03",
      variant: "knektpass",
      players: PLAYERS,
      firstDealerSeat: 0,
      // Long enough that no game is won within the deals played here.
      houseRules: { startScore: 200 },
    },
  );
  evenings.push({ id, gameId: (await getEvening({ userId: user.id }, id)).games[0]!.id });
}
await disconnectDb();

const server = await startServer(env, 3294);
const context: BrowserContext = await chromium.launchPersistentContext(
  mkdtempSync(join(tmpdir(), "protokoll-bench-phone-")),
  {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL: server.base,
    viewport: { width: 390, height: 844 },
    serviceWorkers: "allow",
  },
);
const page: Page = context.pages()[0] ?? (await context.newPage());
// A loaded machine opens pages slowly: the bench waits as long as it takes (up to 2 minutes a step) and says how long
// things took, instead of giving up after Playwright's 30 s.
context.setDefaultTimeout(120_000);
const cookie = await signIn(server.base, "bench-offline", PASSWORD);

/** Phone A's outbox as IndexedDB holds it. */
const outbox = () =>
  page.evaluate(
    () =>
      new Promise<QueuedDeal[]>((resolve, reject) => {
        const open = indexedDB.open("protokoll");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("outbox")) return resolve([]);
          const all = db.transaction("outbox").objectStore("outbox").getAll();
          all.onsuccess = () => resolve(all.result as QueuedDeal[]);
          all.onerror = () => reject(all.error);
        };
      }),
  );

async function api(path: string, init: RequestInit = {}) {
  const response = await fetch(`${server.base}${path}`, {
    ...init,
    headers: { Cookie: cookie, "Content-Type": "application/json", ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

let exitCode = 0;
try {
  await page.goto("/sign-in");
  await page.getByLabel("Username").fill("bench-offline");
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/evenings$/);
  // Each evening opened once with a signal, under the service worker's control.
  for (const { id } of evenings) {
    await page.goto(`/evenings/${id}`);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  }
  for (const { id } of evenings) {
    await page.goto(`/evenings/${id}`);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await page.getByTestId("protokoll").first().waitFor();
  }

  // No signal. Each evening reloads from the phone (timed), then takes ten deals through the deal screen.
  await context.setOffline(true);
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
  const reloads: number[] = [];
  const mine: Entries[][] = [];
  for (const [e, { id }] of evenings.entries()) {
    await page.goto(`/evenings/${id}`);
    await page.getByTestId("offline-banner").waitFor();
    for (let i = 0; i < 3; i++) {
      const started = performance.now();
      await page.reload();
      await page.getByTestId("offline-banner").waitFor();
      await page.getByTestId("protokoll").first().waitFor();
      reloads.push(performance.now() - started);
    }
    const record: GameRecord = {
      variant: "knektpass",
      houseRules: { startScore: 200 },
      players: PLAYERS,
      firstDealer: "Anna",
      deals: [],
    };
    mine.push(phoneDeals(e));
    for (const entries of mine[e]!) {
      record.deals.push({ entries });
      await enterDeal(page, record);
    }
  }
  const queued = await outbox();
  if (queued.length !== EVENINGS * QUEUED_PER_EVENING) throw new Error(`${queued.length} deals queued`);

  // Phone B, with a signal, records two deals on each evening meanwhile.
  const theirs = evenings.map((_, e) => otherPhoneDeals(e, mine[e]!));
  for (const [e, { gameId }] of evenings.entries()) {
    for (const [i, entries] of theirs[e]!.entries()) {
      const answer = await api(`/api/games/${gameId}/deals`, {
        method: "POST",
        body: JSON.stringify({ number: i + 1, entries }),
      });
      if (answer.status !== 201) throw new Error(`phone B: ${JSON.stringify(answer.body)}`);
    }
  }

  // The signal returns: timed until every queued deal is stored or shown as a conflict.
  let turn = 0;
  const model = evenings.map((_, e) => expectedRecord(mine[e]!, theirs[e]!, () => CHOICES[turn++ % 3]!));
  const expectedConflicts = model.reduce((t, m) => t + m.conflicts, 0);
  const online = performance.now();
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.setOffline(false);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  const settled = (deals: QueuedDeal[]) => {
    const firsts = new Map<string, QueuedDeal>();
    for (const d of [...deals].sort((a, b) => a.seq! - b.seq!)) if (!firsts.has(d.gameId)) firsts.set(d.gameId, d);
    return [...firsts.values()].every((d) => d.state === "conflict");
  };
  while (!settled(await outbox())) await page.waitForTimeout(20);
  const syncMs = performance.now() - online;

  // Every conflict shown is answered in turn: keep theirs, keep mine, keep both.
  const fate = new Map<string, "theirs" | "mine" | "both">();
  let shown = 0;
  for (const { id } of evenings) {
    await page.goto(`/evenings/${id}`);
    for (;;) {
      const left = (await outbox()).filter((d) => d.eveningId === id);
      if (!left.length) break;
      const first = left.sort((a, b) => a.seq! - b.seq!)[0]!;
      if (first.state !== "conflict") {
        await page.waitForTimeout(20);
        continue;
      }
      const conflict = page.getByTestId("conflict");
      await conflict.waitFor();
      const choice = CHOICES[shown++ % 3]!;
      fate.set(first.clientKey, choice);
      if (process.env.BENCH_VERBOSE) console.log(`  conflict: evening ${id} deal ${first.number} → keep ${choice}`);
      const label = { theirs: "Keep theirs", mine: "Keep mine", both: "Keep both" }[choice];
      await conflict.getByRole("button", { name: label }).click();
      await expect
        .poll(async () => (await outbox()).some((d) => d.seq === first.seq && d.state === "conflict"))
        .toBe(false);
    }
  }

  // The server's record against the phone's outbox, deal by deal.
  let synced = 0;
  let keptTheirs = 0;
  let lost = 0;
  let duplicated = 0;
  let mismatches = 0;
  for (const [e, { gameId }] of evenings.entries()) {
    const { body } = await api(`/api/games/${gameId}/deals`);
    const deals = (body as { deals: { entries: Entries; clientKey: string | null }[] }).deals;
    const keys = deals.map((d) => d.clientKey).filter(Boolean);
    duplicated += keys.length - new Set(keys).size;
    duplicated += Math.max(0, deals.length - model[e]!.deals.length);
    if (deals.length !== model[e]!.deals.length || deals.some((d, i) => !sameEntries(d.entries, model[e]!.deals[i]!))) {
      mismatches++;
      const show = (list: Entries[]) =>
        list.map((x) => PLAYERS.map((p) => (x[p]!.plays ? `${p[0]}${x[p]!.tricks ?? ""}` : "")).join("")).join(" ");
      console.log(`  evening ${e + 1}: stored   ${show(deals.map((d) => d.entries))}`);
      console.log(`  evening ${e + 1}: expected ${show(model[e]!.deals)}`);
      deals.forEach((d, i) => {
        if (!sameEntries(d.entries, model[e]!.deals[i]!))
          console.log(`  deal ${i + 1}: ${JSON.stringify(d.entries)} vs ${JSON.stringify(model[e]!.deals[i])}`);
      });
    }
    for (const q of queued.filter((d) => d.gameId === gameId)) {
      const choice = fate.get(q.clientKey);
      const at = deals[q.number - 1];
      if (keys.includes(q.clientKey)) synced++;
      else if (choice === "theirs") keptTheirs++;
      else if (at && sameEntries(at.entries, q.entries))
        synced++; // the same deal from phone B, or mine kept as an edit
      else lost++;
    }
  }

  const reloadMs = median(reloads);
  const targets = {
    "S + K = 50": synced + keptTheirs === EVENINGS * QUEUED_PER_EVENING,
    "lost = 0": lost === 0,
    "duplicated = 0": duplicated === 0,
    "C = E >= 3": shown === expectedConflicts && shown >= 3,
    "final records as expected": mismatches === 0,
    "reload_ms <= 1000": reloadMs <= 1000,
    "sync_ms <= 5000": syncMs <= 5000,
  };
  for (const [name, ok] of Object.entries(targets)) {
    console.log(`  ${ok ? "ok  " : "MISS"} ${name}`);
    if (!ok) exitCode = 1;
  }
  console.log(
    `bench:offline queued=${queued.length} synced=${synced} kept_theirs=${keptTheirs} lost=${lost} ` +
      `duplicated=${duplicated} conflicts_expected=${expectedConflicts} conflicts_shown=${shown} ` +
      `reload_ms=${Math.round(reloadMs)} sync_ms=${Math.round(syncMs)}`,
  );
} finally {
  await context.close();
  server.stop();
}
process.exit(exitCode);
