/**
 * The moment at the table (issue: faster than chalk): the one-screen deal form, the taps it saves, the state after
 * Save, undo, and pages that fit a 360 px phone with many players; TV mode on a wall screen.
 */
import { expect, test, type Page } from "@playwright/test";
import { scoreGame, type GameRecord } from "@/lib/rules";
import { dealsRouteOf, expectAccessible, signUp, THREE, threeAtTheTable } from "./support";
import { alone, createEvening, enterDeal, playAlone, seat } from "../support/table";
import { stored } from "./phone";

const FIVE = ["Anna", "Bo", "Cecilia", "Dag", "Erik"];
const TEN = [...FIVE, "Fia", "Gustav", "Hanna", "Ivar", "Jonna"];

async function noHorizontalOverflow(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, `page is ${scroll}px wide in a ${width}px window`).toBeLessThanOrEqual(width);
}

async function noScrolling(page: Page) {
  const size = await page.evaluate(() => ({
    sw: document.documentElement.scrollWidth,
    sh: document.documentElement.scrollHeight,
    w: innerWidth,
    h: innerHeight,
  }));
  expect(size.sw).toBeLessThanOrEqual(size.w);
  expect(size.sh).toBeLessThanOrEqual(size.h);
}

test("five players: the whole deal form and Save fit a phone; taps fill in what follows; errors wait for the deal", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await createEvening(page, { title: "Fem vid bordet", variant: "Knektpass", players: FIVE, firstDealer: "Erik" });
  for (const name of FIVE) await expect(seat(page, name)).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("button", { name: "Save deal 1" })).toBeInViewport({ ratio: 1 });
  await expect(seat(page, "Erik").getByTitle("dealer")).toBeVisible();
  await expect(seat(page, "Anna").getByTitle("forehand")).toBeVisible();

  // A seat nobody set is an error on Save, named at the seat; nothing is saved.
  const tricks = (name: string, n: number) =>
    seat(page, name)
      .getByRole("group", { name: "Tricks" })
      .getByRole("button", { name: String(n), exact: true });
  const cards = (name: string, n: number) =>
    seat(page, name)
      .getByRole("group", { name: "Cards", exact: true })
      .getByRole("button", { name: String(n), exact: true });
  await cards("Anna", 2).click();
  await expect(seat(page, "Anna").getByRole("button", { name: "Anna: Plays" })).toHaveAttribute("aria-pressed", "true");
  await tricks("Anna", 2).click();
  await tricks("Bo", 1).click();
  // A playing seat with no cards chosen exchanged 0, shown as 0.
  await expect(cards("Bo", 0)).toHaveAttribute("aria-pressed", "true");
  await expect(page.locator(".seat-problem")).toHaveCount(0);
  await page.getByRole("button", { name: "Save deal 1" }).click();
  await expect(page.getByTestId("problem-Cecilia")).toHaveText("plays or passes?");
  await expect(page.getByTestId("problem-Erik")).toHaveText("plays or passes?");
  await expect(page.locator('tr[data-deal="1"]')).toHaveCount(0);

  // Cecilia plays; everyone else passes in one tap; her tricks follow (2 + 1 + 2 = 5) and are shown as filled in.
  await cards("Cecilia", 1).click();
  await page.getByRole("button", { name: "Others pass" }).click();
  await expect(seat(page, "Dag").getByRole("button", { name: "Dag: Passes" })).toBeVisible();
  await expect(tricks("Cecilia", 2)).toHaveAttribute("aria-pressed", "true");
  await expect(tricks("Cecilia", 2)).toHaveClass(/filled/);
  const scrolled = await page.evaluate(() => window.scrollY);
  await page.getByRole("button", { name: "Save deal 1" }).click();

  // After Save: the form is empty at the top, the next dealer in view, and an undo for a few seconds.
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  expect(scrolled).toBe(0);
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeInViewport();
  await expect(page.getByTestId("next-dealer")).toHaveText("Anna");
  await expect(page.getByTestId("next-dealer")).toBeInViewport();
  await expect(seat(page, "Anna").getByRole("button", { name: "Anna: plays or passes?" })).toBeVisible();
  const record: GameRecord = {
    variant: "knektpass",
    players: FIVE,
    firstDealer: "Erik",
    deals: [
      {
        entries: {
          Anna: { plays: true, exchanged: 2, tricks: 2 },
          Bo: { plays: true, exchanged: 0, tricks: 1 },
          Cecilia: { plays: true, exchanged: 1, tricks: 2 },
          Dag: { plays: false },
          Erik: { plays: false },
        },
      },
    ],
  };
  await expect(page.getByTestId("protokoll").first().getByTestId("score-Anna")).toHaveText("10");
  await page.getByTestId("undo-toast").getByRole("button", { name: "Undo" }).click();
  await expect(page.locator('tr[data-deal="1"]')).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Deal 1", exact: true })).toBeVisible();
  await enterDeal(page, record);

  // A lone player needs no tricks: once the others pass, the tricks disappear and the seat says why.
  await seat(page, "Bo").getByRole("button", { name: "Bo: plays or passes?" }).click();
  await page.getByRole("button", { name: "Others pass" }).click();
  await expect(seat(page, "Bo").getByRole("group", { name: "Tricks" })).toHaveCount(0);
  await expect(seat(page, "Bo")).toContainText("Plays alone: wins the deal");
  await expect(page.getByRole("button", { name: "Save deal 2" })).toBeInViewport({ ratio: 1 });

  // "Undo deal 1" asks once, in the same words: one preview, one Cancel.
  await page.getByRole("button", { name: "Undo deal 1" }).click();
  const dialog = page.getByTestId("deal-dialog");
  await expect(dialog.getByRole("heading", { name: "Undo deal 1?" })).toBeInViewport();
  await expect(dialog.getByTestId("change-preview")).toHaveCount(1);
  await expect(dialog.getByTestId("change-preview")).toContainText("Anna: 10 → 12");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toHaveCount(1);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();

  // The page fits a 360 px phone; Sign out stays on one line.
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page);
  const signOut = await page.getByRole("button", { name: "Sign out" }).boundingBox();
  expect(signOut!.height).toBeLessThan(44);
  await expectAccessible(page);
});

