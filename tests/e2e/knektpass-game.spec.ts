import { expect, test } from "@playwright/test";
import { scoreGame, type GameRecord } from "@/lib/rules";
import { expectAccessible, screenshots, signUp } from "./support";
import { createEvening, enterDeal, expectProtokoll, seat, type Seats } from "./table";

const players = ["Anna", "Bo", "Cecilia"];

test("a whole Knektpass game on a phone: quotas, a lone player, a redeal, the winner, and the next game", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await createEvening(page, { title: "Knektpass hos Anna", variant: "Knektpass", players, firstDealer: "Cecilia" });
  const record: GameRecord = { variant: "knektpass", players, firstDealer: "Cecilia", deals: [] };
  const play = async (seats: Seats) => {
    record.deals.push({ entries: seats });
    await enterDeal(page, "knektpass", record.deals.length, seats);
  };

  await expect(page.getByTestId("next-dealer")).toHaveText("Cecilia");
  await expect(page.getByTestId("forehand")).toHaveText("Anna");
  // Live validation: the same rules engine as the server, before anything is sent.
  await seat(page, "Anna").getByRole("button", { name: "Plays", exact: true }).click();
  await seat(page, "Bo").getByRole("button", { name: "Plays", exact: true }).click();
  await seat(page, "Cecilia").getByRole("button", { name: "Passes", exact: true }).click();
  await seat(page, "Anna").getByRole("group", { name: "Tricks" }).getByRole("button", { name: "3" }).click();
  await seat(page, "Bo").getByRole("group", { name: "Tricks" }).getByRole("button", { name: "3" }).click();
  await expect(page.getByTestId("deal-problems")).toHaveText("deal 1: tricks add up to 6 — should be 5");
  await expect(page.getByRole("button", { name: "Save deal 1" })).toBeDisabled();
  await screenshots(page, "deal-screen-knektpass");

  await play({ Anna: { plays: true, exchanged: [2, 0], tricks: 1 }, Bo: { plays: true, exchanged: [1, 2], tricks: 4 }, Cecilia: { plays: true, exchanged: 0, tricks: 0 } });
  await expect(page.getByTestId("protokoll").first().getByTestId("score-Anna")).toHaveText("17");

  // Shortcuts: "only Bo played", then "all passed — redeal".
  await page.getByRole("button", { name: "Only Bo" }).click();
  record.deals.push({ entries: { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } } });
  await expect(page.locator('tr[data-deal="2"]')).toBeVisible();
  await page.getByRole("button", { name: "All passed — redeal" }).click();
  record.deals.push({ entries: { Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: false } } });
  await expect(page.locator('tr[data-deal="3"]')).toBeVisible();
  await expect(page.getByTestId("next-dealer")).toHaveText("Bo");

  await play({ Anna: { plays: true, exchanged: 1, tricks: 2 }, Bo: { plays: true, exchanged: 2, tricks: 3 }, Cecilia: { plays: false } });

  const result = scoreGame(record);
  expect(result.winners).toEqual(["Bo"]);
  await expect(page.getByTestId("winners")).toContainText("Bo wins!");
  await expectProtokoll(page, record, result);
  await expect(page.getByRole("heading", { name: /Enter deal/ })).toHaveCount(0);

  // Why did Anna's score change in deal 1?
  await page.getByRole("button", { name: "1", exact: true }).click();
  await expect(page.getByTestId("explain-deal-1")).toContainText("quota 2, took 1: +5");
  await expectAccessible(page);
  await screenshots(page, "protokoll-knektpass");

  // The next game: same seats, the deal continues to the left (Bo dealt last, so Cecilia).
  await expect(page.getByLabel("First dealer")).toHaveValue("Cecilia");
  await page.getByRole("button", { name: "Start game 2" }).click();
  await expect(page.getByRole("heading", { name: "Game 2" })).toBeVisible();
  await expect(page.getByTestId("next-dealer")).toHaveText("Cecilia");
  await expect(page.getByTestId("protokoll").first().getByTestId("score-Bo")).toHaveText("12");
});
