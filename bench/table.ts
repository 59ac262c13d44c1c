/**
 * `npm run bench:table` — the table, measured as a person uses it: Chromium on a 390×844 touch screen plays fixed
 * games through the real UI with taps only (typing only the players' names at setup) against a production server:
 * Knektpass with 4, 5 and 10 players, Norrlands-Knack with 3 and 5, and one Knektpass game with the quota of the
 * largest round. Each saved deal is checked against the rules module; taps and scrolling are counted per deal;
 * every page a player uses is checked for horizontal overflow at 360×740, TV mode at 1280×720 and 1920×1080.
 * The score at a glance: after every save with 5, 7 and 10 players (7 and 10 on a 390×844 and a 360×740 phone),
 * every player's current score must be on screen and on top (seat rows, or the final scores once the game is won);
 * the 10-player game is entered at 360×740 and any scroll back up to reach a tap target is counted; a deal's edit
 * view at 360×740 with 5 and 10 players must have nothing outside the dialog or the screen; TV mode with 10 players
 * of 40-character names must show every
 * score cell unclipped (every ancestor's clipping checked) and at least 5 whole deal rows.
 * The last line is machine-readable; the exit code is 1 when a budget is missed.
 */
import { mkdirSync } from "node:fs";
import { chromium, type Browser, type Locator, type Page } from "@playwright/test";
import {
  cardsExchanged,
  createScorer,
  evaluateGame,
  MAX_NAME_LENGTH,
  scoreGame,
  talonSize,
  type DealRecord,
  type EntryRecord,
  type GameRecord,
  type HouseRules,
} from "../lib/rules";
import { seeded, type Random } from "../tests/support/random-game";
import { createEvening, enterDeal, expectProtokoll, playAlone, type Tap } from "../tests/support/table";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { prepareDatabase, startServer } from "./support/server";
import { median } from "./support/stats";
import { problemText } from "@/lib/i18n/dictionaries";

const SHOTS = "test-results/screenshots";
const NAMES = ["Anna", "Bo", "Cecilia", "Dag", "Erik", "Fia", "Gustav", "Hanna", "Ivar", "Jonna"];

interface GamePlan {
  title: string;
  variant: GameRecord["variant"];
  players: number;
  deals: number;
  houseRules?: Partial<HouseRules>;
  /** Counted in the tap and scroll budgets (4 and 5 players, default house rules). */
  budgeted: boolean;
  /** Deals it must last at least (a game ends at its first winner). */
  minDeals: number;
  /** What the game must contain; the first seed whose game holds it all is played. */
  needs: (record: GameRecord) => boolean;
  /** The phone it is entered on (default 390×844, a common one). */
  viewport?: { width: number; height: number };
}

const SMALL_PHONE = { width: 360, height: 740 };

// ---- The fixed games: generated from a seed, valid by the rules, with what a real evening holds ----

const int = (rnd: Random, min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));

/** Five tricks split among the seats that play. */
function split(rnd: Random, seats: string[]): Map<string, number> {
  const out = new Map(seats.map((s) => [s, 0]));
  for (let t = 0; t < 5; t++) {
    const s = seats[Math.floor(rnd() * seats.length)]!;
    out.set(s, out.get(s)! + 1);
  }
  return out;
}

