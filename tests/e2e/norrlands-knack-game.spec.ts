import { expect, test } from "@playwright/test";
import { scoreGame, type GameRecord } from "@/lib/rules";
import { expectAccessible, screenshots, signUp } from "./support";
import { createEvening, enterDeal, expectProtokoll, seat, setPlays, type Seats, freshForm } from "../support/table";

const players = ["Anna", "Bo", "Cecilia", "Dag"];

test("a whole Norrlands-Knack game on a phone: first deal, limpas, trumftvång on and off, a redeal, an edited deal, the winner", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await createEvening(page, { title: "Knack i stugan", variant: "Norrlands-Knack", players, firstDealer: "Dag" });
  const record: GameRecord = { variant: "norrlands-knack", players, firstDealer: "Dag", deals: [] };
  const sheet = page.getByTestId("protokoll").first();
  const play = async (seats: Seats) => {
    record.deals.push({ entries: seats });
    await enterDeal(page, record);
  };

  // First deal: one knocker, only the knocker scores; only the knocker's tricks are asked.
  await expect(page.getByText(/First deal: bidding stops at the first knock/)).toBeVisible();
  await play({
    Anna: { plays: false },
    Bo: { plays: true, tricks: 1 },
    Cecilia: { plays: false },
    Dag: { plays: false },
  });
  await expect(sheet.getByTestId("score-Anna")).toHaveText("10");
  await expect(sheet.getByTestId("score-Bo")).toHaveText("9");
  await expect(page.getByText(/First deal: bidding stops/)).toHaveCount(0);

  // No revoke outside trumftvång; the toggle says knacka/lura.
  await setPlays(page, { Anna: true, Bo: true, Cecilia: true, Dag: false });
  await expect(seat(page, "Dag").getByRole("button", { name: "Dag: Lura" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Revoke" })).toHaveCount(0);
  await freshForm(page);
  await play({
    Anna: { plays: true, tricks: 0 },
    Bo: { plays: true, tricks: 5 },
    Cecilia: { plays: true, tricks: 0 },
    Dag: { plays: false },
  });
  await expect(sheet.locator('tr[data-deal="2"] td[data-player="Anna"]')).toHaveClass(/limpa/);

  await expect(page.getByTestId("trumftvang")).toHaveCount(0);
  await play({
    Anna: { plays: true, tricks: 1 },
    Bo: { plays: true, tricks: 3 },
    Cecilia: { plays: true, tricks: 1 },
    Dag: { plays: true, tricks: 0 },
  });
  // Bo stands at 1: the next deal is under trumftvång, shown prominently with his name, and a revoke can be recorded.
  await expect(page.getByTestId("trumftvang")).toContainText("Bo stands at 1");
  await setPlays(page, { Anna: true, Bo: true, Cecilia: false, Dag: true });
  await expect(seat(page, "Bo").getByRole("button", { name: "Revoke" })).toBeVisible();
  await screenshots(page, "deal-screen-trumftvang");
  await freshForm(page);
  await play({
    Anna: { plays: true, tricks: 3 },
    Bo: { plays: true, tricks: 0 },
    Cecilia: { plays: false },
    Dag: { plays: true, tricks: 2 },
  });
  // Bo got a limpa from 1 to 6: nobody stands at 1, so trumftvång ends.
  await expect(page.getByTestId("trumftvang")).toHaveCount(0);
  await expect(sheet.getByTestId("limpa-Bo")).toHaveText("1");

  // A redeal: nobody knocked.
  await play({ Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: false }, Dag: { plays: false } });

  // A mistake in deal 4: Dag took 3 and Anna 2. The deal opens in a dialog; one preview shows what changes.
  await page.getByRole("button", { name: "Deal 4", exact: true }).click();
  const dialog = page.getByTestId("deal-dialog");
  await dialog.getByRole("button", { name: "Edit deal 4" }).click();
  await expect(dialog.getByRole("heading", { name: "Edit deal 4" })).toBeInViewport();
  const tricks = (name: string, n: number) =>
    dialog
      .getByTestId(`seat-${name}`)
      .getByRole("group", { name: "Tricks" })
      .getByRole("button", { name: String(n), exact: true });
  await tricks("Anna", 2).click();
  await tricks("Dag", 3).click();
  await expect(dialog.getByTestId("change-preview")).toHaveCount(1);
  await expect(dialog.getByTestId("change-preview")).toContainText("Anna: 6 → 7");
  await expect(dialog.getByTestId("change-preview")).toContainText("Dag: 8 → 7");
  await dialog.getByRole("button", { name: "Save the change" }).click();
  record.deals[3] = {
    entries: {
      Anna: { plays: true, tricks: 2 },
      Bo: { plays: true, tricks: 0 },
      Cecilia: { plays: false },
      Dag: { plays: true, tricks: 3 },
    },
  };
  await expect(sheet.getByTestId("score-Anna")).toHaveText("7");
  await expect(dialog).toHaveCount(0);

  // Deleting the first deal would make the second one a first deal with three knockers: refused, asked once.
  await page.getByRole("button", { name: "Deal 1", exact: true }).click();
  await dialog.getByRole("button", { name: "Delete deal 1" }).click();
  await expect(dialog.getByTestId("delete-problems")).toContainText("only one player knocks");
  await expect(dialog.getByRole("button", { name: "Delete deal 1" })).toBeDisabled();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toHaveCount(1);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);

  await play({
    Anna: { plays: true, tricks: 4 },
    Bo: { plays: false },
    Cecilia: { plays: false },
    Dag: { plays: true, tricks: 1 },
  });
  await play({
    Anna: { plays: true, tricks: 3 },
    Bo: { plays: true, tricks: 2 },
    Cecilia: { plays: false },
    Dag: { plays: false },
  });

  const result = scoreGame(record);
  expect(result.winners).toEqual(["Anna"]);
  expect(result.deals.map((d) => d.trumpCompulsion)).toEqual([false, false, false, true, false, false, false]);
  await expect(page.getByTestId("winners")).toContainText("Anna wins!");
  await expectProtokoll(page, record, result);

  await page.getByText("Edit history").click();
  await expect(page.getByTestId("history").getByRole("listitem").first()).toContainText("recorded Deal 7");
  await expect(page.getByTestId("history")).toContainText("changed Deal 4");
  await expectAccessible(page);
  await screenshots(page, "protokoll-norrlands-knack");

  // The same sheet in Swedish, with the game's own words.
  await page.getByRole("button", { name: "SV", exact: true }).click();
  await expect(page.getByTestId("winners")).toContainText("Anna vinner!");
  await page.getByRole("button", { name: "Giv 4", exact: true }).click();
  await expect(page.getByTestId("explain-deal-4")).toContainText("knackade, tog inget stick: limpa 1 → 6");
  await page.getByTestId("deal-dialog").getByRole("button", { name: "Stäng" }).click();
  await page.getByRole("button", { name: "EN", exact: true }).click();
});
