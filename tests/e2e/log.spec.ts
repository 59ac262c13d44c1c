/**
 * One log of changes on the phone (decision 023), on the paths a table takes on a bad network: an edit or an undo
 * while the send of the deal it changes is on its way, a stored deal changed without a signal, the form's number
 * while the phone's copy loads, a phone clock hours off.
 */
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { noSignal, openPhone, signal, stored, workerInControl } from "./phone";
import { THREE, screenshots, signIn, signUp } from "./support";
import { alone, createEvening, playAlone, seat } from "../support/table";

const lone = (who: string) => alone(who, THREE);

/**
 * Waits until the phone's mark of its log (localStorage, and its copy in a cookie) counts `n` changes waiting: the
 * mark follows the log a moment after the page shows the count.
 */
async function markCounted(page: Page, n: number) {
  await expect
    .poll(() =>
      page.evaluate(() => {
        const mark = JSON.parse(localStorage.getItem("protokoll.log") ?? "null") as {
          waiting: Record<string, { n: number }>;
        } | null;
        const inCookie = document.cookie.includes("protokoll_log=");
        return inCookie && mark ? Object.values(mark.waiting).reduce((sum, c) => sum + c.n, 0) : -1;
      }),
    )
    .toBe(n);
}

/** A phone signed up, with a Knektpass evening of THREE under the service worker. */
async function phoneAtTheTable(baseURL: string | undefined, title: string) {
  const phone = await openPhone(baseURL);
  const username = await signUp(phone.page);
  await createEvening(phone.page, { title, variant: "Knektpass", players: THREE, firstDealer: "Anna" });
  await workerInControl(phone.page);
  return { ...phone, username };
}

/**
 * The signal returns on a slow network: each deal the phone sends reaches the server at once, and its answer
 * comes `ms` later. Resolves `reached` once the first send has reached the server.
 */
async function slowAnswers(context: BrowserContext, page: Page, ms: number) {
  let reached!: () => void;
  const first = new Promise<void>((resolve) => (reached = resolve));
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await page.route("**/api/games/*/deals", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    const response = await route.fetch();
    reached();
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.fulfill({ response }).catch(() => undefined);
  });
  await context.setOffline(false);
  return first;
}

/** Opens deal `n`'s dialog and makes `who` the lone player instead of `was`. */
async function editToAlone(page: Page, n: number, was: string, who: string) {
  await page.getByRole("button", { name: `Deal ${n}`, exact: true }).click();
  const dialog = page.getByTestId("deal-dialog");
  await dialog.getByRole("button", { name: `Edit deal ${n}` }).click();
  const toggle = (name: string) =>
    dialog.getByTestId(`seat-${name}`).getByRole("button", { name: new RegExp(`^${name}: `) });
  await toggle(was).click();
  await toggle(who).click();
  await dialog.getByRole("button", { name: "Save the change" }).click();
  await expect(dialog).toHaveCount(0);
}

