import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, expect, test } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/chromium";
import { signUp } from "./support";
import { createEvening, playAlone } from "./table";

test("installable, and an evening opened once opens again without a signal", async ({ baseURL }) => {
  // A browser profile of its own, as a phone has: Chromium does not offer to install from an incognito window.
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "protokoll-phone-")), {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 390, height: 844 },
    serviceWorkers: "allow",
  });
  const page = context.pages()[0] ?? (await context.newPage());
  await signUp(page);
  await createEvening(page, {
    title: "I stugan",
    variant: "Knektpass",
    players: ["Anna", "Bo", "Cecilia"],
    firstDealer: "Anna",
  });
  await playAlone(page, "Bo");
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  // The service worker takes the page over; the page is then kept as it is fetched.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ short_name: "Protokoll", display: "standalone", start_url: "/evenings" });
  expect(manifest.icons.map((i: { purpose: string; sizes: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);

  // No signal: the page and the worker's own requests fail.
  await context.setOffline(true);
  await context.route("**/*", (route) => route.abort("internetdisconnected"));
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("I stugan");
  await expect(page.getByTestId("protokoll").first().getByTestId("score-Bo")).toHaveText("7");
  // A page never opened here says so, instead of the browser's error page.
  await page.goto("/players");
  await expect(page.getByTestId("offline-page")).toBeVisible();
  await context.close();
});
