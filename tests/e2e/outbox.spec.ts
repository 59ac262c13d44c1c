/**
 * The record on paths a phone at a real table takes: an evening reached by tapping inside the app opens again
 * without a signal; a save never hangs; the table plays on while a conflict waits; another account on the same
 * phone neither sends nor sees the deals waiting there.
 */
import { expect, test } from "@playwright/test";
import { noSignal, openPhone, secondPhone, signal, stored, workerInControl } from "./phone";
import { PASSWORD, screenshots, signIn, signUp, uniqueName } from "./support";
import { playAlone, seat } from "../support/table";

/** Starts an evening the way a person does: New evening, the form, Start the evening — all inside the app. */
async function startInApp(page: import("@playwright/test").Page, title: string) {
  await page.getByRole("link", { name: "New evening" }).click();
  await page.getByLabel("Title").fill(title);
  await page.getByLabel(/Knektpass/).check();
  for (const [i, name] of ["Anna", "Bo", "Cecilia"].entries()) await page.getByLabel(`Player ${i + 1}`).fill(name);
  await page.getByRole("button", { name: "Start the evening" }).click();
  await expect(page).toHaveURL(/\/evenings\/(?!new)[^/]+$/);
  await expect(page.getByRole("heading", { name: "Deal 1", exact: true })).toBeVisible();
}