/** A deal as tables play them: about three seats in four play; every few deals a lone player or a redeal. */
function nextDeal(rnd: Random, record: GameRecord, index: number): DealRecord {
  const { players, variant } = record;
  const next = scoreGame(record).nextDeal!;
  const entries: Record<string, EntryRecord> = {};
  const pass = () => players.forEach((p) => (entries[p] = { plays: false }));
  if (variant === "norrlands-knack" && next.firstDeal) {
    pass();
    const knocker = players[int(rnd, 0, players.length - 1)]!;
    entries[knocker] = { plays: true, tricks: int(rnd, 0, 3) };
    return { entries };
  }
  if (index % 7 === 5) return (pass(), { entries }); // a redeal
  if (index % 7 === 2) {
    pass();
    entries[players[int(rnd, 0, players.length - 1)]!] = { plays: true }; // a lone player or knocker
    return { entries };
  }
  let playing = players.filter(() => rnd() < 0.9);
  if (playing.length < 2) playing = players.slice(0, 2);
  const tricks = split(rnd, playing);
  let talon = talonSize("knektpass", players.length);
  const largest = record.houseRules?.quota === "largestRound";
  const revoker =
    variant === "norrlands-knack" && next.trumpCompulsion && rnd() < 0.6
      ? playing[int(rnd, 0, playing.length - 1)]
      : undefined;
  for (const p of players) {
    if (!playing.includes(p)) {
      entries[p] = { plays: false };
      continue;
    }
    const entry: EntryRecord = { plays: true, tricks: tricks.get(p)! };
    if (variant === "knektpass") {
      const r = rnd();
      let cards = r < 0.4 ? 0 : r < 0.65 ? 1 : r < 0.85 ? 2 : r < 0.95 ? 3 : int(rnd, 6, 8); // more than 5: several rounds
      cards = Math.min(cards, talon);
      talon -= cards;
      // A record holds more than 5 cards as rounds of at most 5 (RULES.md K3).
      entry.exchanged =
        cards > 5 ? [5, cards - 5] : !largest || cards === 0 ? cards : cards >= 2 ? [cards - 1, 1] : [cards];
    }
    if (p === revoker) entry.revoke = true;
    entries[p] = entry;
  }
  return { entries };
}

function makeGame(plan: GamePlan): GameRecord {
  for (let seed = 1; seed < 10_000; seed++) {
    const rnd = seeded(seed * 7919 + plan.players);
    const record: GameRecord = {
      variant: plan.variant,
      players: NAMES.slice(0, plan.players),
      firstDealer: NAMES[0],
      houseRules: plan.houseRules,
      deals: [],
    };
    const scorer = createScorer(record);
    if (!scorer.ok) throw new Error(problemText(scorer.problems[0]!, "en"));
    let valid = true;
    for (let i = 0; i < plan.deals && !scorer.scorer.isOver; i++) {
      const deal = nextDeal(rnd, record, i);
      const pushed = scorer.scorer.push(deal);
      if (!pushed.ok) {
        if (process.env.DEBUG) console.log(problemText(pushed.problems[0]!, "en"));
        valid = false;
        break;
      }
      record.deals.push(deal);
    }
    // A game may end early with a winner; it must hold what it is meant to show.
    if (valid && record.deals.length >= plan.minDeals && plan.needs(record)) return record;
  }
  throw new Error(`no seed gives a game for ${plan.title}`);
}

const has = (record: GameRecord, test: (entry: EntryRecord) => boolean) =>
  record.deals.some((d) => Object.values(d.entries).some(test));
const knack = (record: GameRecord) => {
  const result = scoreGame(record);
  return (
    result.deals.some((d) => d.limpa.length) &&
    result.deals.some((d) => d.trumpCompulsion) &&
    has(record, (e) => e.revoke === true)
  );
};
const exchangesPast5 = (record: GameRecord) => has(record, (e) => cardsExchanged(e) > 5);

const PLANS: GamePlan[] = [
  {
    title: "Knektpass, 4 players",
    variant: "knektpass",
    players: 4,
    deals: 10,
    minDeals: 8,
    budgeted: true,
    needs: exchangesPast5,
  },
  {
    title: "Knektpass, 5 players",
    variant: "knektpass",
    players: 5,
    deals: 10,
    minDeals: 9,
    budgeted: true,
    needs: exchangesPast5,
  },
  {
    title: "Norrlands-Knack, 3 players",
    variant: "norrlands-knack",
    players: 3,
    deals: 12,
    minDeals: 11,
    budgeted: true,
    needs: knack,
  },
  {
    title: "Norrlands-Knack, 5 players",
    variant: "norrlands-knack",
    players: 5,
    deals: 16,
    minDeals: 14,
    budgeted: true,
    needs: knack,
  },
  {
    title: "Knektpass, 10 players",
    variant: "knektpass",
    players: 10,
    deals: 5,
    minDeals: 5,
    budgeted: false,
    needs: () => true,
    viewport: SMALL_PHONE,
  },
  // Seven and ten at the table, on a common and a small phone: every score in view after each Save.
  {
    title: "Knektpass, 7 players",
    variant: "knektpass",
    players: 7,
    deals: 5,
    minDeals: 5,
    budgeted: false,
    needs: () => true,
  },
  {
    title: "Knektpass, 7 players, small phone",
    variant: "knektpass",
    players: 7,
    deals: 5,
    minDeals: 5,
    budgeted: false,
    needs: () => true,
    viewport: SMALL_PHONE,
  },
  {
    title: "Knektpass, 10 players, common phone",
    variant: "knektpass",
    players: 10,
    deals: 5,
    minDeals: 5,
    budgeted: false,
    needs: () => true,
  },
  {
    title: "Knektpass, largest round",
    variant: "knektpass",
    players: 4,
    deals: 5,
    minDeals: 4,
    houseRules: { quota: "largestRound" },
    budgeted: false,
    needs: (r) => has(r, (e) => Array.isArray(e.exchanged)),
  },
];