test("Norrlands-Knack: the game's own words, and the first deal asks only the knocker's tricks", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await createEvening(page, { title: "Knack", variant: "Norrlands-Knack", players: FIVE, firstDealer: "Erik" });
  await expect(seat(page, "Anna").getByRole("button", { name: "Anna: knacka or lura?" })).toHaveText("Knacka?");
  await seat(page, "Cecilia")
    .getByRole("group", { name: "Tricks" })
    .getByRole("button", { name: "2", exact: true })
    .click();
  for (const other of ["Anna", "Bo", "Dag", "Erik"]) {
    await expect(seat(page, other).getByRole("button", { name: `${other}: Lura` })).toBeVisible();
    await expect(seat(page, other).getByRole("group", { name: "Tricks" })).toHaveCount(0);
  }
  await page.getByRole("button", { name: "Save deal 1" }).click();
  await expect(page.getByTestId("protokoll").first().getByTestId("score-Cecilia")).toHaveText("8");
  await page.getByRole("button", { name: "SV", exact: true }).click();
  await expect(seat(page, "Anna").getByRole("button", { name: "Anna: knackar eller lurar?" })).toHaveText("Knackar?");
  await expect(page.getByRole("button", { name: "Övriga lurar" })).toBeVisible();
  await expect(page.getByTestId("protokoll-legend")).toContainText("limpa");
  await expect(page.getByTestId("protokoll-legend")).toContainText("trumftvång");
  await page.getByRole("button", { name: "EN", exact: true }).click();
});

test("ten players: Save stays in reach, and the protokoll, explanations and live viewer fit a 360 px phone", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await createEvening(page, { title: "Tio", variant: "Knektpass", players: TEN, firstDealer: "Jonna" });
  // Seats that do not play yet are one line each: all ten, and their scores, are on the first screen.
  await expect(seat(page, "Jonna")).toBeInViewport({ ratio: 1 });
  await expect(page.getByTestId("seat-score-Jonna")).toBeInViewport({ ratio: 1 });
  await expect(page.getByRole("button", { name: "Save deal 1" })).toBeInViewport({ ratio: 1 });
  await playAlone(page, "Anna");
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 740 });
  await noHorizontalOverflow(page);
  // Short names head the columns; the full name stays for screen readers.
  await expect(page.getByTestId("protokoll").getByRole("columnheader", { name: "Gustav" })).toContainText("Gu");
  await page.getByRole("button", { name: "Deal 1", exact: true }).click();
  await expect(page.getByTestId("explain-deal-1")).toContainText("played alone, wins the deal: −5");
  await noHorizontalOverflow(page);
  await page.getByTestId("deal-dialog").getByRole("button", { name: "Close" }).click();

  const share = await page.getByTestId("share-url").inputValue();
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const viewer = await context.newPage();
  await viewer.goto(share);
  await expect(viewer.getByTestId("standing-Anna")).toHaveText("7");
  await noHorizontalOverflow(viewer);
  await expectAccessible(viewer);
  await context.close();
});

