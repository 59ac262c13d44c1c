import { readFileSync, writeFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { expectFits, PASSWORD, screenshots, signUp, uniqueName } from "./support";
import type { GameRecord } from "@/lib/rules";
import { createEvening, enterDeal } from "../support/table";

/** A Knektpass evening of the group from 5, won on its first deal by `winner` playing alone. */
async function hostEvening(page: Page, group: string, title: string, players: string[], winner: string) {
  await createEvening(page, {
    title,
    variant: "Knektpass",
    players,
    firstDealer: players[0]!,
    group,
    houseRules: async (p) => {
      await p.getByText("House rules").click();
      await p.locator('input[name="houseRule.startScore"]').fill("5");
    },
  });
  await expect(page.getByTestId("evening-group")).toHaveText(`Kept for the group ${group}`);
  const record: GameRecord = { variant: "knektpass", players, firstDealer: players[0], deals: [] };
  record.deals.push({ entries: Object.fromEntries(players.map((p) => [p, { plays: p === winner }])) });
  await enterDeal(page, record);
  await expect(page.getByTestId("winners")).toContainText(winner);
}

/** A new group of the signed-in account, named `prefix` and a unique tail; once its page shows (it is saved). */
async function newGroup(page: Page, prefix: string): Promise<string> {
  const group = uniqueName(prefix);
  await page.goto("/groups");
  await page.getByTestId("new-group").getByLabel("Name").fill(group);
  await page.getByRole("button", { name: "Create the group" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(group);
  return group;
}

const row = (page: Page, player: string) => page.getByTestId(`season-row-${player}`);

test("two accounts host alternate evenings for one group; a merged player is one row and holds the record, until split", async ({
  browser,
}) => {
  const anna = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signUp(anna);
  const group = await newGroup(anna, "Fredag");
  await anna.getByText("Invite link").click();
  const invite = await anna.getByTestId("group-invite-url").inputValue();
  expect(invite).toMatch(/\/groups\/join\/[A-Za-z0-9_-]{32}$/);
  await expect(anna.getByRole("img", { name: invite })).toBeVisible();

  // Bo signs up on the invite and joins.
  const bo = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await bo.goto(new URL(invite).pathname);
  await expect(bo.getByRole("heading", { level: 1 })).toHaveText(`Join “${group}”`);
  await bo.getByRole("link", { name: "Create an account to join" }).click();
  await bo.getByLabel("Username").fill(uniqueName("bo"));
  await bo.getByLabel("Password").fill(PASSWORD);
  await bo.getByRole("button", { name: "Create account" }).click();
  await bo.getByRole("button", { name: "Join the group" }).click();
  await expect(bo.getByRole("heading", { level: 1 })).toHaveText(group);
  // A member who is not an admin is told who merges names, instead of being asked to.
  await expect(bo.getByTestId("group-players")).toContainText("The group's admins merge two names of one person");
  await expect(anna.getByTestId("group-players")).toContainText("Merge two names of one person");

  // Anna hosts this week with Dag; Bo hosts next week, where Dag is written "Dagge".
  await hostEvening(anna, group, "Hos Anna", ["Anna", "Bo", "Dag"], "Dag");
  await hostEvening(bo, group, "Hos Bo", ["Anna", "Bo", "Dagge"], "Dagge");

  // One history: Anna sees Bo's evening, and the season table counts both.
  await anna.goto("/evenings");
  await expect(anna.getByTestId("history-list").getByText("Hos Bo")).toBeVisible();
  await anna.getByRole("link", { name: "Groups" }).first().click();
  await anna.getByRole("link", { name: group }).click();
  await expect(row(anna, "Dag").getByTestId("wins")).toHaveText("1");
  await expect(row(anna, "Dagge").getByTestId("wins")).toHaveText("1");
  await expect(anna.getByTestId("points-rule")).toContainText("1 for every player you finish ahead of");
  // The legend names the columns in their order, and says when Ev shows two numbers.
  await expect(anna.getByTestId("season").locator(".legend")).toHaveText(
    "Pts points · Ev evenings (counted/played when only the best count) · G games · W wins · LW lone wins",
  );

  // Dag and Dagge are one person: merged, the table has one row with both wins and the record is his.
  const merge = anna.getByTestId("merge-players");
  await merge.getByLabel("Player").selectOption({ label: "Dagge" });
  await merge.getByLabel("is the same person as").selectOption({ label: "Dag" });
  await merge.getByRole("button", { name: "Merge" }).click();
  await expect(row(anna, "Dagge")).toHaveCount(0);
  await expect(row(anna, "Dag").getByTestId("wins")).toHaveText("2");
  await expect(row(anna, "Dag").getByTestId("points")).toHaveText("6");
  await expect(anna.getByTestId("record-mostWinsInRow")).toContainText("Dag · 2 in a row");
  await expect(anna.getByTestId("player-Dagge")).toContainText("read as Dag");
  // The ratings read him as one too: Dag has a row, rated over both his games; Dagge has none.
  await expect(anna.getByTestId("rating-row-Dag")).toBeVisible();
  await expect(anna.getByTestId("rating-row-Dagge")).toHaveCount(0);
  await expect(anna.getByTestId("rating-row-Dag").getByTestId("rating")).not.toHaveText("0.0");
  await screenshots(anna, "group-merged");
  // At 360 px the group's page and its players' pages fit: no table cut, nothing to scroll sideways.
  await anna.setViewportSize({ width: 360, height: 740 });
  await expectFits(anna);
  await anna.screenshot({ path: "test-results/screenshots/group-merged-360.png", fullPage: true });
  await anna.goto(`/players?group=${new URL(anna.url()).pathname.split("/")[2]}`);
  await expectFits(anna);
  await anna.screenshot({ path: "test-results/screenshots/players-360.png", fullPage: true });
  await anna.getByRole("link", { name: "Dag", exact: true }).click();
  await expect(anna.getByTestId("rating-knektpass")).toBeVisible();
  await expectFits(anna);
  await anna.screenshot({ path: "test-results/screenshots/player-360.png", fullPage: true });
  await anna.goBack();
  await anna.goBack();
  await anna.setViewportSize({ width: 390, height: 844 });

  // Between games, the evening's TV mode shows the season table, merged players as one.
  await bo.goto("/evenings");
  await bo.getByTestId("history-list").getByText("Hos Bo").click();
  const share = await bo.getByTestId("share-url").inputValue();
  const tv = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await tv.goto(`${new URL(share).pathname}?tv=1`);
  await expect(tv.getByTestId("share-winners")).toContainText("Dagge");
  await expect(tv.getByTestId("tv-season").getByRole("listitem").first()).toHaveText("Dag 6");
  await tv.screenshot({ path: "test-results/screenshots/tv-season-720p.png" });

  // Bo, not an admin, sees the merge too (and no merge form); his evening's sheet still says Dagge.
  await expect(bo.getByTestId("protokoll").first()).toContainText("Dagge");
  await bo.getByRole("link", { name: `Kept for the group ${group}` }).click();
  await expect(row(bo, "Dag").getByTestId("wins")).toHaveText("2");
  await expect(bo.getByTestId("merge-players")).toHaveCount(0);

  // The merge is undone: two rows again.
  await anna.getByTestId("player-Dagge").getByRole("button", { name: "Undo the merge" }).click();
  await expect(row(anna, "Dagge").getByTestId("wins")).toHaveText("1");
  await expect(row(anna, "Dag").getByTestId("wins")).toHaveText("1");
  await expect(anna.getByTestId("record-mostWinsInRow")).toContainText("Dag · 1 in a row");
});

test("a refused merge says why and changes nothing", async ({ page }) => {
  await signUp(page);
  const group = await newGroup(page, "Lör");
  await hostEvening(page, group, "Kväll", ["Anna", "Bo"], "Anna");
  await page.goto("/groups");
  await page.getByRole("link", { name: group }).click();
  const merge = page.getByTestId("merge-players");
  await merge.getByLabel("Player").selectOption({ label: "Anna" });
  await merge.getByLabel("is the same person as").selectOption({ label: "Bo" });
  await merge.getByRole("button", { name: "Merge" }).click();
  await expect(merge.getByRole("alert")).toHaveText(
    "“Anna” and “Bo” sat at the same table on “Kväll”: they are two people.",
  );
  await expect(page.getByTestId("player-Anna")).not.toContainText("read as");
});

test("a backup that names other people makes none of them a member of anything: they are listed to invite, and join themselves", async ({
  browser,
}, testInfo) => {
  const anna = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signUp(anna);
  const group = await newGroup(anna, "Lördag");
  await hostEvening(anna, group, "Kopierad", ["Anna", "Bo", "Cecilia"], "Bo");
  await anna.goto("/import");
  const backup = await Promise.all([
    anna.waitForEvent("download"),
    anna.getByRole("link", { name: "Back up all (JSON)" }).click(),
  ]).then(([d]) => d.path().then((path) => JSON.parse(readFileSync(path, "utf8"))));

  // Someone else crafts the file: a stranger made admin of the group, and a player linked to the stranger.
  const stranger = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const strangerName = await signUp(stranger);
  backup.groups[0].members.push({ account: strangerName, admin: true });
  backup.groups[0].players.find((p: { name: string }) => p.name === "Cecilia").account = strangerName;
  const file = testInfo.outputPath("crafted.json");
  writeFileSync(file, JSON.stringify(backup));
  const mallory = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signUp(mallory);
  await mallory.goto("/import");
  await mallory.getByLabel("File (JSON)").setInputFiles(file);
  await mallory.getByRole("button", { name: "Import 1 evenings" }).click();
  await expect(mallory.getByTestId("import-done")).toContainText("Groups restored: 1.");
  const invite = mallory.getByTestId("import-invite");
  await expect(invite).toContainText(strangerName);
  await screenshots(mallory, "import-invite");

  // The stranger is a member of nothing new and sees nothing of the made-up evening.
  await stranger.goto("/groups");
  await expect(stranger.getByRole("link", { name: group })).toHaveCount(0);
  await stranger.goto("/evenings");
  await expect(stranger.getByText("Kopierad")).toHaveCount(0);
  await Promise.all([anna, stranger, mallory].map((p) => p.close()));
});

test("the season's own page names its group, leads back to it, and has no link to itself; one member is one member", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page);
  const group = await newGroup(page, "Söndag");
  const groupUrl = new URL(page.url()).pathname;
  await page.goto("/groups");
  await expect(page.getByRole("listitem").filter({ hasText: group })).toContainText("1 member");
  await expect(page.getByRole("listitem").filter({ hasText: group })).not.toContainText("1 members");

  await page.goto(`${groupUrl}/season?game=knektpass`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(group);
  await expect(page.getByRole("link", { name: "Open the table" })).toHaveCount(0);
  await expect(page.getByTestId("back-to-group")).toHaveText(`← ${group}`);
  await screenshots(page, "season-page");
  await page.getByTestId("back-to-group").click();
  await expect(page).toHaveURL(new RegExp(`${groupUrl}\\?game=knektpass$`));
  // On the group's page the table links to its own page.
  await expect(page.getByRole("link", { name: "Open the table" })).toHaveCount(1);
});

test("a name written another way says whom it counts as; an evening already kept for a group offers another or none", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signUp(page);
  const group = await newGroup(page, "Tisdag");
  await hostEvening(page, group, "Första", ["Anna", "Bo", "Cecilia"], "Bo");

  // The evening is the group's: its panel offers another group, or none, with this one chosen.
  await page.getByTestId("move-evening-panel").getByText("Keep for another group, or for none").click();
  await expect(page.getByTestId("move-evening").getByRole("combobox")).toHaveValue(/.+/);
  await expect(page.getByTestId("move-evening").getByRole("combobox").locator("option:checked")).toHaveText(group);

  // A new evening for the group: "cecilia " is read as the group's Cecilia, and one tap writes it so.
  await page.goto("/evenings/new");
  const forGroup = page.getByTestId("evening-for-group").getByRole("link", { name: group, exact: true });
  await forGroup.click();
  // The form is the group's once its link is the current one (its players are the names offered).
  await expect(forGroup).toHaveAttribute("aria-current", "page");
  await page.getByLabel("Player 1").fill("cecilia ");
  const hint = page.getByTestId("name-hint-1");
  await expect(hint).toHaveText("“cecilia” counts as the group's “Cecilia”. Write it so");
  await page.screenshot({ path: "test-results/screenshots/name-hint-360.png", fullPage: true });
  await hint.click();
  await expect(page.getByLabel("Player 1")).toHaveValue("Cecilia");
  await expect(hint).toHaveCount(0);
  await page.getByLabel("Player 2").fill("Bo");
  await expect(page.getByTestId("name-hint-2")).toHaveCount(0);
});

test("a comeback names whom it was won back from; a record links to its deal, unfolded and marked on the evening", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  const group = await newGroup(page, "Rekord");
  const groupPage = page.url();
  const players = ["Anna", "Bo", "Cecilia"];
  await createEvening(page, {
    title: "Vändningen",
    variant: "Knektpass",
    players,
    firstDealer: "Anna",
    group,
    houseRules: async (p) => {
      await p.getByText("House rules").click();
      await p.locator('input[name="houseRule.startScore"]').fill("10");
    },
  });
  // From 10: Bo plays alone (5) while Anna stands at 10, five behind; then Anna plays alone twice and wins.
  const record: GameRecord = { variant: "knektpass", players, firstDealer: "Anna", deals: [] };
  for (const who of ["Bo", "Anna", "Anna"]) {
    record.deals.push({ entries: Object.fromEntries(players.map((p) => [p, { plays: p === who }])) });
    await enterDeal(page, record);
  }
  await expect(page.getByTestId("winners")).toContainText("Anna");
  // The next game starts: the first is folded away among the evening's games.
  await page.getByRole("button", { name: "Start game 2" }).click();
  await expect(page.getByRole("heading", { name: "Deal 1", exact: true })).toBeVisible();

  await page.goto(groupPage);
  const comeback = page.getByTestId("record-biggestComeback");
  await expect(comeback).toContainText("Anna · 5 points behind Bo, and won");
  await comeback.getByRole("link").click();
  await expect(page).toHaveURL(/#game-1-deal-1$/);
  const linked = page.locator("#game-1-deal-1");
  await expect(linked).toBeInViewport();
  await expect(linked).toHaveClass(/target/);
  await screenshots(page, "record-linked");

  // The records' own page leads back to the group by its name.
  await page.goto(groupPage);
  await page.getByRole("link", { name: "The records on a page of their own" }).click();
  await expect(page.getByTestId("back-to-group")).toHaveText(`← ${group}`);
  // It has both games' records, a tap apart.
  await page.getByRole("link", { name: "Norrlands-Knack" }).click();
  await expect(page).toHaveURL(/records\?game=norrlands-knack$/);
  await expect(page.getByTestId("records")).toContainText("Norrlands-Knack");
  await expect(page.getByTestId("record-biggestComeback")).toHaveCount(0);
  await page.getByTestId("back-to-group").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(group);

  // The players' table counts finished games (+ one in play) and shows no limpas for a Knektpass table.
  await page.goto(`/players?group=${new URL(groupPage).pathname.split("/")[2]}`);
  const anna = page.getByTestId("players-row-Anna");
  await expect(anna.getByTestId("games")).toHaveText("1 +1");
  await expect(anna.getByTestId("limpas")).toHaveText("–");
});