// ---- Playing them through the UI ----

interface DealFigures {
  game: string;
  players: number;
  playing: number;
  taps: number;
  scrollPx: number;
  budgeted: boolean;
}

/**
 * A tap on the touch screen, counted, with the page's scrolling measured since the deal's first tap; and how far
 * the page had to be scrolled back up to reach the tap's target (how far above the screen's top it was).
 */
function counter(page: Page) {
  const state = { taps: 0, scroll: 0, lastY: 0, up: 0 };
  const tap: Tap = async (target: Locator) => {
    const box = await target.boundingBox();
    if (box && box.y < 0) {
      state.up = Math.max(state.up, -box.y);
      if (process.env.DEBUG) console.log(`  above the screen by ${-box.y} px: ${target}`);
    }
    await target.tap();
    state.taps++;
    const y = await page.evaluate(() => window.scrollY);
    state.scroll += Math.abs(y - state.lastY);
    state.lastY = y;
  };
  const start = async () => {
    state.taps = 0;
    state.scroll = 0;
    state.lastY = await page.evaluate(() => window.scrollY);
  };
  return { tap, start, state };
}

/** The players whose current score is not on screen and on top (under the toast or a dialog counts as hidden). */
async function hiddenScores(page: Page, record: GameRecord): Promise<string[]> {
  const scores = scoreGame(record).scores;
  const shown = await page.evaluate((players) => {
    const out: Record<string, number | null> = {};
    for (const p of players) {
      const el =
        document.querySelector<HTMLElement>(`[data-testid="seat-score-${CSS.escape(p)}"]`) ??
        document.querySelector<HTMLElement>(`[data-testid="final-score-${CSS.escape(p)}"]`);
      out[p] = null;
      if (!el) continue;
      const box = el.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth) continue;
      const top = document.elementFromPoint(x, y);
      if (!top || !(top === el || el.contains(top))) continue;
      out[p] = Number(el.dataset.score ?? el.textContent);
    }
    return out;
  }, record.players);
  return record.players.filter((p) => shown[p] !== scores[p]);
}

/**
 * TV mode's protokoll and standings: score cells not wholly inside what every ancestor (and the screen) lets show,
 * and the deal rows shown whole with score text at least 24 px high.
 */