for (const ms of [1_200, 3_000]) {
  test(`an edit made while the deal's send is on its way (answer in ${ms} ms) is stored, not lost`, async ({
    baseURL,
  }) => {
    const { context, page } = await phoneAtTheTable(baseURL, "Långsam kväll");
    await noSignal(context);
    await playAlone(page, "Bo");
    await expect(page.getByTestId("undo-toast")).toContainText("Deal 1 kept on this phone.");
    const reached = await slowAnswers(context, page, ms);
    await reached;
    // The deal is on the server, its answer on its way: the table corrects it to Cecilia alone.
    await editToAlone(page, 1, "Bo", "Cecilia");
    const sheet = page.getByTestId("protokoll").first();
    await expect(sheet.getByTestId("score-Cecilia")).toHaveText("7");
    // From here on the phone never shows the deal as it was, nor without it, while the sends are answered.
    const shown = new Set<string>();
    const watching = setInterval(() => {
      void Promise.all([sheet.getByTestId("score-Bo").textContent(), sheet.getByTestId("score-Cecilia").textContent()])
        .then((scores) => shown.add(scores.join("/")))
        .catch(() => undefined);
    }, 50);
    await expect
      .poll(async () => (await stored(page))[0]!.deals.map((d) => d.entries), { timeout: 15_000 })
      .toEqual([lone("Cecilia")]);
    await expect(page.getByTestId("outbox-count")).toHaveCount(0, { timeout: 15_000 });
    clearInterval(watching);
    expect([...shown].filter((s) => s !== "12/7" && s !== "/")).toEqual([]);
    await page.reload();
    await expect(sheet.getByTestId("score-Cecilia")).toHaveText("7");
    await expect(sheet.getByTestId("score-Bo")).toHaveText("12");
    await context.close();
  });

  test(`an undo made while the deal's send is on its way (answer in ${ms} ms) deletes it for good`, async ({
    baseURL,
  }) => {
    const { context, page } = await phoneAtTheTable(baseURL, "Ångrad giv");
    await noSignal(context);
    await playAlone(page, "Bo");
    await expect(page.getByTestId("undo-toast")).toContainText("Deal 1 kept on this phone.");
    const reached = await slowAnswers(context, page, ms);
    await reached;
    await page.getByTestId("undo-toast").getByRole("button", { name: "Undo" }).click();
    await expect(page.getByRole("heading", { name: "Deal 1", exact: true })).toBeVisible();
    // The undone deal does not come back, on the server or on the phone.
    await expect.poll(async () => (await stored(page))[0]!.deals.length, { timeout: 15_000 }).toBe(0);
    await expect(page.getByTestId("outbox-count")).toHaveCount(0, { timeout: 15_000 });
    await page.waitForTimeout(ms);
    expect((await stored(page))[0]!.deals).toEqual([]);
    await page.reload();
    await expect(page.getByRole("heading", { name: "Deal 1", exact: true })).toBeVisible();
    await context.close();
  });
}

