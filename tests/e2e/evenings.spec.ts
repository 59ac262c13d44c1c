import { expect, test } from "@playwright/test";
import { expectAccessible, screenshots, signUp } from "./support";
import { createEvening, playAlone } from "../support/table";

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
  for (const name of ["Anna", "Bo", "Cecilia"]) await expect(sheet.getByTestId(`score-${name}`)).toHaveText("12");
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

test("house rules are pinned for the evening, with the defaults preselected and explained", async ({ page }) => {
  await signUp(page);
  await page.goto("/evenings/new");
  await page.getByLabel("Title").fill("Kort kväll");
  await page.getByLabel(/Norrlands-Knack/).check();
  for (const [i, name] of ["Anna", "Bo", "Cecilia"].entries()) await page.getByLabel(`Player ${i + 1}`).fill(name);
  await page.getByText("House rules").click();
  await expect(page.getByLabel("Start score")).toHaveValue("10");
  await expect(page.getByText("Everyone starts here and counts down to 0.")).toBeVisible();
  await expect(page.getByLabel("Trumftvång")).toHaveValue("anyoneAtOne");
  await expect(page.getByLabel("Quota")).toHaveCount(0); // a Knektpass rule
  await page.getByLabel("Start score").fill("7");
  await page.getByLabel("Lone knocker").selectOption({ label: "Redeal" });
  await page.getByRole("button", { name: "Start the evening" }).click();
  await expect(page.getByTestId("house-rules")).toHaveText("House rules: Start score 7 · Lone knocker Redeal");
  await expect(page.getByTestId("protokoll").getByTestId("score-Anna")).toHaveText("7");
});

test("the player count is checked as the names are written, and names from earlier evenings are offered", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/evenings/new");
  await page.getByLabel("Title").fill("Första");
  for (const [i, name] of ["Anna", "Bo", "Cecilia"].entries()) await page.getByLabel(`Player ${i + 1}`).fill(name);
  await page.getByRole("button", { name: "Start the evening" }).click();
  await expect(page).toHaveURL(/\/evenings\/(?!new)[^/]+$/);
  await page.goto("/evenings/new");
  await expect(page.locator("#known-player-names option")).toHaveCount(3);
  await page.getByLabel(/Norrlands-Knack/).check();
  await page.getByLabel("Player 1").fill("Anna");
  await page.getByLabel("Player 2").fill("Bo");
  await expect(page.getByTestId("player-count")).toHaveText("Norrlands-Knack is for 3–5 players, not 2.");
  await page.getByLabel("Player 3").fill("Cecilia");
  await expect(page.getByTestId("player-count")).toHaveCount(0);
});

test("a date that is not in the calendar gets a clear field error, in both languages, and nothing is created", async ({
  page,
}) => {
  await signUp(page);
  await page.goto("/evenings/new");
  await page.getByLabel("Title").fill("Fel datum");
  await page.getByLabel("Player 1").fill("Anna");
  await page.getByLabel("Player 2").fill("Bo");
  // A phone's date picker cannot pick 2026-13-45, but a form can be sent with it: as a person could.
  const sendWith = async (date: string) => {
    await page.locator('input[name="date"]').evaluate((input: HTMLInputElement, value) => {
      input.type = "text";
      input.value = value;
    }, date);
    await page.locator("form").getByRole("button").last().click();
  };
  await sendWith("2026-13-45");
  await expect(page.getByTestId("date-error")).toHaveText("no such date in the calendar");
  await expect(page).toHaveURL(/\/evenings\/new$/);
  await page.getByRole("button", { name: "SV", exact: true }).click();
  await page.getByLabel("Rubrik").fill("Fel datum");
  await page.getByLabel("Spelare 1").fill("Anna");
  await page.getByLabel("Spelare 2").fill("Bo");
  await sendWith("2026-02-30");
  await expect(page.getByTestId("date-error")).toHaveText("det datumet finns inte i kalendern");
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await page.goto("/evenings");
  await expect(page.getByRole("heading", { name: "Fel datum" })).toHaveCount(0);
});

test("players named __proto__ and constructor are players like any other: the evening records, renders and scores", async ({
  page,
}) => {
  await signUp(page);
  await createEvening(page, {
    title: "Prototyp",
    variant: "Knektpass",
    players: ["__proto__", "constructor", "Bo"],
    firstDealer: "Bo",
  });
  await playAlone(page, "__proto__");
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeVisible();
  const id = new URL(page.url()).pathname.split("/").pop();
  const exported = await (await page.request.get(`/api/evenings/${id}/export`)).json();
  expect(Object.getOwnPropertyDescriptor(exported.games[0].deals[0].entries, "__proto__")?.value).toMatchObject({
    plays: true,
  });
});