async function tvFigures(page: Page): Promise<{ clipped: number; rows: number; detail: string }> {
  // The bench runs under tsx, which names inner functions with a helper the page does not have.
  await page.evaluate("window.__name = (f) => f");
  return page.evaluate(() => {
    const visibleBox = (el: Element) => {
      let box = { left: 0, top: 0, right: innerWidth, bottom: innerHeight };
      for (let a = el.parentElement; a; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (style.overflowX === "visible" && style.overflowY === "visible") continue;
        const r = a.getBoundingClientRect();
        box = {
          left: Math.max(box.left, r.left),
          top: Math.max(box.top, r.top),
          right: Math.min(box.right, r.right),
          bottom: Math.min(box.bottom, r.bottom),
        };
      }
      return box;
    };
    const whole = (el: Element) => {
      const r = el.getBoundingClientRect();
      const v = visibleBox(el);
      return r.left >= v.left - 0.5 && r.right <= v.right + 0.5 && r.top >= v.top - 0.5 && r.bottom <= v.bottom + 0.5;
    };
    const rows = [...document.querySelectorAll('[data-testid="share-protokoll"] tbody tr')];
    const cells = rows.flatMap((tr) => [...tr.querySelectorAll("td[data-player]")]);
    const standings = [...document.querySelectorAll('[data-testid="standings"] .score')];
    const bad = [...cells, ...standings].filter((el) => !whole(el));
    const readable = rows.filter((tr) =>
      [...tr.querySelectorAll("td[data-player]")].every(
        (td) => whole(td) && (td.querySelector(".score") ?? td).getBoundingClientRect().height >= 24,
      ),
    );
    return {
      clipped: bad.length,
      rows: readable.length,
      detail: bad
        .slice(0, 3)
        .map((el) => `${el.closest("tr")?.getAttribute("data-deal") ?? "standings"}:${el.textContent}`)
        .join(" "),
    };
  });
}

/** Every protokoll row of the record, read from the page, against the rules module: the number of deals that differ. */
async function mismatches(page: Page, record: GameRecord): Promise<number> {
  const result = scoreGame(record);
  const rows = await page
    .getByTestId("protokoll")
    .first()
    .locator("tr[data-deal]")
    .evaluateAll((trs) =>
      trs.map((tr) =>
        Object.fromEntries(
          [...tr.querySelectorAll("td[data-player]")].map((td) => [
            td.getAttribute("data-player"),
            [td.textContent, td.classList.contains("limpa")],
          ]),
        ),
      ),
    );
  let wrong = Math.abs(rows.length - result.deals.length);
  for (const deal of result.deals) {
    const row = rows[deal.number - 1];
    if (
      !row ||
      record.players.some((p) => row[p]?.[0] !== String(deal.scores[p]) || row[p]?.[1] !== deal.limpa.includes(p))
    )
      wrong++;
  }
  return wrong;
}

async function overflow(
  browser: Browser,
  storage: string,
  url: string,
  size: { width: number; height: number },
  vertical = false,
  open?: (page: Page) => Promise<void>,
) {
  const context = await browser.newContext({ viewport: size, storageState: JSON.parse(storage), hasTouch: true });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: "networkidle" });
  await open?.(page);
  const { sw, sh, w, h, widest } = await page.evaluate(() => {
    // The elements sticking out on the right, innermost first: where an overflow comes from.
    const out = [...document.querySelectorAll("body *")]
      .filter(
        (el) =>
          el.getBoundingClientRect().right > window.innerWidth + 0.5 &&
          ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth + 0.5),
      )
      .slice(0, 3)
      .map(
        (el) => `${el.tagName.toLowerCase()}.${[...el.classList].join(".")} "${(el.textContent ?? "").slice(0, 30)}"`,
      );
    return {
      sw: document.documentElement.scrollWidth,
      sh: document.documentElement.scrollHeight,
      w: window.innerWidth,
      h: window.innerHeight,
      widest: out.join("; "),
    };
  });
  await context.close();
  const over = sw > w || (vertical && sh > h);
  return { over, detail: `${sw}×${sh} in ${w}×${h}${widest ? `: ${widest}` : ""}` };
}

