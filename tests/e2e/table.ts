/** Drives the deal screen like a person at the table: taps per seat, then save. */
import { expect, type Page } from "@playwright/test";
import type { EntryRecord, GameRecord, GameResult } from "@/lib/rules";

export type Seats = Record<string, EntryRecord>;

export function seat(page: Page, name: string) {
  return page.getByRole("group", { name: new RegExp(`^${name}\\b`) }).first();
}

export async function createEvening(page: Page, options: { title: string; variant: "Knektpass" | "Norrlands-Knack"; players: string[]; firstDealer: string }) {
  await page.goto("/evenings/new");
  await page.getByLabel("Title").fill(options.title);
  await page.getByLabel(new RegExp(options.variant)).check();
  for (const [i, name] of options.players.entries()) {
    if (i >= 3) await page.getByRole("button", { name: "Add player" }).click();
    await page.getByLabel(`Player ${i + 1}`).fill(name);
  }
  await page.getByLabel("First dealer").selectOption({ label: options.firstDealer });
  await page.getByRole("button", { name: "Start the evening" }).click();
  await expect(page).toHaveURL(/\/evenings\/(?!new)[^/]+$/);
}

/** Fills in a deal on the open form (new or edit) without saving. */
export async function fillDeal(page: Page, variant: GameRecord["variant"], seats: Seats) {
  const [yes, no] = variant === "knektpass" ? ["Plays", "Passes"] : ["Knocks (knacka)", "Passes (lura)"];
  // Who plays first: the other inputs appear once it is known whether the hand is played.
  for (const [name, entry] of Object.entries(seats)) {
    await seat(page, name).getByRole("group", { name }).getByRole("button", { name: entry.plays ? yes : no, exact: true }).click();
  }
  for (const [name, entry] of Object.entries(seats)) {
    const card = seat(page, name);
    const rounds = entry.exchanged === undefined ? [] : Array.isArray(entry.exchanged) ? entry.exchanged : [entry.exchanged];
    for (const [r, value] of rounds.entries()) {
      if (r > 0) await card.getByRole("button", { name: "+ round" }).click();
      await card.getByRole("group", { name: `Cards bought, round ${r + 1}` }).getByRole("button", { name: String(value), exact: true }).click();
    }
    if (entry.tricks !== undefined) {
      await card.getByRole("group", { name: /^Tricks/ }).getByRole("button", { name: String(entry.tricks), exact: true }).click();
    }
    if (entry.revoke) await card.getByRole("checkbox", { name: /Revoke/ }).check();
  }
}

/** Enters deal `number` and saves it; waits until the protokoll shows it. */
export async function enterDeal(page: Page, variant: GameRecord["variant"], number: number, seats: Seats) {
  await expect(page.getByRole("heading", { name: `Enter deal ${number}` })).toBeVisible();
  await fillDeal(page, variant, seats);
  await page.getByRole("button", { name: `Save deal ${number}` }).click();
  await expect(page.locator(`tr[data-deal="${number}"]`)).toBeVisible();
}

/** The protokoll on the page equals the rules engine's result: every deal's scores, limpa lines and totals. */
export async function expectProtokoll(page: Page, record: GameRecord, result: GameResult) {
  const sheet = page.getByTestId("protokoll").first();
  for (const deal of result.deals) {
    const row = sheet.locator(`tr[data-deal="${deal.number}"]`);
    for (const p of record.players) {
      const cell = row.locator(`td[data-player="${p}"]`);
      await expect(cell).toHaveText(String(deal.scores[p]));
      if (deal.limpa.includes(p)) await expect(cell).toHaveClass(/limpa/);
      else await expect(cell).not.toHaveClass(/limpa/);
    }
  }
  await expect(sheet.locator("tr[data-deal]")).toHaveCount(result.deals.length);
  for (const p of record.players) await expect(sheet.getByTestId(`score-${p}`)).toHaveText(String(result.scores[p]));
  if (record.variant === "norrlands-knack") {
    for (const p of record.players) await expect(sheet.getByTestId(`limpa-${p}`)).toHaveText(String(result.limpa[p]));
  }
}
