import { randomBytes } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import { createEvening } from "../support/table";

export const PASSWORD = "correct horse battery";

/** The three at the table of the browser tests' short evenings; Anna deals first. */
export const THREE = ["Anna", "Bo", "Cecilia"];

/** A new account on a phone (390×844) with a Knektpass evening of THREE just started. */
export async function threeAtTheTable(page: Page, title: string): Promise<string> {
  await page.setViewportSize({ width: 390, height: 844 });
  return threeSeated(page, title);
}

/** A new account's Knektpass evening `title` for Anna, Bo and Cecilia, Anna dealing first: its username. */
export async function threeSeated(page: Page, title: string): Promise<string> {
  const username = await signUp(page);
  await createEvening(page, { title, variant: "Knektpass", players: THREE, firstDealer: "Anna" });
  return username;
}

/** The path of the game's deals route (/api/games/{id}/deals), read off the deal `record` sends. */
export async function dealsRouteOf(page: Page, record: () => Promise<void>): Promise<string> {
  const posted = page.waitForRequest((r) => r.method() === "POST" && /\/api\/games\/[^/]+\/deals$/.test(r.url()));
  await record();
  return new URL((await posted).url()).pathname;
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(3).toString("hex")}`;
}

export async function signUp(page: Page, username = uniqueName("player")): Promise<string> {
  await page.goto("/sign-up");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/evenings$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(username);
  return username;
}

export async function signIn(page: Page, username: string, password = PASSWORD): Promise<void> {
  await page.goto("/sign-in");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/** Saves the page at a 390 px phone width and at desktop width, as test artifacts to look at. */
export async function screenshots(page: Page, name: string): Promise<void> {
  const original = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `test-results/screenshots/${name}-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `test-results/screenshots/${name}-desktop.png`, fullPage: true });
  if (original) await page.setViewportSize(original);
}

/** No serious or critical accessibility violations on the page as it is. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join("; ")})`)).toEqual([]);
}

/** Nothing on the page is wider than the screen: the page does not scroll sideways and no table is cut. */
export async function expectFits(page: Page): Promise<void> {
  const overflowing = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const out: string[] = [];
    if (document.documentElement.scrollWidth > width)
      out.push(`page ${document.documentElement.scrollWidth} > ${width}`);
    for (const table of document.querySelectorAll("table")) {
      const box = table.parentElement!.getBoundingClientRect();
      if (table.scrollWidth > Math.ceil(box.width) + 0.5)
        out.push(
          `${table.dataset.testid ?? table.className} ${table.scrollWidth} > ${Math.round(box.width)} (columns ${[
            ...table.querySelectorAll("thead th"),
          ]
            .map(
              (th) =>
                `${th.textContent} ${Math.round(th.getBoundingClientRect().width)} ${getComputedStyle(th).paddingLeft}`,
            )
            .join(", ")})`,
        );
    }
    return out;
  });
  expect(overflowing).toEqual([]);
}