const env = prepareDatabase();
const server = await startServer(env, 3293);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
mkdirSync(SHOTS, { recursive: true });
const figures: DealFigures[] = [];
let wrong = 0;
const evenings: { title: string; url: string; share: string }[] = [];
let failed = false;
let visibleFails = 0;
let scrollUp10 = 0;
try {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    baseURL: server.base,
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  await page.goto("/sign-up");
  await page.getByLabel("Username").fill("bench-table");
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/evenings$/);
  const { tap, start, state } = counter(page);

  for (const plan of PLANS) {
    const game = makeGame(plan);
    await page.setViewportSize(plan.viewport ?? { width: 390, height: 844 });
    await createEvening(page, {
      title: plan.title,
      variant: plan.variant === "knektpass" ? "Knektpass" : "Norrlands-Knack",
      players: game.players,
      firstDealer: game.firstDealer!,
      houseRules: plan.houseRules?.quota
        ? async (p) => {
            await p.getByText("House rules").click();
            await p.locator('select[name="houseRule.quota"]').selectOption({ label: "Largest round" });
          }
        : undefined,
    });
    evenings.push({ title: plan.title, url: page.url(), share: await page.getByTestId("share-url").inputValue() });
    const record: GameRecord = { ...game, deals: [] };
    for (const [i, deal] of game.deals.entries()) {
      record.deals.push(deal);
      await start();
      state.up = 0;
      await enterDeal(page, record, tap);
      if (plan.title === "Knektpass, 10 players") scrollUp10 = Math.max(scrollUp10, state.up);
      if (plan.players >= 5) {
        // The next deal's form (or the final scores) in place, then every player's score must be on screen.
        await page
          .locator(`h2:text-is("Deal ${record.deals.length + 1}"), [data-testid="winners"]`)
          .first()
          .waitFor();
        const hidden = await hiddenScores(page, record);
        if (hidden.length) {
          visibleFails++;
          console.log(`  scores not in view: ${plan.title} after deal ${record.deals.length}: ${hidden.join(", ")}`);
          await page.screenshot({
            path: `${SHOTS}/table-hidden-${plan.variant}-${plan.players}-${page.viewportSize()!.width}-${record.deals.length}.png`,
          });
        }
      }
      figures.push({
        game: plan.title,
        players: plan.players,
        playing: Object.values(deal.entries).filter((e) => e.plays).length,
        taps: state.taps,
        scrollPx: state.scroll,
        budgeted: plan.budgeted,
      });
      if (state.scroll > 0 && plan.players <= 5)
        await page.screenshot({ path: `${SHOTS}/table-scrolled-${plan.variant}-${plan.players}-${i + 1}.png` });
      if (i === 1 && plan.players >= 5)
        await page.screenshot({
          path: `${SHOTS}/table-${plan.variant}-${plan.players}-${page.viewportSize()!.width}-after-save.png`,
        });
      // One undo of the deal just saved (the toast), then the same deal entered again.
      if (plan.title === "Norrlands-Knack, 3 players" && i === 4) {
        await page.getByTestId("undo-toast").getByRole("button", { name: "Undo" }).tap();
        record.deals.pop();
        await page
          .getByTestId("protokoll")
          .first()
          .locator(`tr[data-deal="${i + 1}"]`)
          .waitFor({ state: "detached" });
        record.deals.push(deal);
        await enterDeal(page, record);
      }
    }
    // One edit: deal 2's tricks of its first two playing seats swapped, through the deal's dialog.
    if (plan.title === "Knektpass, 4 players") {
      const deal = record.deals[1]!;
      const [a, b] = record.players.filter((p) => deal.entries[p]!.plays);
      const edited: DealRecord = {
        entries: {
          ...deal.entries,
          [a!]: { ...deal.entries[a!]!, tricks: deal.entries[b!]!.tricks },
          [b!]: { ...deal.entries[b!]!, tricks: deal.entries[a!]!.tricks },
        },
      };
      const trial = { ...record, deals: record.deals.map((d, i) => (i === 1 ? edited : d)) };
      if (evaluateGame(trial).ok) {
        await page.getByRole("button", { name: "Deal 2", exact: true }).tap();
        const dialog = page.getByTestId("deal-dialog");
        await dialog.getByRole("button", { name: "Edit deal 2" }).tap();
        for (const p of [a!, b!]) {
          await dialog
            .getByTestId(`seat-${p}`)
            .getByRole("group", { name: "Tricks" })
            .getByRole("button", { name: String(edited.entries[p]!.tricks), exact: true })
            .tap();
        }
        await dialog.getByRole("button", { name: "Save the change" }).tap();
        await dialog.waitFor({ state: "detached" });
        record.deals[1] = edited;
      }
    }
    // The whole sheet once more, after the edit and the undo.
    await expectProtokoll(page, record, scoreGame(record));
    wrong += await mismatches(page, record);
    if (plan.title === "Knektpass, 10 players")
      await page.screenshot({ path: `${SHOTS}/table-knektpass-10-protokoll.png`, fullPage: true });
  }

  // The deal form with 5 and 10 players, before the first tap; then a deal's edit view on a 360 px phone: how far
  // anything in it sticks out of the dialog or the screen.
  let dialogOverflow = 0;
  for (const players of [5, 10]) {
    await page.setViewportSize({ width: 390, height: 844 });
    await createEvening(page, {
      title: `Form ${players}`,
      variant: "Knektpass",
      players: NAMES.slice(0, players),
      firstDealer: "Anna",
    });
    await page.screenshot({ path: `${SHOTS}/table-form-${players}.png` });
    await page.setViewportSize(SMALL_PHONE);
    await playAlone(page, "Bo");
    await page.getByRole("button", { name: "Deal 1", exact: true }).tap();
    const dialog = page.getByTestId("deal-dialog");
    await dialog.getByRole("button", { name: "Edit deal 1" }).tap();
    await dialog.getByRole("button", { name: "Save the change" }).waitFor();
    const over = await dialog.evaluate((d) => {
      const box = d.getBoundingClientRect();
      let most = Math.max(0, d.scrollWidth - d.clientWidth, box.right - innerWidth, -box.left);
      for (const el of d.querySelectorAll("*")) {
        const r = el.getBoundingClientRect();
        if (r.width === 0) continue;
        most = Math.max(most, r.right - box.right, box.left - r.left, r.right - innerWidth);
      }
      return Math.ceil(most);
    });
    if (over > 0) console.log(`  edit view at 360 px, ${players} players: ${over} px outside`);
    dialogOverflow = Math.max(dialogOverflow, over);
    await page.screenshot({ path: `${SHOTS}/table-edit-${players}-360.png` });
    await dialog.getByRole("button", { name: "Cancel" }).tap();
  }

  // Every page a player uses, on a 360 px phone; TV mode on a 720p and a 1080p screen.
  const storage = JSON.stringify(await context.storageState());
  const checks: {
    name: string;
    url: string;
    size: { width: number; height: number };
    vertical?: boolean;
    open?: (page: Page) => Promise<void>;
  }[] = [];
  const phone = { width: 360, height: 740 };
  for (const e of evenings) {
    checks.push({ name: `evening: ${e.title}`, url: e.url, size: phone });
    checks.push({
      name: `explanations: ${e.title}`,
      url: e.url,
      size: phone,
      open: async (p) => {
        await p.getByRole("button", { name: "Deal 1", exact: true }).tap();
        await p.getByTestId("explain-deal-1").waitFor();
      },
    });
    checks.push({ name: `live viewer: ${e.title}`, url: e.share, size: phone });
    for (const size of [
      { width: 1280, height: 720 },
      { width: 1920, height: 1080 },
    ]) {
      checks.push({
        name: `TV ${size.width}×${size.height}: ${e.title}`,
        url: `${e.share}?tv=1`,
        size,
        vertical: true,
      });
    }
  }
  checks.push({ name: "history", url: `${server.base}/evenings`, size: phone });
  checks.push({ name: "players", url: `${server.base}/players`, size: phone });
  checks.push({ name: "profile", url: `${server.base}/players/Anna`, size: phone });
  let overflowing = 0;
  for (const check of checks) {
    const { over, detail } = await overflow(browser, storage, check.url, check.size, check.vertical, check.open);
    if (over) {
      overflowing++;
      console.log(`  overflow: ${check.name} (${detail})`);
    }
  }
  // TV with 10 players whose names are as long as names may be, after a dozen deals.
  await page.setViewportSize({ width: 390, height: 844 });
  const long = NAMES.map((n) => `${n} Andersson-Lindqvist-Karlsson-Öberg`.slice(0, MAX_NAME_LENGTH));
  await createEvening(page, { title: "Long names", variant: "Knektpass", players: long, firstDealer: long[0]! });
  const longShare = await page.getByTestId("share-url").inputValue();
  for (let i = 0; i < 12; i++) {
    await playAlone(page, long[i % long.length]!);
    await page
      .getByTestId("protokoll")
      .first()
      .locator(`tr[data-deal="${i + 1}"]`)
      .waitFor();
  }
  let tvClipped = 0;
  let tvRows = Infinity;
  for (const size of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    const screen = await browser.newContext({ viewport: size });
    const wall = await screen.newPage();
    await wall.goto(`${longShare}?tv=1`, { waitUntil: "networkidle" });
    await wall.getByTestId("share-protokoll").waitFor();
    const figures = await tvFigures(wall);
    // The title keeps the game's number whole beside a long title and a long dealer's name.
    const numbered = await wall
      .getByTestId("tv-title")
      .locator(".tv-game-number")
      .evaluate((el) => {
        const r = el.getBoundingClientRect();
        const title = el.parentElement!.getBoundingClientRect();
        return r.width > 0 && r.left >= title.left - 0.5 && r.right <= title.right + 0.5;
      });
    if (!numbered) {
      figures.clipped++;
      figures.detail += " the game's number in the title";
    }
    tvClipped += figures.clipped;
    tvRows = Math.min(tvRows, figures.rows);
    if (figures.clipped) console.log(`  TV ${size.width}×${size.height}: clipped ${figures.detail}`);
    await wall.screenshot({ path: `${SHOTS}/table-tv-long-${size.width}x${size.height}.png` });
    await screen.close();
  }

  const tv = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tvPage = await tv.newPage();
  await tvPage.goto(`${evenings.find((e) => e.title.startsWith("Knektpass, 10"))!.share}?tv=1`, {
    waitUntil: "networkidle",
  });
  await tvPage.screenshot({ path: `${SHOTS}/table-tv-1280x720.png` });
  await tvPage.setViewportSize({ width: 1920, height: 1080 });
  await tvPage.screenshot({ path: `${SHOTS}/table-tv-1920x1080.png` });
  await tv.close();

  // ---- Figures ----
  const budgeted = figures.filter((f) => f.budgeted);
  const taps = budgeted.map((f) => f.taps);
  const medianTaps = median(taps);
  const max = Math.max(...taps);
  const overBudget = budgeted.filter((f) => f.taps > 2 * f.playing + 2).length;
  const scrollMax = Math.max(...figures.filter((f) => f.players <= 5).map((f) => f.scrollPx));
  const seats = figures.reduce((t, f) => t + f.players, 0);
  const played = figures.reduce((t, f) => t + f.playing, 0);
  const kp = figures.filter((f) => f.game.startsWith("Knektpass")).length;
  for (const plan of PLANS) {
    const mine = figures.filter((f) => f.game === plan.title);
    console.log(
      `  ${plan.title.padEnd(28)} deals=${mine.length} taps=${mine.map((f) => f.taps).join(",")}`,
      `scroll_px=${mine.map((f) => f.scrollPx).join(",")}`,
    );
  }
  console.log(
    `  Knektpass deals=${kp} Norrlands-Knack deals=${figures.length - kp};`,
    `seats playing or knocking ${((100 * played) / seats).toFixed(0)} %`,
  );
  console.log(`  pages checked for overflow: ${checks.length}; screenshots in ${SHOTS}/table-*.png`);
  failed =
    medianTaps > 7 ||
    max > 12 ||
    overBudget > 0 ||
    scrollMax > 0 ||
    overflowing > 0 ||
    wrong > 0 ||
    visibleFails > 0 ||
    tvClipped > 0 ||
    tvRows < 5 ||
    scrollUp10 > 0 ||
    dialogOverflow > 0;
  console.log(
    [
      `bench:table deals=${figures.length} taps_median=${medianTaps} taps_max=${max} over_budget=${overBudget}`,
      `scroll_px_max=${scrollMax} overflow=${overflowing} mismatches=${wrong}`,
      `visible_scores_fail=${visibleFails} tv_cells_clipped=${tvClipped} tv_rows_min=${tvRows}`,
      `scroll_px_max_10p=${scrollUp10} dialog_overflow_px=${dialogOverflow}`,
    ].join(" "),
  );
} finally {
  await browser.close();
  server.stop();
}
process.exit(failed ? 1 : 0);
