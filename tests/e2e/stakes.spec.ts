import { expect, test } from "@playwright/test";
import { screenshots, signUp } from "./support";
import { createEvening, playAlone } from "../support/table";

test("an evening played for stakes: shown with the evening, and who pays whom once the game has a winner", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await createEvening(page, {
    title: "Om pengar",
    variant: "Knektpass",
    players: ["Anna", "Bo", "Cecilia"],
    firstDealer: "Anna",
    houseRules: async (p) => {
      await p.getByText("Play for money (optional)").click();
      await p.getByLabel("Per game: each player who did not win pays the winner").fill("5");
      await p.getByLabel("Per point of the loser's final score").fill("0.50");
    },
  });
  await expect(page.getByTestId("stakes")).toContainText("per game");
  await expect(page.getByTestId("settlement")).toHaveCount(0);
  for (let n = 1; n <= 3; n++) {
    await expect(page.getByRole("heading", { name: `Deal ${n}`, exact: true })).toBeVisible();
    await playAlone(page, "Bo");
    await expect(page.getByTestId("protokoll").first().locator(`tr[data-deal="${n}"]`)).toBeVisible();
  }
  await expect(page.getByTestId("winners")).toContainText("Bo");
  // Anna and Cecilia stand at 12: each pays 5 + 12 × 0.50 = 11.
  const settlement = page.getByTestId("settlement");
  await expect(settlement.getByTestId("payments")).toContainText(/Anna pays Bo SEK\s?11\.00/);
  await expect(settlement.getByTestId("payments")).toContainText(/Cecilia pays Bo SEK\s?11\.00/);
  await expect(settlement.getByTestId("net-Bo")).toHaveText(/\+SEK\s?22\.00/);
  await screenshots(page, "settlement");

  // The share link shows the money only once the owner turns it on, and its viewers see it at once.
  await page.getByText("Share the live scoreboard").click();
  const viewer = await page.context().newPage();
  await viewer.goto(await page.getByTestId("share-url").inputValue());
  await expect(viewer.getByTestId("share-winners")).toContainText("Bo");
  await expect(viewer.getByTestId("settlement")).toHaveCount(0);
  await page.getByLabel("Show who pays whom on the link").check();
  await expect(viewer.getByTestId("payments")).toContainText(/Anna pays Bo SEK\s?11\.00/);
  await screenshots(viewer, "share-settlement");
  await page.getByLabel("Show who pays whom on the link").uncheck();
  await expect(viewer.getByTestId("settlement")).toHaveCount(0);
});

test("stakes that are not whole öre are refused with a clear message, and no evening is created", async ({ page }) => {
  await signUp(page);
  await page.goto("/evenings/new");
  await page.getByLabel("Title").fill("Fel insats");
  for (const [i, name] of ["Anna", "Bo", "Cecilia"].entries()) await page.getByLabel(`Player ${i + 1}`).fill(name);
  await page.getByText("Play for money (optional)").click();
  await page.getByLabel("Per game: each player who did not win pays the winner").fill("0.505");
  await page.getByRole("button", { name: "Start the evening" }).click();
  await expect(page.locator(".form-error")).toContainText("stakes: perGame must be a whole number of minor units");
  await expect(page).toHaveURL(/\/evenings\/new$/);
  await expect(page.getByLabel("Title")).toHaveValue("Fel insats");
  await expect(page.getByLabel("Per game: each player who did not win pays the winner")).toHaveValue("0.505");
  await page.goto("/evenings");
  await expect(page.getByText("Fel insats")).toHaveCount(0);
});
