import { expect, test } from "@playwright/test";
import { screenshots, signUp } from "./support";
import { createEvening, playAlone } from "../support/table";

test("history filters by player, game and date; players have statistics and a head-to-head", async ({ page }) => {
  await signUp(page);
  await createEvening(page, {
    title: "Knektpass i maj",
    variant: "Knektpass",
    players: ["Anna", "Bo"],
    firstDealer: "Anna",
  });
  for (const who of ["Anna", "Anna", "Anna"]) {
    const count = await page.locator("tr[data-deal]").count();
    await playAlone(page, who);
    await expect(page.locator("tr[data-deal]")).toHaveCount(count + 1);
  }
  await expect(page.getByTestId("winners")).toContainText("Anna wins!");
  await createEvening(page, {
    title: "Knack med Dag",
    variant: "Norrlands-Knack",
    players: ["Bo", "Cecilia", "Dag"],
    firstDealer: "Bo",
  });

  await page.goto("/evenings");
  await expect(page.getByTestId("history-list").getByRole("listitem")).toHaveCount(2);
  await expect(
    page
      .getByTestId("history-list")
      .getByRole("listitem")
      .filter({ hasText: "Knektpass i maj" })
      .getByTestId("history-winners"),
  ).toHaveText("Won: Anna");
  await page.getByLabel("Player").selectOption("Dag");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/evenings\?/);
  await expect(page.getByTestId("history-list").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Knack med Dag" })).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/evenings$/);
  await page.getByLabel("Game").selectOption("knektpass");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/evenings\?/);
  await expect(page.getByTestId("history-list").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Knektpass i maj" })).toBeVisible();
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/evenings$/);
  await page.getByLabel("To").fill("2000-01-01");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/evenings\?/);
  await expect(page.getByTestId("history-list").getByRole("listitem")).toHaveCount(0);
  await screenshots(page, "history");

  await page.goto("/players");
  await page.getByRole("link", { name: "Anna" }).click();
  // Anna played Knektpass only: its figures, and none about limpas (a Knektpass deal has none).
  const annas = page.getByTestId("player-stats-knektpass");
  await expect(annas.getByRole("heading", { name: "Knektpass" })).toBeVisible();
  await expect(annas.getByTestId("players.wins")).toHaveText("1");
  await expect(annas.getByTestId("players.winRate")).toHaveText("100%");
  await expect(annas.getByTestId("players.loneWins")).toHaveText("3");
  await expect(page.getByTestId("player-stats-norrlands-knack")).toHaveCount(0);
  await expect(page.getByText("Longest run without a limpa")).toHaveCount(0);
  await page.getByLabel("Against").selectOption("Bo");
  await page.getByRole("button", { name: "Compare" }).click();
  await expect(page.getByTestId("head-to-head")).toContainText("Finished games together: 1");
  await screenshots(page, "player");

  // Bo played both: both games' totals, then each game's own figures — the limpas only under Norrlands-Knack.
  await page.goto("/players/Bo");
  await expect(page.getByTestId("player-stats").getByRole("heading", { name: "Both games" })).toBeVisible();
  await expect(page.getByTestId("player-stats").getByTestId("players.evenings")).toHaveText("2");
  await expect(page.getByTestId("player-stats-knektpass").getByTestId("players.longestRun")).toHaveCount(0);
  await expect(page.getByTestId("player-stats-knektpass").getByTestId("players.limpas")).toHaveCount(0);
  await expect(page.getByTestId("player-stats-norrlands-knack").getByTestId("players.longestRun")).toBeVisible();
  await expect(page.getByTestId("player-stats-norrlands-knack").getByTestId("players.limpas")).toHaveText("0");
  await screenshots(page, "player-both-games");
});