test("TV mode fits 720p and 1080p with ten players: big scores, the newest deal marked, the winner full screen, reconnecting shown", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await createEvening(page, { title: "Tio på TV", variant: "Knektpass", players: TEN, firstDealer: "Jonna" });
  const share = await page.getByTestId("share-url").inputValue();
  for (let i = 1; i <= 2; i++) {
    await playAlone(page, "Bo");
    await expect(page.locator(`tr[data-deal="${i}"]`)).toBeVisible();
  }
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await context.newPage();
  await tv.goto(`${share}?tv=1`);
  await expect(tv.getByTestId("tv-board")).toBeVisible();
  await expect(tv.getByTestId("standing-Bo")).toHaveText("2");
  await noScrolling(tv);
  await expect(tv.locator('tr[data-deal="2"]')).toHaveClass(/newest/);
  // The standings' "closest to 0" belongs to who leads once deals are played.
  await expect(tv.getByTestId("standings").getByText("closest to 0")).toHaveCount(1);
  await tv.setViewportSize({ width: 1920, height: 1080 });
  await noScrolling(tv);
  const height = await tv.getByTestId("standing-Jonna").evaluate((el) => el.getBoundingClientRect().height);
  expect(height).toBeGreaterThanOrEqual(48);
  await tv.screenshot({ path: "test-results/screenshots/tv-1080p.png" });

  // A screen whose live stream does not get through says so, visibly.
  // (Its own context without the service worker, so the route below sees the stream's request.)
  const cutContext = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: "block" });
  const cut = await cutContext.newPage();
  await cut.route("**/events", (route) => route.abort());
  await cut.goto(`${share}?tv=1`);
  await expect(cut.getByTestId("live-indicator")).toContainText(/Reconnecting|Updating every few seconds/, {
    timeout: 15_000,
  });
  await expect(cut.getByTestId("live-indicator")).toBeInViewport();
  await cutContext.close();

  // Bo wins: the winner fills the screen, still without scrolling.
  await playAlone(page, "Bo");
  await expect(tv.getByTestId("share-winners")).toContainText("Bo wins!", { timeout: 15_000 });
  const banner = await tv.getByTestId("share-winners").boundingBox();
  expect(banner!.width).toBe(1920);
  expect(banner!.height).toBe(1080);
  await noScrolling(tv);
  await tv.setViewportSize({ width: 1280, height: 720 });
  await noScrolling(tv);
  await tv.screenshot({ path: "test-results/screenshots/tv-winner-720p.png" });
  await context.close();
});

test("trumftvång names who stands at 1, on the phone and on the share link; a viewer at the start sees no leader", async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await createEvening(page, {
    title: "Trumftvång",
    variant: "Norrlands-Knack",
    players: ["Anna", "Bo", "Cecilia"],
    firstDealer: "Cecilia",
    houseRules: async (p) => {
      await p.getByText("House rules").click();
      await p.locator('input[name="houseRule.startScore"]').fill("2");
    },
  });
  const share = await page.getByTestId("share-url").inputValue();
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const viewer = await context.newPage();
  await viewer.goto(share);
  await expect(viewer.getByTestId("standings")).toBeVisible();
  await expect(viewer.getByTestId("standings").getByText("closest to 0")).toHaveCount(0);
  await seat(page, "Anna")
    .getByRole("group", { name: "Tricks" })
    .getByRole("button", { name: "1", exact: true })
    .click();
  await page.getByRole("button", { name: "Save deal 1" }).click();
  await expect(page.getByTestId("trumftvang")).toHaveText(/Anna stands at 1/);
  await expect(page.getByTestId("trumftvang")).toBeInViewport();
  await expect(viewer.getByTestId("share-trumftvang")).toHaveText(/Anna stands at 1/, { timeout: 10_000 });
  await expect(viewer.getByTestId("standings").getByText("closest to 0")).toHaveCount(1);
  await expectAccessible(viewer);
  await viewer.goto(`${share}?tv=1`);
  await expect(viewer.getByTestId("share-trumftvang")).toHaveText(/Anna stands at 1/);
  await expectAccessible(viewer);
  await context.close();
});

