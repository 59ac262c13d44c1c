import { expect, test, type Page } from "@playwright/test";
import { expectAccessible, screenshots, signUp } from "./support";
import { playAlone } from "../support/table";

/** Plays one Knektpass game at start score 10 that `winner` wins by playing alone twice. */
async function winGame(page: Page, winner: string) {
  for (let deal = 1; deal <= 2; deal++) {
    await expect(page.getByRole("heading", { name: `Deal ${deal}`, exact: true })).toBeVisible();
    await playAlone(page, winner);
  }
  await expect(page.getByTestId("winners")).toContainText(winner);
}

test("a saved rule set: an evening started from it keeps its own copy when the set is changed later", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);

  // The table's rules: Knektpass from 10, 5 kronor per game.
  await page.goto("/rule-sets");
  await page.getByLabel("Name").fill("Torsdagar");
  await page.getByLabel("Knektpass").check();
  await page.getByText("Play for money (optional)").click();
  await page.getByLabel("Per game: each player who did not win pays the winner").fill("5");
  await page.getByText("House rules", { exact: true }).click();
  await page.getByLabel("Start score").fill("10");
  await page.getByRole("button", { name: "Save the rule set" }).click();
  await expect(page.getByTestId("rule-set-Torsdagar")).toContainText("Start score 10");
  await expect(page.getByTestId("rule-set-Torsdagar")).toContainText(/SEK\s?5\.00 per game/);
  await expectAccessible(page);
  await screenshots(page, "rule-sets");

  // An evening from the set: its rules and stakes are shown with the evening.
  await page.goto("/evenings/new");
  await page.getByLabel("Title").fill("Torsdag");
  await page.getByLabel("Knektpass").check();
  for (const [i, name] of ["Anna", "Bo", "Cecilia"].entries()) await page.getByLabel(`Player ${i + 1}`).fill(name);
  await page.getByLabel("Rule set").selectOption({ label: "Torsdagar" });
  await expect(page.getByText("Play for money (optional)")).toHaveCount(0);
  await page.getByRole("button", { name: "Start the evening" }).click();
  await expect(page).toHaveURL(/\/evenings\/(?!new)[^/]+$/);
  const evening = page.url();
  await expect(page.getByTestId("rule-set")).toHaveText("Rule set: Torsdagar");
  await expect(page.getByTestId("house-rules")).toHaveText("House rules: Start score 10");
  await expect(page.getByTestId("stakes")).toHaveText(/Stakes: SEK\s?5\.00 per game/);

  // Two games: Bo wins the first, Cecilia the second; Anna paid 5 to each.
  await winGame(page, "Bo");
  // The next game's seats: a name already seated, however it is written, is refused on the spot; Enter adds one.
  const next = page.getByRole("region", { name: "Next game" });
  const seat = next.getByLabel("Player", { exact: true });
  // The last deal's "saved · Undo" stands in the page, covering none of the next game's controls.
  await expect(page.getByTestId("undo-toast")).toBeVisible();
  await seat.scrollIntoViewIfNeeded();
  for (const control of [
    seat,
    next.getByRole("button", { name: "Add" }),
    next.getByRole("button", { name: "Start game 2" }),
  ]) {
    await control.scrollIntoViewIfNeeded();
    expect(
      await control.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return top === el || el.contains(top);
      }),
    ).toBe(true);
  }
  await seat.fill("ANNA");
  await seat.press("Enter");
  await expect(next.getByRole("alert")).toHaveText("“ANNA” reads as Anna, who already has a seat.");
  await seat.fill("Dag");
  await expect(next.getByRole("alert")).toHaveCount(0);
  await seat.press("Enter");
  await expect(seat).toHaveValue("");
  await next.getByRole("button", { name: "Remove: Dag" }).click();
  await page.getByRole("button", { name: "Start game 2" }).click();
  await expect(page.getByRole("heading", { name: "Deal 1", exact: true })).toBeVisible();
  await winGame(page, "Cecilia");
  const settlement = page.getByTestId("settlement");
  const payments = settlement.getByTestId("payments").locator("li");
  await expect(payments).toHaveText([/Anna pays Bo SEK\s?5\.00/, /Anna pays Cecilia SEK\s?5\.00/]);
  const before = {
    payments: await payments.allTextContents(),
    protokoll: await page.getByTestId("protokoll").first().textContent(),
  };
  await expect(settlement.getByTestId("net-Anna")).toHaveText(/−SEK\s?10\.00|-SEK\s?10\.00/);

  // The set changes: from 12, 20 per game. The evening keeps what it was played by.
  await page.goto("/rule-sets");
  await page.getByTestId("rule-set-Torsdagar").getByRole("link", { name: "Edit" }).click();
  await page.getByLabel("Per game: each player who did not win pays the winner").fill("20");
  await page.getByText("House rules", { exact: true }).click();
  await page.getByLabel("Start score").fill("12");
  await page.getByRole("button", { name: "Save the rule set" }).click();
  await expect(page.getByTestId("rule-set-Torsdagar")).toContainText(/SEK\s?20\.00 per game/);
  await expect(page.getByTestId("rule-set-Torsdagar")).not.toContainText("Start score");

  await page.goto(evening);
  await expect(page.getByTestId("house-rules")).toHaveText("House rules: Start score 10");
  await expect(page.getByTestId("stakes")).toHaveText(/Stakes: SEK\s?5\.00 per game/);
  await expect(payments).toHaveText(before.payments);
  await expect(page.getByTestId("protokoll").first()).toHaveText(before.protokoll!);

  // Deleting the set changes nothing either.
  await page.goto("/rule-sets");
  await page.getByTestId("rule-set-Torsdagar").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByTestId("rule-set-Torsdagar")).toHaveCount(0);
  await page.goto(evening);
  await expect(page.getByTestId("rule-set")).toHaveText("Rule set: Torsdagar");
  await expect(payments).toHaveText(before.payments);

  // History and statistics: the evening's net per player and its rule set; Anna's money over the evenings.
  await page.goto("/evenings");
  const item = page.getByTestId("history-list").getByRole("listitem").filter({ hasText: "Torsdag" });
  await expect(item.getByTestId("history-money")).toHaveText(
    /Net: Anna [−-]SEK\s?10\.00 · Bo \+SEK\s?5\.00 · Cecilia \+SEK\s?5\.00/,
  );
  await expect(item.getByTestId("history-rule-set")).toHaveText("Rule set: Torsdagar");
  await page.goto("/players/Anna");
  await expect(page.getByTestId("player-money")).toHaveText(/[−-]SEK\s?10\.00 · evenings played for money: 1/);
  await screenshots(page, "player-money");
});

test("a rule set with a negative stake or an unknown currency is refused, and nothing is saved", async ({ page }) => {
  await signUp(page);
  await page.goto("/rule-sets");
  await page.getByLabel("Name").fill("Fel");
  await page.getByText("Play for money (optional)").click();
  await page.getByLabel("Per game: each player who did not win pays the winner").fill("-5");
  await page.getByRole("button", { name: "Save the rule set" }).click();
  await expect(page.locator(".form-error")).toContainText("perGame must be a whole number of minor units from 0");
  // What was typed stays, to be corrected.
  await expect(page.getByLabel("Name")).toHaveValue("Fel");
  await page.getByLabel("Per game: each player who did not win pays the winner").fill("5");
  await page.getByLabel("Currency (ISO code)").fill("XYZ");
  await page.getByRole("button", { name: "Save the rule set" }).click();
  await expect(page.locator(".form-error")).toContainText("XYZ");
  await page.goto("/rule-sets");
  await expect(page.getByTestId("rule-set-Fel")).toHaveCount(0);
});
