import { chromium } from "playwright-core";
import { prepareDatabase, startServer } from "../support/server";
const env = prepareDatabase();
const server = await startServer(env, 3295);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
const base = server.base;
try {
  await page.goto(`${base}/sign-up`);
  await page.getByLabel("Username").fill("looker");
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await page.waitForURL(/\/evenings$/);
  for (const [variant, players] of [["Knektpass", ["Anna", "Bo", "Cecilia", "Dag", "Erik"]], ["Norrlands-Knack", ["Anna", "Bo", "Cecilia", "Dag", "Erik"]], ["Knektpass", ["Anna", "Bo", "Cecilia", "Dag", "Erik", "Fia", "Gustav", "Hanna", "Ivar", "Jonna"]]] as const) {
    await page.goto(`${base}/evenings/new`);
    await page.getByLabel("Title").fill(`Look ${variant} ${players.length}`);
    await page.getByLabel(new RegExp(variant)).check();
    for (const [i, name] of players.entries()) {
      if (i >= 3) await page.getByRole("button", { name: "Add player" }).click();
      await page.getByLabel(`Player ${i + 1}`).fill(name);
    }
    await page.getByRole("button", { name: "Start the evening" }).click();
    await page.waitForURL(/\/evenings\/(?!new)[^/]+$/);
    await page.screenshot({ path: `/tmp/shots/${variant}-${players.length}.png` });
  }
} finally {
  await browser.close();
  server.stop();
}