test("each seat shows where it stands, and the screen stays on while the game is in play", async ({ page }) => {
  // Chromium's headless shell grants no wake lock: the API is stubbed, and so is the page being hidden.
  await page.addInitScript(() => {
    const log: string[] = [];
    let visible = true;
    Object.assign(window, { wakeLog: log, setVisible: (v: boolean) => (visible = v) });
    Object.defineProperty(document, "visibilityState", { get: () => (visible ? "visible" : "hidden") });
    Object.defineProperty(navigator, "wakeLock", {
      value: {
        request: async () => {
          log.push("request");
          const sentinel = {
            released: false,
            release: async () => {
              sentinel.released = true;
              log.push("release");
            },
          };
          return sentinel;
        },
      },
    });
  });
  const wakeLog = () => page.evaluate(() => (window as unknown as { wakeLog: string[] }).wakeLog.join(","));
  const setVisible = (visible: boolean) =>
    page.evaluate((v) => {
      (window as unknown as { setVisible: (v: boolean) => void }).setVisible(v);
      document.dispatchEvent(new Event("visibilitychange"));
    }, visible);

  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  const players = ["Anna", "Bo", "Cecilia", "Dag"];
  await createEvening(page, { title: "Vaken", variant: "Norrlands-Knack", players, firstDealer: "Dag" });
  await expect.poll(wakeLog).toBe("request");
  await setVisible(false);
  await expect.poll(wakeLog).toBe("request,release");
  await setVisible(true);
  await expect.poll(wakeLog).toBe("request,release,request");

  // Switched off, it stays off on this phone; switched on, it asks again.
  const toggle = page.getByTestId("keep-awake");
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await toggle.click();
  await expect.poll(wakeLog).toBe("request,release,request,release");
  await page.reload();
  await expect(page.getByTestId("keep-awake")).toHaveAttribute("aria-pressed", "false");
  expect(await wakeLog()).toBe("");
  await page.getByTestId("keep-awake").click();
  await expect.poll(wakeLog).toBe("request");

  // The scores beside the names are the rules engine's, with limpas; the one closest to 0 is outlined.
  const record: GameRecord = { variant: "norrlands-knack", players, firstDealer: "Dag", deals: [] };
  const deals: Record<string, [boolean, number?]>[] = [
    { Anna: [true, 2], Bo: [false], Cecilia: [false], Dag: [false] },
    { Anna: [true, 3], Bo: [true, 0], Cecilia: [true, 2], Dag: [false] },
  ];
  for (const deal of deals) {
    record.deals.push({
      entries: Object.fromEntries(
        Object.entries(deal).map(([p, [plays, tricks]]) => [p, plays ? { plays, tricks } : { plays }]),
      ),
    });
    await enterDeal(page, record);
  }
  const result = scoreGame(record);
  expect(result.limpa.Bo).toBe(1);
  const best = Math.min(...players.map((p) => result.scores[p]!));
  for (const p of players) {
    const score = page.getByTestId(`seat-score-${p}`);
    await expect(score).toBeInViewport();
    await expect(score).toHaveAttribute("title", new RegExp(`^score ${result.scores[p]}\\b`));
    if (result.limpa[p]) await expect(score).toHaveAttribute("title", new RegExp(`limpas: ${result.limpa[p]}`));
    await expect(seat(page, p)).toHaveClass(result.scores[p] === best ? /\bleader\b/ : /^(?!.*\bleader\b)/);
  }

  // The evening over, the screen is let go.
  await page.getByRole("button", { name: "End the evening" }).click();
  await expect(page.getByTestId("keep-awake")).toHaveCount(0);
  await expect.poll(wakeLog).toMatch(/release$/);
});

/** Holds the page's `method` requests to `url` until the returned function lets them through. */
async function holdRequests(page: Page, url: string, method: string): Promise<() => void> {
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.continue();
    await held;
    await route.continue();
  });
  return letThrough;
}

/** Taps `who`'s toggle while the form takes no tap, lets the held change through: the tap lands on the next form. */
async function tapAfter(page: Page, who: string, letThrough: () => void, heading: string) {
  const toggle = seat(page, who).getByRole("button", { name: new RegExp(`^${who}: `) });
  await expect(toggle).toBeDisabled();
  const tapped = toggle.click(); // waits for a form that takes it
  letThrough();
  await tapped;
  await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: /^Others/ }).click();
  await page.getByRole("button", { name: /^Save deal/ }).click();
}