test("an evening reached by tapping inside the app opens again without a signal, and /evenings lists it", async ({
  baseURL,
}) => {
  const { context, page } = await openPhone(baseURL);
  const username = await signUp(page);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  // No full page load of the evening from here on: the app's own navigation only.
  await startInApp(page, "Torsdag hos Bo");
  await playAlone(page, "Bo");
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  const url = page.url();
  await expect
    .poll(() =>
      page.evaluate(async (path) => Boolean(await (await caches.open("pages")).match(path)), new URL(url).pathname),
    )
    .toBe(true);

  await noSignal(context);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Torsdag hos Bo");
  await expect(page.getByTestId("offline-banner")).toContainText("No signal — showing this phone's copy from");
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();

  // The installed app's start page without a signal: the evenings this phone holds, and who is signed in.
  await page.goto("/evenings");
  await expect(page.getByTestId("signed-in-as")).toHaveText(username);
  const kept = page.getByTestId("kept-evenings");
  await expect(kept.getByRole("link", { name: "Torsdag hos Bo" })).toBeVisible();
  await screenshots(page, "offline-evenings");
  await kept.getByRole("link", { name: "Torsdag hos Bo" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Torsdag hos Bo");
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  await signal(context);
  await context.close();
});

test("a save never hangs: a request that is not answered is kept on the phone within the deadline, then sent once", async ({
  baseURL,
}) => {
  const { context, page } = await openPhone(baseURL);
  await signUp(page);
  await startInApp(page, "En streck täckning");
  await workerInControl(page);
  // One bar of signal: the deal route takes the request and never answers.
  let hung = 0;
  await page.route("**/api/games/*/deals", (route) => {
    if (route.request().method() !== "POST") return route.continue();
    hung++;
    // never answered
  });
  await seat(page, "Bo").getByRole("button", { name: /^Bo: / }).click();
  await page.getByRole("button", { name: /^Others/ }).click();
  // From the tap on Save: the deadline (4 s) and a margin for a busy machine, never the minute of a hung request.
  const tapped = Date.now();
  await page.getByRole("button", { name: /^Save deal/ }).click();
  await expect(page.getByTestId("undo-toast")).toContainText("Deal 1 kept on this phone.");
  const waited = Date.now() - tapped;
  expect(waited).toBeLessThan(5_500);
  // The deal's own send, and perhaps the outbox's first try: each given up at the deadline.
  expect(hung).toBeGreaterThanOrEqual(1);
  // The form is free at once for the next deal, and the deal is shown as waiting.
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  await expect(page.locator('tr[data-deal="1"][data-queued="true"]')).toBeVisible();
  // A reload at this moment loses nothing.
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.reload();
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  await expect.poll(async () => (await stored(page))[0]!.deals.length, { timeout: 15_000 }).toBe(1);
  await expect(page.getByTestId("outbox-count")).toHaveCount(0);
  await context.close();
});

test("the table plays on during a conflict: deals entered meanwhile are shown, then stored after the choice", async ({
  baseURL,
  browser,
}) => {
  const a = await openPhone(baseURL);
  const username = await signUp(a.page);
  await startInApp(a.page, "Konflikt i köket");
  const url = a.page.url();
  await workerInControl(a.page);
  const b = await secondPhone(browser, username, url);

  await noSignal(a.context);
  await playAlone(a.page, "Bo"); // deal 1 on phone A, without a signal
  await playAlone(b, "Cecilia"); // a different deal 1 on phone B
  await expect(b.locator('tr[data-deal="1"]')).toBeVisible();
  await signal(a.context);
  await a.page.evaluate(() => window.dispatchEvent(new Event("online")));
  const conflict = a.page.getByTestId("conflict");
  await expect(conflict).toBeVisible({ timeout: 10_000 });
  // The table keeps playing: two more deals while the choice waits, shown with provisional numbers.
  await expect(a.page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  await playAlone(a.page, "Anna");
  await expect(a.page.getByTestId("undo-toast")).toContainText("Deal 2 kept on this phone.");
  await playAlone(a.page, "Anna");
  await expect(a.page.locator('tr[data-provisional="true"]')).toHaveCount(2);
  await expect(a.page.getByTestId("outbox-blocked")).toHaveText("1 deal needs the table's choice.");
  await screenshots(a.page, "conflict-playing-on");
  await conflict.getByRole("button", { name: /^Keep both/ }).click();
  await expect(conflict).toHaveCount(0);
  await expect(a.page.getByTestId("outbox-count")).toHaveCount(0, { timeout: 15_000 });
  const deals = (await stored(a.page))[0]!.deals;
  const lone = (who: string) => Object.fromEntries(["Anna", "Bo", "Cecilia"].map((p) => [p, { plays: p === who }]));
  expect(deals.map((d) => d.entries)).toEqual([lone("Cecilia"), lone("Bo"), lone("Anna"), lone("Anna")]);
  await b.close();
  await a.context.close();
});

test("another account on the same phone neither sends nor sees the waiting deals; they go when their account is back", async ({
  baseURL,
}) => {
  const { context, page } = await openPhone(baseURL);
  const anna = await signUp(page, uniqueName("anna"));
  await startInApp(page, "Delad telefon");
  const url = page.url();
  await workerInControl(page);
  await noSignal(context);
  await playAlone(page, "Bo");
  await playAlone(page, "Cecilia");
  await expect(page.getByTestId("outbox-count")).toHaveText("2 deals not sent yet.");
  // Anna's session ends without a Sign out tap (it expired); Xavier signs up on the same phone.
  await context.clearCookies();
  await signal(context);
  const xavier = await signUp(page, uniqueName("xavier"));
  await expect(page.getByTestId("signed-in-as")).toHaveText(xavier);
  // Xavier cannot open Anna's evening from the phone's cache, nor are Anna's deals sent with his session.
  await page.goto(url);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Delad telefon");
  await page.goto("/evenings");
  await expect(page.getByText("Delad telefon")).toHaveCount(0);
  const waiting = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open("protokoll");
        open.onsuccess = () => {
          const count = open.result.transaction("outbox").objectStore("outbox").count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(waiting).toBe(2);
  // Anna signs in again: her deals are sent, under her name.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await signIn(page, anna, PASSWORD);
  await expect(page).toHaveURL(/\/evenings$/);
  await page.goto(url);
  await expect.poll(async () => (await stored(page))[0]!.deals.length, { timeout: 15_000 }).toBe(2);
  await page.reload();
  await page.getByText("Edit history").click();
  const history = page.getByTestId("history");
  await expect(history.locator("li")).toHaveCount(2);
  for (const line of await history.locator("li").allTextContents()) expect(line).toContain(anna);
  await context.close();
});
