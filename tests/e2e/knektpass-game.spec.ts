import { expect, test } from "@playwright/test";
import { scoreGame, type GameRecord } from "@/lib/rules";
import { expectAccessible, screenshots, signUp } from "./support";
import { createEvening, enterDeal, expectProtokoll, seat, type Seats, freshForm } from "../support/table";

const players = ["Anna", "Bo", "Cecilia"];

test("a whole Knektpass game on a phone: quotas, a lone player, a redeal, the winner, and the next game", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await createEvening(page, { title: "Knektpass hos Anna", variant: "Knektpass", players, firstDealer: "Cecilia" });
  const record: GameRecord = { variant: "knektpass", players, firstDealer: "Cecilia", deals: [] };
  const play = async (seats: Seats) => {
    record.deals.push({ entries: seats });
    await enterDeal(page, record);
  };

  await expect(page.getByTestId("next-dealer")).toHaveText("Cecilia");
  await expect(page.getByTestId("forehand")).toHaveText("Anna");
  // The same rules engine as the server checks the deal before anything is sent, once the deal is complete.
  const tricks = (name: string, n: number) =>
    seat(page, name)
      .getByRole("group", { name: "Tricks" })
      .getByRole("button", { name: String(n), exact: true });
  await tricks("Anna", 3).click();
  await tricks("Bo", 3).click();
  await expect(page.getByTestId("deal-problems")).toHaveCount(0); // Cecilia is not set yet: no error while filling in
  await page.getByRole("button", { name: "Others pass" }).click();
  await expect(page.getByTestId("deal-problems")).toHaveText("deal 1: tricks add up to 6 — should be 5");
  await page.getByRole("button", { name: "Save deal 1" }).click();
  await expect(page.locator('tr[data-deal="1"]')).toHaveCount(0);
  await screenshots(page, "deal-screen-knektpass");
  await freshForm(page);

  await play({
    Anna: { plays: true, exchanged: 2, tricks: 1 },
    Bo: { plays: true, exchanged: 3, tricks: 4 },
    Cecilia: { plays: true, exchanged: 0, tricks: 0 },
  });
  await expect(page.getByTestId("protokoll").first().getByTestId("score-Anna")).toHaveText("17");

  // Only Bo played (three taps), then all passed (one tap: a redeal).
  await play({ Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } });
  await play({ Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: false } });
  await expect(page.getByTestId("next-dealer")).toHaveText("Bo");

  await play({
    Anna: { plays: true, exchanged: 1, tricks: 2 },
    Bo: { plays: true, exchanged: 2, tricks: 3 },
    Cecilia: { plays: false },
  });

  const result = scoreGame(record);
  expect(result.winners).toEqual(["Bo"]);
  await expect(page.getByTestId("winners")).toContainText("Bo wins!");
  await expectProtokoll(page, record, result);
  await expect(page.getByRole("heading", { name: /^Deal \d+$/ })).toHaveCount(0);

  // Why did Anna's score change in deal 1? The deal opens in a dialog.
  await page.getByRole("button", { name: "Deal 1", exact: true }).click();
  await expect(page.getByTestId("explain-deal-1")).toContainText("quota 2, took 1: +5");
  await expectAccessible(page);
  await page.getByTestId("deal-dialog").getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("deal-dialog")).toHaveCount(0);
  await screenshots(page, "protokoll-knektpass");

  // The next game over the API (scripts, other clients): refused from another site or with seats the rules refuse.
  const games = `/api/evenings/${new URL(page.url()).pathname.split("/").at(-1)}/games`;
  const seats = { players, firstDealerSeat: 2 };
  const crossSite = await page.request.post(games, { data: seats, headers: { Origin: "https://evil.example" } });
  expect(crossSite.status()).toBe(403);
  const twice = await page.request.post(games, { data: { players: ["Anna", "Anna"], firstDealerSeat: 0 } });
  expect([twice.status(), (await twice.json()).error.code]).toEqual([400, "validation"]);
  // The next game: same seats, the deal continues to the left (Bo dealt last, so Cecilia) — the page offers it, and
  // here the API starts it (the page's button is clicked in rule-sets.spec.ts); the page shows it on reload.
  await expect(page.getByLabel("First dealer")).toHaveValue("Cecilia");
  const started = await page.request.post(games, { data: seats });
  expect([started.status(), (await started.json()).number]).toEqual([201, 2]);
  await page.reload();
  await expect(page.getByText("Game 2", { exact: true })).toBeVisible();
  // Game 2 is on: no third one beside it.
  const busy = await page.request.post(games, { data: seats });
  expect([busy.status(), (await busy.json()).error.code]).toEqual([409, "conflict"]);
  await expect(page.getByTestId("next-dealer")).toHaveText("Cecilia");
  await expect(page.getByTestId("protokoll").first().getByTestId("score-Bo")).toHaveText("12");
});