test("a tap while a deal is being saved, or undone, waits for the form that follows instead of being lost", async ({
  page,
}) => {
  await threeAtTheTable(page, "Snabba fingrar");
  const lone = (who: string) => alone(who, THREE);
  const deals = async () => (await stored(page))[0]!.deals.map((d) => d.entries);

  // A slow answer: the server gets deal 1 only when the test lets it through. While deal 1 is on its way its seats
  // take no tap: one then would vanish with this form.
  const saveThrough = await holdRequests(page, "**/api/games/*/deals", "POST");
  await playAlone(page, "Bo");
  await expect(page.getByRole("button", { name: "Saving…" })).toBeVisible();
  await tapAfter(page, "Cecilia", saveThrough, "Deal 2");
  await expect(page.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  await expect.poll(deals).toEqual(["Bo", "Cecilia"].map(lone));

  // Undo, slowly answered: the form still reads "Deal 3" until deal 2 is gone, and takes no tap meanwhile.
  const undoThrough = await holdRequests(page, "**/api/games/*/deals/*", "DELETE");
  await page.getByTestId("undo-toast").getByRole("button", { name: "Undo" }).click();
  await tapAfter(page, "Anna", undoThrough, "Deal 2");
  await expect(page.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  await expect.poll(deals).toEqual(["Bo", "Anna"].map(lone));
});

test("a deal half entered is still there when the page loads again (a pull that reloads it), until it is saved", async ({
  page,
}) => {
  await threeAtTheTable(page, "Dra inte");
  const toggle = (who: string) => seat(page, who).getByRole("button", { name: new RegExp(`^${who}: `) });
  await toggle("Bo").click();
  await seat(page, "Bo").getByRole("group", { name: "Cards" }).getByRole("button", { name: "2", exact: true }).click();
  await page.reload();
  await expect(toggle("Bo")).toHaveAttribute("aria-pressed", "true");
  await expect(
    seat(page, "Bo").getByRole("group", { name: "Cards" }).getByRole("button", { name: "2", exact: true }),
  ).toHaveAttribute("aria-pressed", "true");
  await expect(toggle("Anna")).toHaveAttribute("aria-pressed", "mixed");
  await page.getByRole("button", { name: /^Others/ }).click();
  const gameUrl = await dealsRouteOf(page, () => page.getByRole("button", { name: /^Save deal/ }).click());
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  // Saved, it is gone: the next deal starts empty, after a reload too.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  for (const p of THREE) await expect(toggle(p)).toHaveAttribute("aria-pressed", "mixed");
  const entries = (await stored(page))[0]!.deals.map((d) => d.entries);
  // (Bo alone wins the deal whatever he exchanged: the cards are not part of it.)
  expect(entries).toEqual([alone("Bo", THREE)]);

  // Deal 2 half entered, the page loaded again, and then another phone records deal 2: the kept taps are not
  // silently dropped — the page says the entry was not saved.
  await toggle("Anna").click();
  await page.reload();
  await expect(toggle("Anna")).toHaveAttribute("aria-pressed", "true");
  const other = await page.request.post(gameUrl, {
    data: { number: 2, entries: alone("Cecilia", THREE) },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(other.status()).toBe(201);
  await expect(page.getByText("The game changed while you entered deal 2: your entry was not saved.")).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  await expect(toggle("Anna")).toHaveAttribute("aria-pressed", "mixed");
});

test("a long game opens with its latest 30 deals; the earlier ones are a tap away, on the phone and the share page", async ({
  page,
  browser,
}) => {
  await threeAtTheTable(page, "Lång");
  // Deal 1 through the form (its address names the game), then 34 more redeals through the same API.
  const posted = page.waitForRequest((r) => r.method() === "POST" && /\/api\/games\/[^/]+\/deals$/.test(r.url()));
  await page.getByRole("button", { name: "All passed ↺" }).click();
  const dealsUrl = (await posted).url();
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  const origin = new URL(page.url()).origin;
  for (let number = 2; number <= 35; number++) {
    const response = await page.request.post(dealsUrl, {
      data: { number, entries: Object.fromEntries(THREE.map((p) => [p, { plays: false }])) },
      headers: { Origin: origin },
    });
    expect(response.status(), await response.text()).toBeLessThan(300);
  }
  await page.reload();
  const sheet = page.getByTestId("protokoll").first();
  await expect(sheet.locator("tr[data-deal]")).toHaveCount(30);
  await expect(sheet.locator('tr[data-deal="6"]')).toHaveCount(1);
  await expect(sheet.locator('tr[data-deal="5"]')).toHaveCount(0);
  await sheet.getByRole("button", { name: "↑ Show the 5 earlier deals" }).click();
  await expect(sheet.locator("tr[data-deal]")).toHaveCount(35);

  const share = await page.getByTestId("share-url").inputValue();
  const viewer = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await viewer.goto(share);
  const shared = viewer.getByTestId("share-protokoll");
  await expect(shared.locator("tr[data-deal]")).toHaveCount(30);
  await shared.getByRole("button", { name: "↑ Show the 5 earlier deals" }).click();
  await expect(shared.locator("tr[data-deal]")).toHaveCount(35);
});
