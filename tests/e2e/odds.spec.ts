import { expect, test, type Page } from "@playwright/test";
import { signUp } from "./support";
import { createEvening, playAlone } from "../support/table";

const players = ["Anna", "Bo", "Cecilia"];

/** The chances TV mode shows, per player, in whole percent. */
async function chances(tv: Page): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const p of players) out[p] = Number((await tv.getByTestId(`chance-${p}`).innerText()).replace(/\D/g, ""));
  return out;
}
const sum = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);

test("TV mode shows each player's chance after every deal, adding up to 100 %; the owner's switch hides them", async ({
  browser,
}) => {
  const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signUp(phone);
  await createEvening(phone, { title: "Oddsen", variant: "Knektpass", players, firstDealer: "Anna" });
  await phone.getByText("Share the live scoreboard").click();
  const share = await phone.getByTestId("share-url").inputValue();
  const tv = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
  await tv.goto(`${new URL(share).pathname}?tv=1`);

  // Before the first deal: everyone's chance, together 100 %.
  await expect(tv.getByTestId("chance-Anna")).toBeVisible({ timeout: 15_000 });
  expect(sum(await chances(tv))).toBe(100);

  // Cecilia plays alone twice (12 → 7 → 2): after each deal the odds follow, and she is the favourite.
  await playAlone(phone, "Cecilia");
  await expect(tv.getByTestId("standing-Cecilia")).toHaveText("7");
  await playAlone(phone, "Cecilia");
  await expect(tv.getByTestId("standing-Cecilia")).toHaveText("2");
  // The TV, opened before the first deal, shows the deals as they come.
  await expect(tv.locator('tr[data-deal="2"]')).toBeVisible();
  await expect
    .poll(
      async () => {
        const c = await chances(tv);
        return sum(c) === 100 && c.Cecilia! > c.Anna! + c.Bo!;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  await tv.screenshot({ path: "test-results/screenshots/tv-odds-720p.png" });
  // Cecilia's row carries "closest to 0" beside the chance and the score: no name is cut for it, on 720p and 1080p.
  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 1920, height: 1080 },
  ]) {
    await tv.setViewportSize(viewport);
    const cut = await tv
      .getByTestId("standings")
      .locator(".name")
      .evaluateAll((names) => names.filter((n) => n.scrollWidth > n.clientWidth).map((n) => n.textContent));
    expect(cut, `${viewport.width}×${viewport.height}`).toEqual([]);
  }

  // The owner switches the odds off: TV shows none, and the share page neither.
  await phone.getByTestId("show-odds").uncheck();
  await expect(tv.getByTestId("chance-Cecilia")).toHaveCount(0, { timeout: 10_000 });
  await playAlone(phone, "Anna");
  await expect(tv.getByTestId("standing-Anna")).toHaveText("7");
  await expect(tv.getByTestId("chance-Anna")).toHaveCount(0);
});
