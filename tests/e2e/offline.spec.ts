import { expect, test, type Page } from "@playwright/test";
import { scoreGame, type EntryRecord, type GameRecord } from "@/lib/rules";
import { noSignal, openPhone, secondPhone, signal, stored, workerInControl } from "./phone";
import { PASSWORD, screenshots, signUp, threeSeated } from "./support";
import { alone, createEvening, enterDeal, playAlone, type Seats } from "../support/table";

const knack = (seats: Record<string, [boolean, number?, boolean?]>): Seats =>
  Object.fromEntries(
    Object.entries(seats).map(([name, [plays, tricks, revoke]]) => {
      const entry: EntryRecord = { plays };
      if (tricks !== undefined) entry.tricks = tricks;
      if (revoke) entry.revoke = true;
      return [name, entry];
    }),
  );

test("installable, and an evening opened once opens again without a signal", async ({ baseURL }) => {
  const { context, page } = await openPhone(baseURL);
  await threeSeated(page, "I stugan");
  await playAlone(page, "Bo");
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  await workerInControl(page);

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ short_name: "Protokoll", display: "standalone", start_url: "/evenings" });
  expect(manifest.icons.map((i: { purpose: string; sizes: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);

  await noSignal(context);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("I stugan");
  await expect(page.getByTestId("protokoll").first().getByTestId("score-Bo")).toHaveText("7");
  await expect(page.getByTestId("offline-banner")).toContainText(
    /No signal — showing this phone's copy from \d\d:\d\d/,
  );
  // What only the server can do says it needs a signal, and the page stays.
  await page.getByRole("button", { name: "End the evening" }).click();
  await expect(page.getByRole("status").filter({ hasText: "This needs a signal" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("I stugan");
  // A deal saved when the send fails (whatever the phone says of its connection) is kept, not lost.
  await playAlone(page, "Cecilia");
  await expect(page.getByTestId("outbox-count")).toHaveText(/^1 deal (waiting to be sent|not sent yet)\./);
  const eveningUrl = page.url();
  // A page never opened here says so, instead of the browser's error page.
  await page.goto("/players");
  await expect(page.getByTestId("offline-page")).toBeVisible();

  // Signing out forgets the evenings kept on this phone: the next person to use it cannot open them offline.
  await signal(context);
  await page.goto(eveningUrl);
  await expect(page.locator('tr[data-deal="2"]')).toBeVisible();
  await expect.poll(async () => (await stored(page))[0]!.deals.length, { timeout: 10_000 }).toBe(2);
  await expect(page.getByTestId("outbox-count")).toHaveCount(0);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  const kept = await page.evaluate(async () => {
    const pages = await (await caches.open("pages")).keys();
    const copies = await new Promise<number>((resolve) => {
      const open = indexedDB.open("protokoll");
      open.onsuccess = () => {
        const count = open.result.transaction("copies").objectStore("copies").count();
        count.onsuccess = () => resolve(count.result);
      };
    });
    return { pages: pages.map((r) => new URL(r.url).pathname), copies };
  });
  expect(kept.pages.filter((p) => p.startsWith("/evenings/"))).toEqual([]);
  expect(kept.copies).toBe(0);
  await context.close();
});

test("deals entered without a signal are kept, shown at once, and sent once each when the signal returns", async ({
  baseURL,
  browser,
}) => {
  const players = ["Anna", "Bo", "Cecilia", "Dag"];
  const { context, page } = await openPhone(baseURL);
  await signUp(page);
  await createEvening(page, { title: "Knack utan täckning", variant: "Norrlands-Knack", players, firstDealer: "Dag" });
  const record: GameRecord = { variant: "norrlands-knack", players, firstDealer: "Dag", deals: [] };
  const play = async (seats: Seats) => {
    record.deals.push({ entries: seats });
    await enterDeal(page, record);
  };
  await play(knack({ Anna: [false], Bo: [true, 1], Cecilia: [false], Dag: [false] }));
  await page.getByText("Share the live scoreboard").click();
  const shareUrl = await page.getByTestId("share-url").inputValue();
  await workerInControl(page);

  await noSignal(context);
  await page.reload();
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  const sheet = page.getByTestId("protokoll").first();
  // A limpa for Anna, then Bo stands at 1 (trumftvång starts), then a deal under trumftvång.
  await play(knack({ Anna: [true, 0], Bo: [true, 5], Cecilia: [true, 0], Dag: [false] }));
  await expect(sheet.locator('tr[data-deal="2"] td[data-player="Anna"]')).toHaveClass(/limpa/);
  await play(knack({ Anna: [true, 1], Bo: [true, 3], Cecilia: [true, 1], Dag: [true, 0] }));
  await expect(page.getByTestId("trumftvang")).toContainText("Bo stands at 1");
  // Deal 4 entered wrong (Anna 2, Dag 3), then corrected in its dialog like any deal, still without a signal.
  await play(knack({ Anna: [true, 2], Bo: [true, 0], Cecilia: [false], Dag: [true, 3] }));
  await expect(page.getByTestId("undo-toast")).toContainText("Deal 4 kept on this phone.");
  await page.getByRole("button", { name: "Deal 4", exact: true }).click();
  const dialog = page.getByTestId("deal-dialog");
  await dialog.getByRole("button", { name: "Edit deal 4" }).click();
  const tricks = (name: string, n: number) =>
    dialog
      .getByTestId(`seat-${name}`)
      .getByRole("group", { name: "Tricks" })
      .getByRole("button", { name: String(n), exact: true });
  await tricks("Anna", 3).click();
  await tricks("Dag", 2).click();
  await expect(dialog.getByTestId("change-preview")).toContainText("Anna: 7 → 6");
  await dialog.getByRole("button", { name: "Save the change" }).click();
  await expect(dialog).toHaveCount(0);
  record.deals[3] = { entries: knack({ Anna: [true, 3], Bo: [true, 0], Cecilia: [false], Dag: [true, 2] }) };
  // A redeal saved by mistake, and taken back.
  await page.getByRole("button", { name: "Nobody knocked ↺" }).click();
  await expect(page.getByTestId("outbox-count")).toHaveText(/^4 deals (waiting to be sent|not sent yet)\./);
  await page.getByRole("button", { name: "Undo deal 5" }).click();
  await dialog.getByRole("button", { name: "Undo deal 5" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId("outbox-count")).toHaveText(/^3 deals (waiting to be sent|not sent yet)\./);
  await expect(sheet.locator('tr[data-queued="true"]')).toHaveCount(3);
  await screenshots(page, "offline-deals-waiting");

  // Reloaded without a signal: the waiting deals are still there.
  await page.reload();
  await expect(page.getByTestId("outbox-count")).toHaveText(/^3 deals (waiting to be sent|not sent yet)\./);
  await expect(sheet.locator("tbody tr[data-deal]")).toHaveCount(4);
  await expect(sheet.getByTestId("limpa-Bo")).toHaveText("1");

  // The signal returns: each deal is sent once, in order; the viewer of the share link sees them.
  await signal(context);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect(page.getByTestId("outbox-count")).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByTestId("offline-banner")).toHaveCount(0);
  const [game] = await stored(page);
  expect(game!.deals).toEqual(record.deals);
  await expect(sheet.locator('tr[data-queued="true"]')).toHaveCount(0);
  const viewer = await browser.newPage();
  await viewer.goto(shareUrl);
  await expect(viewer.getByTestId("share-protokoll").locator("tbody tr[data-deal]")).toHaveCount(4);
  const rows = (p: Page, testId: string) => p.getByTestId(testId).locator("tbody tr[data-deal]").allInnerTexts();
  expect(await rows(viewer, "share-protokoll")).toEqual(await rows(page, "protokoll"));
  await viewer.close();
  await context.close();
});

test("two phones without a signal record the same deal: the table chooses theirs, mine or both; a deal the rules then refuse stays with its reason", async ({
  baseURL,
  browser,
}) => {
  const players = ["Anna", "Bo", "Cecilia"];
  const a = await openPhone(baseURL);
  const username = await signUp(a.page);
  await createEvening(a.page, { title: "Två telefoner i stugan", variant: "Knektpass", players, firstDealer: "Anna" });
  const url = a.page.url();
  await workerInControl(a.page);
  const b = await secondPhone(browser, username, url);
  const record: GameRecord = { variant: "knektpass", players, firstDealer: "Anna", deals: [] };
  const lone = (who: string) => alone(who, players);

  // Each round: phone A enters deal n without a signal, phone B enters a different deal n with one.
  async function round(mine: string, theirs: string) {
    const n = record.deals.length + 1;
    await noSignal(a.context);
    await playAlone(a.page, mine);
    await expect(a.page.getByTestId("outbox-count")).toHaveText(/^1 deal (waiting to be sent|not sent yet)\./);
    await expect(b.getByRole("heading", { name: `Deal ${n}`, exact: true })).toBeVisible();
    await playAlone(b, theirs);
    await expect(b.locator(`tr[data-deal="${n}"]`)).toBeVisible();
    await signal(a.context);
    await a.page.evaluate(() => window.dispatchEvent(new Event("online")));
    const conflict = a.page.getByTestId("conflict");
    await expect(conflict).toBeVisible({ timeout: 10_000 });
    await expect(conflict.getByRole("heading", { level: 2 })).toHaveText(
      `Deal ${n}: ${username} recorded it differently on another phone`,
    );
    await expect(conflict.getByTestId("conflict-theirs")).toContainText(`${theirs}: Plays`);
    await expect(conflict.getByTestId("conflict-mine")).toContainText(`${mine}: Plays`);
    // What each choice makes of this phone's deal: where it would stand, who deals it.
    const withTheirs = scoreGame({ ...record, deals: [...record.deals, { entries: lone(theirs) }] });
    await expect(conflict.getByTestId("mine-what")).toHaveText(
      `Keep mine: this phone's stays deal ${n}, ${withTheirs.deals[n - 1]!.dealer} deals.`,
    );
    await expect(conflict.getByTestId("both-what")).toHaveText(
      new RegExp(`^Keep both: this phone's becomes deal ${n + 1}, ${withTheirs.nextDeal!.dealer} deals\\.`),
    );
    return conflict;
  }

  // Keep theirs: mine is dropped.
  let conflict = await round("Bo", "Cecilia");
  await conflict.getByRole("button", { name: "Keep theirs" }).click();
  record.deals.push({ entries: lone("Cecilia") });
  await expect(conflict).toHaveCount(0);
  await expect(a.page.getByTestId("outbox-count")).toHaveCount(0);
  await expect.poll(async () => (await stored(a.page))[0]!.deals).toEqual(record.deals);
  await expect(a.page.locator(`tr[data-deal="${record.deals.length}"]`)).toBeVisible();

  // Keep mine: an edit of theirs, shown first as the usual preview.
  conflict = await round("Anna", "Bo");
  await expect(conflict.getByTestId("change-preview")).toBeVisible();
  await screenshots(a.page, "offline-conflict");
  await conflict.getByRole("button", { name: "Keep mine" }).click();
  record.deals.push({ entries: lone("Anna") });
  await expect(conflict).toHaveCount(0);
  await expect(a.page.getByTestId("outbox-count")).toHaveCount(0);
  await expect.poll(async () => (await stored(a.page))[0]!.deals).toEqual(record.deals);
  await expect(a.page.locator(`tr[data-deal="${record.deals.length}"]`)).toBeVisible();

  // Keep both: mine after theirs.
  conflict = await round("Cecilia", "Bo");
  await conflict.getByRole("button", { name: "Keep both" }).click();
  record.deals.push({ entries: lone("Bo") }, { entries: lone("Cecilia") });
  await expect(conflict).toHaveCount(0);
  await expect(a.page.getByTestId("outbox-count")).toHaveCount(0, { timeout: 10_000 });
  await expect.poll(async () => (await stored(a.page))[0]!.deals).toEqual(record.deals);
  // Both phones show the same protokoll.
  await expect(b.locator('tr[data-deal="4"]')).toBeVisible();
  await expect(a.page.locator('tr[data-deal="4"]')).toBeVisible();

  // A's deal 5 waits while B's deal 5 wins the game. Keep both puts A's after it, which the rules now refuse:
  // it stays on the phone with the reason until the table deletes it.
  await noSignal(a.context);
  await playAlone(a.page, "Anna");
  await playAlone(b, "Cecilia");
  await expect(b.getByTestId("winners")).toContainText("Cecilia");
  await signal(a.context);
  await a.page.evaluate(() => window.dispatchEvent(new Event("online")));
  conflict = a.page.getByTestId("conflict");
  await expect(conflict).toContainText("Cecilia would no longer have won", { timeout: 10_000 });
  await conflict.getByRole("button", { name: "Keep both" }).click();
  const refused = a.page.getByTestId("refused");
  await expect(refused).toBeVisible({ timeout: 10_000 });
  await expect(refused.getByTestId("refused-reason")).toHaveText("Game 1 was won before this deal was sent.");
  await expect(refused.getByRole("button", { name: "Edit" })).toHaveCount(0);
  // Counted apart from the deals waiting to be sent.
  await expect(a.page.getByTestId("outbox-count")).toHaveCount(0);
  await expect(a.page.getByTestId("outbox-blocked")).toHaveText("1 deal was not accepted.");
  await a.page.reload();
  await expect(refused).toBeVisible();
  await refused.getByRole("button", { name: "Delete" }).click();
  await expect(a.page.getByTestId("outbox-blocked")).toHaveCount(0);
  record.deals.push({ entries: lone("Cecilia") });
  expect((await stored(a.page))[0]!.deals).toEqual(record.deals);
  await b.close();
  await a.context.close();
});

test("a phone closed mid-sync, or signed out meanwhile, loses nothing and doubles nothing", async ({ baseURL }) => {
  const players = ["Anna", "Bo", "Cecilia"];
  let phone = await openPhone(baseURL);
  const username = await signUp(phone.page);
  await createEvening(phone.page, { title: "Tåget norrut", variant: "Knektpass", players, firstDealer: "Anna" });
  const url = phone.page.url();
  await workerInControl(phone.page);
  await noSignal(phone.context);
  for (const who of ["Bo", "Cecilia", "Anna"]) {
    await playAlone(phone.page, who);
  }
  await expect(phone.page.getByTestId("outbox-count")).toHaveText(/^3 deals (waiting to be sent|not sent yet)\./);

  // The signal returns, but the phone is closed just after the server stored the first deal, before its answer.
  await phone.context.unrouteAll({ behavior: "ignoreErrors" });
  let reachedServer!: () => void;
  const firstStored = new Promise<void>((resolve) => (reachedServer = resolve));
  await phone.context.route("**/api/games/*/deals", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await route.fetch(); // the server stores it
    reachedServer(); // … and the answer never reaches the phone
  });
  await phone.context.setOffline(false);
  await phone.page.evaluate(() => window.dispatchEvent(new Event("online")));
  await firstStored;
  await phone.context.close();

  // Reopened later, still without a signal, and the session ended meanwhile: the outbox is all there.
  phone = await openPhone(baseURL, phone.profile);
  await phone.context.clearCookies();
  await noSignal(phone.context);
  await phone.page.goto(url);
  await expect(phone.page.getByTestId("outbox-count")).toHaveText(/^3 deals (waiting to be sent|not sent yet)\./);
  // The signal returns: the server asks for a sign-in, and the outbox waits for it.
  await signal(phone.context);
  await phone.page.evaluate(() => window.dispatchEvent(new Event("online")));
  const signInBanner = phone.page.getByTestId("outbox-sign-in");
  await expect(signInBanner).toBeVisible({ timeout: 10_000 });
  await expect(phone.page.getByTestId("outbox-count")).toHaveText(/^3 deals (waiting to be sent|not sent yet)\./);
  await signInBanner.getByRole("link", { name: "Sign in" }).click();
  await phone.page.getByLabel("Username").fill(username);
  await phone.page.getByLabel("Password").fill(PASSWORD);
  await phone.page.getByRole("button", { name: "Sign in" }).click();
  await expect(phone.page).toHaveURL(url);
  await expect.poll(async () => (await stored(phone.page))[0]!.deals.length, { timeout: 10_000 }).toBe(3);
  await expect(phone.page.getByTestId("outbox-count")).toHaveCount(0);
  const [game] = await stored(phone.page);
  const lone = (who: string) => alone(who, players);
  expect(game!.deals.map((d) => d.entries)).toEqual(["Bo", "Cecilia", "Anna"].map(lone));
  await phone.context.close();
});
