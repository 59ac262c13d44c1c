import { expect, test } from "@playwright/test";
import { expectAccessible, screenshots, signUp } from "./support";

test("create an evening: players in seat order, first dealer, and the protokoll starts at 12", async ({ page }) => {
  await signUp(page);
  await page.getByRole("link", { name: "New evening" }).click();
  await page.getByLabel("Title").fill("Torsdag hos Bo");
  await page.getByLabel("Place").fill("Umeå");
  await page.getByLabel("Player 1").fill("Anna");
  await page.getByLabel("Player 2").fill("Bo");
  await page.getByLabel("Player 3").fill("Cecilia");
  await page.getByLabel("First dealer").selectOption({ label: "Cecilia" });
  await expectAccessible(page);
  await screenshots(page, "new-evening");
  await page.getByRole("button", { name: "Start the evening" }).click();

  await expect(page).toHaveURL(/\/evenings\/(?!new)[^/]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Torsdag hos Bo");
  await expect(page.getByTestId("next-dealer")).toHaveText("Cecilia");
  const sheet = page.getByTestId("protokoll");
  await expect(sheet.getByRole("columnheader")).toHaveText(["Deal", "Anna", "Bo", "Cecilia"]);
  await expect(sheet.getByRole("row").nth(1).getByRole("cell")).toHaveText(["0", "12", "12", "12"]);
  await expectAccessible(page);
  await screenshots(page, "evening");

  await page.getByRole("link", { name: "Evenings" }).click();
  await expect(page.getByRole("heading", { name: "Torsdag hos Bo" })).toBeVisible();
  await screenshots(page, "evenings");
});

test("Norrlands-Knack with two players is refused with a clear message and nothing is created", async ({ page }) => {
  await signUp(page);
  await page.goto("/evenings/new");
  await page.getByLabel("Title").fill("För få");
  await page.getByLabel(/Norrlands-Knack/).check();
  await page.getByLabel("Player 1").fill("Anna");
  await page.getByLabel("Player 2").fill("Bo");
  await page.getByRole("button", { name: "Start the evening" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Norrlands-Knack is for 3–5 players, not 2" })).toBeVisible();
  await page.goto("/evenings");
  await expect(page.getByText("No evenings yet.")).toBeVisible();
});
