import { expect, test } from "@playwright/test";
import { expectAccessible, screenshots, threeSeated } from "./support";
import { playAlone } from "../support/table";

test("the share link shows the scoreboard live to anyone, and stops working when rotated", async ({ browser }) => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const owner = await threeSeated(phone, "Live från köket");
  await phone.getByText("Share the live scoreboard").click();
  const shareUrl = await phone.getByTestId("share-url").inputValue();
  expect(shareUrl).toMatch(/\/s\/[A-Za-z0-9_-]{32}$/);

  // Someone without an account opens it.
  const tvContext = await browser.newContext();
  const viewer = await tvContext.newPage();
  await viewer.goto(shareUrl);
  await expect(viewer.getByRole("heading", { level: 1 })).toHaveText("Live från köket");
  await expect(viewer.getByTestId("live-indicator")).toContainText("Live");
  await expect(viewer.getByTestId("standing-Anna")).toHaveText("12");
  await expect(viewer.getByTestId("signed-in-as")).toHaveCount(0);
  // The link reveals nothing else: not the owner's account, not the invite link.
  const html = await viewer.content();
  expect(html).not.toContain(owner);
  expect(html).not.toContain("/join/");
  await expect(phone.getByTestId("viewer-count")).toHaveText("Watching now: 1", { timeout: 10_000 });

  // A deal recorded on the phone appears on the open scoreboard without a reload.
  await playAlone(phone, "Bo");
  await expect(viewer.getByTestId("standing-Bo")).toHaveText("7", { timeout: 3_000 });
  await expect(viewer.locator('tr[data-deal="1"]')).toBeVisible();
  // The viewer may hear of the deal before the phone has drawn its own row.
  await expect(phone.getByTestId("protokoll").first().locator('tr[data-deal="1"]')).toBeVisible();
  // The viewer's sheet is the phone's protokoll, row for row.
  const rows = (page: typeof viewer, testId: string) => page.getByTestId(testId).locator("tbody tr").allInnerTexts();
  expect(await rows(viewer, "share-protokoll")).toEqual(await rows(phone, "protokoll"));
  await expect(viewer.getByTestId("standings").getByRole("listitem").first()).toContainText("Bo");
  await expectAccessible(viewer);
  await viewer.setViewportSize({ width: 390, height: 844 });
  await screenshots(viewer, "share");
  // A wall screen is its size before TV mode asks for the full screen (a full-screen window keeps its size).
  await viewer.setViewportSize({ width: 1920, height: 1080 });
  await viewer.getByRole("button", { name: "TV mode" }).click();
  await viewer.screenshot({ path: "test-results/screenshots/share-tv.png" });
  await viewer.getByRole("button", { name: "Leave TV mode" }).click();

  // The owner rotates the link: the open viewer is told at once, and the old link no longer works.
  await phone.getByRole("button", { name: "New link (the old one stops working)" }).click();
  await expect(viewer.getByTestId("share-revoked")).toBeVisible({ timeout: 3_000 });
  const response = await viewer.request.get(shareUrl.replace("/s/", "/api/share/"));
  expect(response.status()).toBe(404);
  await viewer.goto(shareUrl);
  await expect(viewer.getByRole("alert").filter({ hasText: "This link no longer works." })).toBeVisible();
  const newUrl = await phone.getByTestId("share-url").inputValue();
  expect(newUrl).not.toBe(shareUrl);
  await viewer.goto(newUrl);
  await expect(viewer.getByTestId("standing-Bo")).toHaveText("7");

  // Switched off: nobody can watch.
  await phone.getByRole("button", { name: "Switch the link off" }).click();
  await expect(viewer.getByTestId("share-revoked")).toBeVisible({ timeout: 3_000 });
  await expect(phone.getByText("The share link is off.")).toBeVisible();
  await tvContext.close();
});

test("a share link that never existed shows a clear message", async ({ page }) => {
  await page.goto("/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByRole("alert").filter({ hasText: "This link no longer works." })).toBeVisible();
  const events = await page.request.get("/api/share/not-a-token/events");
  expect(events.status()).toBe(404);
  expect(await events.json()).toEqual({
    error: { code: "not_found", key: "errors.shareLink", message: "This link does not work (any more)." },
  });
});
