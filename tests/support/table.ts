/**
 * Drives the deal screen like a person at the table: taps only, as few as the form allows — cards and tricks
 * mark a seat as playing, "Others pass" settles the rest, the last seat's tricks fill themselves in.
 * Shared by the browser tests and `npm run bench:table` (which counts the taps).
 */
import { expect, type Locator, type Page } from "@playwright/test";
import {
  cardsExchanged,
  scoreGame,
  type DealRecord,
  type EntryRecord,
  type GameRecord,
  type GameResult,
} from "@/lib/rules";

export type Seats = Record<string, EntryRecord>;

/** How a tap is made: a click in the browser tests; the bench taps on a touch screen and counts. */
export type Tap = (target: Locator) => Promise<void>;
export const click: Tap = (target) => target.click();

export function seat(page: Page, name: string): Locator {
  return page.getByTestId(`seat-${name}`).first();
}

export async function createEvening(
  page: Page,
  options: {
    title: string;
    variant: "Knektpass" | "Norrlands-Knack";
    players: string[];
    firstDealer: string;
    houseRules?: (page: Page) => Promise<void>;
    /** Started for this group (by its name). */
    group?: string;
  },
) {
  await page.goto("/evenings/new");
  if (options.group) {
    const forGroup = page.getByTestId("evening-for-group").getByRole("link", { name: options.group, exact: true });
    await forGroup.click();
    await expect(forGroup).toHaveAttribute("aria-current", "page");
  }
  await page.getByLabel("Title").fill(options.title);
  await page.getByLabel(new RegExp(options.variant)).check();
  for (const [i, name] of options.players.entries()) {
    if (i >= 3) await page.getByRole("button", { name: "Add player" }).click();
    await page.getByLabel(`Player ${i + 1}`).fill(name);
  }
  await page.getByLabel("First dealer").selectOption({ label: options.firstDealer });
  await options.houseRules?.(page);
  await page.getByRole("button", { name: "Start the evening" }).click();
  await expect(page).toHaveURL(/\/evenings\/(?!new)[^/]+$/);
}

const total = (exchanged: EntryRecord["exchanged"]) => cardsExchanged({ exchanged });

/** Taps the cards a seat exchanged: one total (paging past 5), or each round when the evening asks for rounds. */
async function tapCards(row: Locator, exchanged: EntryRecord["exchanged"], rounds: boolean, tap: Tap) {
  if (rounds && Array.isArray(exchanged)) {
    for (const [r, value] of exchanged.entries()) {
      if (r > 0) await tap(row.getByRole("button", { name: "+ round" }));
      await tap(
        row
          .getByRole("group", { name: `Cards, round ${r + 1}` })
          .getByRole("button", { name: String(value), exact: true }),
      );
    }
    return;
  }
  const value = total(exchanged);
  for (let page = 0; page < Math.floor(value / 6); page++) await tap(row.getByRole("button", { name: "More cards" }));
  const group = rounds
    ? row.getByRole("group", { name: "Cards, round 1" })
    : row.getByRole("group", { name: "Cards", exact: true });
  await tap(group.getByRole("button", { name: String(value), exact: true }));
}

/**
 * Fills in a new deal on the open form without saving, with the fewest taps: per playing seat its cards (when
 * any) and tricks (except one seat whose tricks follow from the others'), "Plays" only where nothing else marks
 * it, then "Others pass", then revokes. An all-pass deal is the redeal shortcut (which saves at once).
 */
export async function fillDeal(
  page: Page,
  record: GameRecord,
  deal: DealRecord,
  tap: Tap = click,
): Promise<"filled" | "saved"> {
  const { players, variant } = record;
  const knektpass = variant === "knektpass";
  const next = scoreGame(record).nextDeal!;
  const entries = deal.entries;
  const playing = players.filter((p) => entries[p]!.plays);
  if (playing.length === 0) {
    await tap(page.getByRole("button", { name: knektpass ? "All passed ↺" : "Nobody knocked ↺" }));
    return "saved";
  }
  const firstKnack = !knektpass && next.firstDeal;
  const handPlayed = knektpass ? playing.length >= 2 : firstKnack ? playing.length === 1 : playing.length >= 2;
  const rounds = knektpass && record.houseRules?.quota === "largestRound";
  const exchanging = playing.filter((p) => total(entries[p]!.exchanged) > 0);
  // The seat whose tricks the form fills in: one whose cards already mark it as playing, if there is one.
  const filled = handPlayed && !firstKnack ? (exchanging.at(-1) ?? playing.at(-1)!) : null;
  for (const p of playing) {
    const row = seat(page, p);
    const entry = entries[p]!;
    let marked = false;
    // More than five at the table: a seat opens its cards and tricks once it is marked as playing.
    if (players.length > 5) {
      await tap(row.getByRole("button", { name: new RegExp(`^${p}: `) }));
      marked = true;
    }
    if (knektpass && handPlayed && total(entry.exchanged) > 0) {
      await tapCards(row, entry.exchanged, rounds, tap);
      marked = true;
    }
    if (handPlayed && p !== filled) {
      await tap(
        row
          .getByRole("group", { name: "Tricks" })
          .getByRole("button", { name: String(entry.tricks ?? 0), exact: true }),
      );
      marked = true;
    }
    if (!marked) await tap(row.getByRole("button", { name: new RegExp(`^${p}: `) }));
  }
  if (playing.length < players.length && !firstKnack)
    await tap(page.getByRole("button", { name: knektpass ? "Others pass" : "Others: lura" }));
  for (const p of playing) if (entries[p]!.revoke) await tap(seat(page, p).getByRole("button", { name: "Revoke" }));
  return "filled";
}

/** Enters deal `number` (the record's last deal) and saves it; waits until the protokoll shows it. */
export async function enterDeal(page: Page, record: GameRecord, tap: Tap = click) {
  const number = record.deals.length;
  const before = { ...record, deals: record.deals.slice(0, -1) };
  await expect(page.getByRole("heading", { name: `Deal ${number}`, exact: true })).toBeVisible();
  if ((await fillDeal(page, before, record.deals.at(-1)!, tap)) === "filled")
    await tap(page.getByRole("button", { name: `Save deal ${number}` }));
  await expect(page.getByTestId("protokoll").first().locator(`tr[data-deal="${number}"]`)).toBeVisible();
}

/** Saves a deal where only `name` plays (or knocks): three taps. */
/** The entries of a deal `who` played alone, the others passing (what `playAlone` records). */
export function alone(who: string, players: string[]): Seats {
  return Object.fromEntries(players.map((p) => [p, { plays: p === who }]));
}

export async function playAlone(page: Page, name: string) {
  await seat(page, name)
    .getByRole("button", { name: new RegExp(`^${name}: `) })
    .click();
  await page.getByRole("button", { name: /^Others/ }).click();
  await page.getByRole("button", { name: /^Save deal/ }).click();
}

/**
 * The page loaded again with an empty form: what it keeps of a half-entered deal (until it is saved, across loads
 * of the page) dropped first — for tests that tried the form and go on with a deal of their own.
 */
export async function freshForm(page: Page) {
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
}

/** Sets every seat of the open form to play/pass by its toggle (for tests of the form itself). */
export async function setPlays(page: Page, plays: Record<string, boolean>) {
  for (const [name, wanted] of Object.entries(plays)) {
    const toggle = seat(page, name).getByRole("button", { name: new RegExp(`^${name}: `) });
    for (let i = 0; i < 2 && (await toggle.getAttribute("aria-pressed")) !== String(wanted); i++) await toggle.click();
  }
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
