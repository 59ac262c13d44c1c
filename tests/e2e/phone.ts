/** A phone at the table for the browser tests: its own persistent profile, the service worker, the signal. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type { GameRecord } from "@/lib/rules";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import { signIn } from "./support";

/** A phone: a browser profile of its own (Chromium does not install apps from an incognito window), kept on disk. */
export async function openPhone(
  baseURL: string | undefined,
  profile = mkdtempSync(join(tmpdir(), "protokoll-phone-")),
) {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: "allow",
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page, profile };
}

/** No signal: the page's requests and the service worker's own fail. */
export async function noSignal(context: BrowserContext) {
  await context.setOffline(true);
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
}

export async function signal(context: BrowserContext) {
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.setOffline(false);
}

/** Waits until the service worker controls the page, so the page is kept as it is fetched. */
export async function workerInControl(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The evening's games as the server stores them (its JSON export); the evening at `url`, else the page's. */
export async function stored(page: Page, url = page.url()): Promise<GameRecord[]> {
  const id = new URL(url).pathname.split("/").pop()!;
  const response = await page.request.get(`/api/evenings/${id}/export`);
  expect(response.status()).toBe(200);
  return (await response.json()).games;
}

/** A second phone at the table, signed in as `username`, with the evening at `url` open (always online). */
export async function secondPhone(browser: Browser, username: string, url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await signIn(page, username);
  await expect(page).toHaveURL(/\/evenings$/);
  await page.goto(url);
  return page;
}
