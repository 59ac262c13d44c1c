import { expect, test } from "@playwright/test";
import { dealsRouteOf, PASSWORD, THREE, threeAtTheTable, threeSeated, uniqueName } from "./support";
import { scoreGame, type DealRecord, type GameRecord } from "@/lib/rules";
import { alone, enterDeal, expectProtokoll, fillDeal, playAlone, seat } from "../support/table";
import { stored } from "./phone";

test("a second phone joins by the invite link, enters deals, and both phones stay in step", async ({ browser }) => {
  const owner = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await threeSeated(owner, "Två telefoner");
  await owner.getByText("Invite others at the table").click();
  const inviteUrl = await owner.getByTestId("invite-url").inputValue();
  expect(inviteUrl).toMatch(/\/join\/[A-Za-z0-9_-]{32}$/);
  await expect(owner.getByRole("img", { name: inviteUrl })).toBeVisible();

  // The second person has no account yet: signs up on the spot and lands back on the invite.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await context.newPage();
  await guest.goto(inviteUrl);
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Join Två telefoner");
  await guest.getByRole("link", { name: "Create an account to join" }).click();
  const guestName = uniqueName("guest");
  await guest.getByLabel("Username").fill(guestName);
  await guest.getByLabel("Password").fill(PASSWORD);
  await guest.getByRole("button", { name: "Create account" }).click();
  await guest.getByRole("button", { name: "Join the evening" }).click();
  await expect(guest.getByRole("heading", { level: 1 })).toHaveText("Två telefoner");

  // A deal entered on the guest's phone appears on the owner's without a reload.
  const record: GameRecord = {
    variant: "knektpass",
    players: ["Anna", "Bo", "Cecilia"],
    firstDealer: "Anna",
    deals: [],
  };
  await fillDeal(guest, record, {
    entries: { Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: true } },
  });
  await guest.getByRole("button", { name: "Save deal 1" }).click();
  record.deals.push({ entries: { Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: true } } });
  await expect(owner.locator('tr[data-deal="1"]')).toBeVisible({ timeout: 10_000 });
  await expect(owner.getByTestId("protokoll").first().getByTestId("score-Cecilia")).toHaveText("7");

  // Both phones enter deal 2 at once: exactly one is stored, the other is told and shown the current state.
  await expect(guest.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  await fillDeal(owner, record, {
    entries: { Anna: { plays: true }, Bo: { plays: false }, Cecilia: { plays: false } },
  });
  await fillDeal(guest, record, {
    entries: { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } },
  });
  await Promise.all([
    owner.getByRole("button", { name: "Save deal 2" }).click(),
    guest.getByRole("button", { name: "Save deal 2" }).click(),
  ]);
  const refused = [owner, guest].map((p) => p.getByText("Someone else saved first."));
  await expect.poll(async () => (await refused[0]!.count()) + (await refused[1]!.count()), { timeout: 10_000 }).toBe(1);
  for (const p of [owner, guest]) {
    await expect(p.locator("tr[data-deal]")).toHaveCount(2, { timeout: 10_000 });
    await expect(p.getByRole("heading", { name: "Deal 3", exact: true })).toBeVisible();
  }

  // The owner removes the guest, who can no longer open the evening.
  const remove = owner.getByRole("button", { name: `Remove: ${guestName}` });
  if (!(await remove.isVisible())) await owner.getByText("Invite others at the table").click();
  await remove.click();
  await expect(owner.getByText("Nobody else yet.")).toBeVisible();
  await guest.reload();
  await expect(guest.getByRole("heading", { level: 1 })).not.toHaveText("Två telefoner");
  await context.close();
});