test("a stored deal edited and undone without a signal: the changes wait on the phone and are made once", async ({
  baseURL,
}) => {
  const { context, page } = await phoneAtTheTable(baseURL, "Ändrad utan täckning");
  await playAlone(page, "Bo");
  await playAlone(page, "Anna");
  await expect(page.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  await noSignal(context);
  // Deal 1 (stored) corrected, deal 2 (stored) undone, a new deal 2 entered — all without a signal.
  await editToAlone(page, 1, "Bo", "Cecilia");
  await page.getByRole("button", { name: "Undo deal 2" }).click();
  await page.getByTestId("deal-dialog").getByRole("button", { name: "Undo deal 2" }).click();
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  await playAlone(page, "Bo");
  await expect(page.getByTestId("outbox-count")).toContainText("not sent yet");
  await screenshots(page, "log-changes-waiting");
  await page.reload();
  await expect(page.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  await signal(context);
  await expect
    .poll(async () => (await stored(page))[0]!.deals.map((d) => d.entries), { timeout: 15_000 })
    .toEqual([lone("Cecilia"), lone("Bo")]);
  await expect(page.getByTestId("outbox-count")).toHaveCount(0, { timeout: 15_000 });
  await context.close();
});

test("the form takes no tap before it shows the phone's view: opened without a signal on a slow phone", async ({
  baseURL,
}) => {
  const { context, page } = await phoneAtTheTable(baseURL, "Långsam telefon");
  await playAlone(page, "Bo");
  await noSignal(context);
  await playAlone(page, "Anna");
  await playAlone(page, "Cecilia");
  await expect(page.getByRole("heading", { name: "Deal 4", exact: true })).toBeVisible();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
  // Whenever the form takes a tap, it is the form of the phone's next deal, never the page's stale "Deal 2".
  await page.reload({ waitUntil: "commit" });
  const save = page.getByRole("button", { name: /^Save deal/ });
  await expect(save).toBeEnabled({ timeout: 30_000 });
  await expect(save).toHaveText("Save deal 4");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await signal(context);
  await context.close();
});

for (const [clock, skew] of [
  ["3 h ahead", 3 * 3600_000],
  ["3 h behind", -3 * 3600_000],
] as const) {
  test(`a phone clock ${clock}: signed out without a signal with a deal waiting, signed in again, the deal is sent`, async ({
    baseURL,
  }) => {
    const { context, page, username } = await phoneAtTheTable(baseURL, "Fel klocka");
    // The phone's clock is off; the server's is right.
    await context.addInitScript((ms) => {
      const now = Date.now.bind(Date);
      Date.now = () => now() + ms;
    }, skew);
    await page.reload();
    const evening = page.url();
    await noSignal(context);
    await playAlone(page, "Bo");
    await expect(page.getByTestId("undo-toast")).toContainText("Deal 1 kept on this phone.");
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    await signal(context);
    // The server hears of the sign-out first thing; then the same person signs in again on this phone.
    await expect(page).toHaveURL(/\/$/, { timeout: 15_000 });
    await signIn(page, username);
    await expect(page.getByTestId("signed-in-as")).toHaveText(username);
    await expect
      .poll(async () => (await stored(page, evening))[0]!.deals.map((d) => d.entries), { timeout: 15_000 })
      .toEqual([lone("Bo")]);
    await context.close();
  });
}

test("the browser cleared the phone's storage while deals waited: the page says so, and numbers on from the record", async ({
  baseURL,
}) => {
  const { context, page } = await phoneAtTheTable(baseURL, "Rensad telefon");
  await playAlone(page, "Bo");
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  await noSignal(context);
  for (const who of ["Anna", "Cecilia", "Bo"]) await playAlone(page, who);
  await expect(page.getByTestId("outbox-count")).toHaveText("3 deals not sent yet.");
  await markCounted(page, 3);
  // The browser clears the site's IndexedDB (to free space, or a person in its settings) with the page open.
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", { origin: new URL(page.url()).origin, storageTypes: "indexeddb" });
  await expect(page.getByTestId("outbox-lost")).toContainText("3 changes entered on this phone were lost");
  await expect(page.getByTestId("outbox-count")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  await screenshots(page, "log-storage-cleared");
  await signal(context);
  await playAlone(page, "Anna");
  await expect
    .poll(async () => (await stored(page))[0]!.deals.map((d) => d.entries), { timeout: 15_000 })
    .toEqual([lone("Bo"), lone("Anna")]);
  // Said until the table has read it, then not again.
  await page.reload();
  await expect(page.getByTestId("outbox-lost")).toBeVisible();
  await page.getByTestId("outbox-lost").getByRole("button", { name: "Understood" }).click();
  await expect(page.getByTestId("outbox-lost")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  await expect(page.getByTestId("outbox-lost")).toHaveCount(0);
  await context.close();
});

test("the browser cleared IndexedDB and localStorage together while deals waited: the page still says so", async ({
  baseURL,
}) => {
  const { context, page } = await phoneAtTheTable(baseURL, "Rensad helt");
  await noSignal(context);
  for (const who of ["Anna", "Cecilia"]) await playAlone(page, who);
  await expect(page.getByTestId("outbox-count")).toHaveText("2 deals not sent yet.");
  await markCounted(page, 2);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", {
    origin: new URL(page.url()).origin,
    storageTypes: "indexeddb,local_storage",
  });
  await signal(context);
  await page.reload();
  await expect(page.getByTestId("outbox-lost")).toContainText("2 changes entered on this phone were lost");
  await expect(page.getByRole("heading", { name: "Deal 1", exact: true })).toBeVisible();
  await context.close();
});

test("two tabs of one evening save the same deal at once without a signal: one deal, and the other tab is told", async ({
  baseURL,
}) => {
  const { context, page } = await phoneAtTheTable(baseURL, "Två flikar");
  await playAlone(page, "Bo");
  await noSignal(context);
  const other = await context.newPage();
  await other.goto(page.url());
  for (const tab of [page, other])
    await expect(tab.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  for (const [tab, who] of [
    [page, "Anna"],
    [other, "Cecilia"],
  ] as const) {
    await seat(tab, who)
      .getByRole("button", { name: new RegExp(`^${who}: `) })
      .click();
    await tab.getByRole("button", { name: /^Others/ }).click();
  }
  // Saved at once; a tab whose form moved on before its tap landed has no "Save deal 2" left to tap.
  await Promise.all(
    [page, other].map((tab) =>
      tab
        .getByRole("button", { name: "Save deal 2" })
        .click({ timeout: 2_000 })
        .catch(() => undefined),
    ),
  );
  // One of the two is deal 2; the other tab says its entry was not saved (or moved on to deal 3 before saving).
  for (const tab of [page, other]) {
    await expect(tab.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
    await expect(tab.getByTestId("outbox-count")).toHaveText("1 deal not sent yet.");
    await expect(tab.locator('tr[data-queued="true"]')).toHaveCount(1);
  }
  await signal(context);
  await expect.poll(async () => (await stored(page))[0]!.deals.length, { timeout: 15_000 }).toBe(2);
  await context.close();
});

test("a game won without a signal: Start game 2 works offline, the table plays on, and it all arrives in order", async ({
  baseURL,
}) => {
  const { context, page } = await phoneAtTheTable(baseURL, "Hela kvällen i stugan");
  await noSignal(context);
  let won = 0;
  while (!(await page.getByTestId("winners").isVisible())) {
    await playAlone(page, "Bo");
    won++;
    // The save is shown: the next deal's form, or the winner.
    const next = page.getByRole("heading", { name: `Deal ${won + 1}`, exact: true });
    await expect(next.or(page.getByTestId("winners"))).toBeVisible();
  }
  await expect(page.getByTestId("winners")).toContainText("Bo");
  await page.getByRole("button", { name: "Start game 2" }).click();
  await expect(page.getByRole("heading", { name: "Deal 1", exact: true })).toBeVisible();
  await expect(page.getByText("Game 2", { exact: false }).first()).toBeVisible();
  await playAlone(page, "Anna");
  await playAlone(page, "Cecilia");
  await expect(page.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  await screenshots(page, "log-next-game-offline");
  // Opened again without a signal: still game 2, deal 3.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  await signal(context);
  await expect
    .poll(async () => (await stored(page)).map((g) => g.deals.map((d) => d.entries)), { timeout: 20_000 })
    .toEqual([Array.from({ length: won }, () => lone("Bo")), [lone("Anna"), lone("Cecilia")]]);
  await expect(page.getByTestId("outbox-count")).toHaveCount(0, { timeout: 15_000 });
  await page.reload();
  await expect(page.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  await context.close();
});

test("the browser cleared all the site's storage but its cookie: the page stays signed in as its account", async ({
  baseURL,
}) => {
  const { context, page } = await phoneAtTheTable(baseURL, "Allt rensat");
  await playAlone(page, "Bo");
  await noSignal(context);
  await playAlone(page, "Anna");
  await expect(page.getByTestId("outbox-count")).toHaveText("1 deal not sent yet.");
  await markCounted(page, 1);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Storage.clearDataForOrigin", {
    origin: new URL(page.url()).origin,
    storageTypes: "local_storage,indexeddb,cache_storage,service_workers",
  });
  // The phone's record of who is signed in went with it: the page it shows still says who it was rendered for.
  await expect(page.getByRole("heading", { name: /^Deal \d$/ })).toBeVisible();
  await expect(page.getByTestId("signed-out-here")).toHaveCount(0);
  // The copy of the log's mark in the cookie says what went with the rest.
  await expect(page.getByTestId("outbox-lost")).toContainText("1 change entered on this phone was lost");
  await signal(context);
  await playAlone(page, "Cecilia");
  await expect
    .poll(async () => (await stored(page))[0]!.deals.at(-1)?.entries, { timeout: 15_000 })
    .toEqual(lone("Cecilia"));
  await context.close();
});

test("a member removed while changes wait: the evening's page says they can no longer be sent, and lets them go", async ({
  baseURL,
}) => {
  const owner = await phoneAtTheTable(baseURL, "Borttagen");
  await owner.page.getByText("Invite others at the table").click();
  const invite = await owner.page.getByTestId("invite-url").inputValue();
  const member = await openPhone(baseURL);
  const name = await signUp(member.page);
  await member.page.goto(new URL(invite).pathname);
  await member.page.getByRole("button", { name: "Join the evening" }).click();
  await expect(member.page.getByRole("heading", { level: 1 })).toHaveText("Borttagen");
  await workerInControl(member.page);

  await noSignal(member.context);
  await playAlone(member.page, "Bo");
  await expect(member.page.getByTestId("outbox-count")).toHaveText(/^1 deal not sent yet\./);
  await owner.page.getByRole("button", { name: `Remove: ${name}` }).click();
  await expect(owner.page.getByRole("button", { name: `Remove: ${name}` })).toHaveCount(0);

  await signal(member.context);
  await member.page.reload();
  await expect(member.page.getByTestId("not-found")).toBeVisible();
  const stranded = member.page.getByTestId("stranded");
  await expect(stranded).toContainText("1 change of this evening is waiting on this phone and can no longer be sent.");
  await screenshots(member.page, "stranded-changes");
  await stranded.getByRole("button", { name: "Delete them from this phone" }).click();
  await expect(stranded).toHaveCount(0);
  await member.page.reload();
  await expect(member.page.getByTestId("not-found")).toBeVisible();
  await expect(member.page.getByTestId("stranded")).toHaveCount(0);
  expect((await stored(owner.page))[0]!.deals).toEqual([]);
  await member.context.close();
  await owner.context.close();
});

test("two phones start game 2 without a signal, with different first dealers: the second phone's deals move into game 2 by the table's choice", async ({
  baseURL,
}) => {
  const a = await phoneAtTheTable(baseURL, "Två andra partier");
  let won = 0;
  while (!(await a.page.getByTestId("winners").isVisible())) {
    await playAlone(a.page, "Bo");
    won++;
    const next = a.page.getByRole("heading", { name: `Deal ${won + 1}`, exact: true });
    await expect(next.or(a.page.getByTestId("winners"))).toBeVisible();
  }
  const url = a.page.url();
  const b = await openPhone(baseURL);
  await signIn(b.page, a.username);
  await expect(b.page).toHaveURL(/\/evenings$/);
  await b.page.goto(url);
  await workerInControl(b.page);
  await expect(b.page.getByTestId("winners")).toBeVisible();

  await noSignal(a.context);
  await noSignal(b.context);
  await a.page.getByRole("button", { name: "Start game 2" }).click();
  await playAlone(a.page, "Anna");
  await b.page.getByLabel("First dealer").selectOption({ label: "Cecilia" });
  await b.page.getByRole("button", { name: "Start game 2" }).click();
  await playAlone(b.page, "Cecilia");
  await expect(b.page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();

  await signal(a.context);
  await a.page.evaluate(() => window.dispatchEvent(new Event("online")));
  await expect.poll(async () => (await stored(a.page)).length, { timeout: 15_000 }).toBe(2);
  await signal(b.context);
  await b.page.evaluate(() => window.dispatchEvent(new Event("online")));
  // B's start is refused (A's game 2 has another first dealer), said in words; the table deletes it.
  const refused = b.page.getByTestId("refused");
  await expect(refused.getByRole("heading", { level: 2 })).toHaveText("Game 2 was not started", { timeout: 15_000 });
  await expect(refused.getByTestId("refused-reason")).toContainText("another first dealer");
  await refused.getByRole("button", { name: "Delete" }).click();
  // B's deal was entered for that game: never "not open to your account", but movable into game 2.
  await expect(refused.getByTestId("refused-reason")).toContainText("was not started: another phone started");
  await screenshots(b.page, "log-game-unstarted");
  await refused.getByRole("button", { name: "Move into game 2 as deal 2" }).click();
  await expect
    .poll(async () => (await stored(b.page))[1]?.deals.map((d) => d.entries), { timeout: 15_000 })
    .toEqual([lone("Anna"), lone("Cecilia")]);
  await expect(b.page.getByTestId("refused")).toHaveCount(0);
  await a.context.close();
  await b.context.close();
});