test("a deal changed on this phone is shown from the route's answer, without loading the page again; another phone's deal still arrives", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const me = await threeSeated(page, "Ett svar räcker");
  // The page's own data travels as an RSC request: counted from here on (prefetches of other pages aside).
  const pageLoads: string[] = [];
  page.on("request", (request) => {
    const headers = request.headers();
    if (
      headers["rsc"] === "1" &&
      !headers["next-router-prefetch"] &&
      new URL(request.url()).pathname.startsWith("/evenings/")
    )
      pageLoads.push(request.url());
  });
  const polls = () => page.waitForResponse((r) => r.url().endsWith("/version"));

  const record: GameRecord = {
    variant: "knektpass",
    players: ["Anna", "Bo", "Cecilia"],
    firstDealer: "Anna",
    deals: [],
  };
  const deals: DealRecord[] = [
    {
      entries: {
        Anna: { plays: true, exchanged: 2, tricks: 3 },
        Bo: { plays: true, exchanged: 0, tricks: 2 },
        Cecilia: { plays: false },
      },
    },
    { entries: { Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: false } } },
    {
      entries: {
        Anna: { plays: false },
        Bo: { plays: true, exchanged: 1, tricks: 4 },
        Cecilia: { plays: true, exchanged: 3, tricks: 1 },
      },
    },
  ];
  const posted = page.waitForRequest((r) => r.method() === "POST" && /\/api\/games\/[^/]+\/deals$/.test(r.url()));
  for (const deal of deals) {
    record.deals.push(deal);
    await enterDeal(page, record);
    await expectProtokoll(page, record, scoreGame(record));
  }
  const gameUrl = new URL((await posted).url()).pathname;
  await expect(page.getByTestId("next-dealer")).toHaveText(scoreGame(record).nextDeal!.dealer);
  // The edit history names who recorded each deal, as the server's page does.
  await page.getByText("Edit history").click();
  await expect(page.getByTestId("history").locator("li")).toHaveText(
    [3, 2, 1].map((n) => new RegExp(`${me} recorded Deal ${n} \\(Game 1\\)$`)),
  );

  // Undo from the toast: the deal goes, again without the page.
  await page.getByTestId("undo-toast").getByRole("button").click();
  record.deals.pop();
  await expectProtokoll(page, record, scoreGame(record));
  // Two polls later the phone has still not asked for the page: the server's version is the one it shows.
  await polls();
  await polls();
  expect(pageLoads).toEqual([]);

  // This phone's own saves and undo moved its form on without a word.
  const movedOn = page.getByText(/^The game changed while you entered deal \d+: your entry was not saved\.$/);
  await expect(movedOn).toHaveCount(0);

  // Another phone's deal (the same account through the API): the poll sees a version this phone did not make. This
  // phone was entering the same deal: its form starts again for the next deal, and says why.
  await seat(page, "Bo").getByRole("button", { name: /^Bo: / }).click();
  const third = deals[2]!;
  const other = await page.request.post(gameUrl, {
    data: { number: 3, entries: third.entries },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(other.status()).toBe(201);
  record.deals.push(third);
  await expectProtokoll(page, record, scoreGame(record));
  await expect(movedOn).toHaveText(/deal 3:/);
  await expect(page.getByRole("heading", { name: "Deal 4", exact: true })).toBeVisible();
  await expect(seat(page, "Bo").getByRole("button", { name: /^Bo: / })).toHaveAttribute("aria-pressed", "mixed");
  expect(pageLoads.length).toBeGreaterThan(0);
  await page.reload();
  await expectProtokoll(page, record, scoreGame(record));
});

test("an edit of a deal another phone changed meanwhile is refused, and the other phone's change stays", async ({
  page,
}) => {
  await threeAtTheTable(page, "Samma giv");
  const gameUrl = await dealsRouteOf(page, () => playAlone(page, "Bo"));
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();

  // This phone opens deal 1 (Bo alone) to make Cecilia the lone player instead …
  await page.getByRole("button", { name: "Deal 1", exact: true }).click();
  const dialog = page.getByTestId("deal-dialog");
  await dialog.getByRole("button", { name: "Edit deal 1" }).click();
  const toggle = (name: string) =>
    dialog.getByTestId(`seat-${name}`).getByRole("button", { name: new RegExp(`^${name}: `) });
  await toggle("Bo").click();
  await toggle("Cecilia").click();
  // … while another phone makes it Anna's.
  const lone = (who: string) => alone(who, THREE);
  const other = await page.request.put(`${gameUrl}/1`, {
    data: { entries: lone("Anna"), expected: lone("Bo") },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(other.status()).toBe(200);
  await dialog.getByRole("button", { name: "Save the change" }).click();
  await expect(
    page.getByText("Deal 1 was changed from another phone since this one showed it; nothing was changed.", {
      exact: false,
    }),
  ).toBeVisible();
  expect((await stored(page))[0]!.deals.map((d) => d.entries)).toEqual([lone("Anna")]);
  await expect(page.getByTestId("protokoll").first().getByTestId("score-Anna")).toHaveText("7");
});
