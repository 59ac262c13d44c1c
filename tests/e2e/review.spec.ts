import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { expectAccessible, screenshots, signUp, threeSeated } from "./support";
import { buildActions } from "../support/hostile-requests";
import { playAlone } from "../support/table";

test("review a finished evening, export CSV and JSON, import it into another account; a corrupted file changes nothing", async ({
  page,
}, testInfo) => {
  await threeSeated(page, "Granskning");
  for (const who of ["Anna", "Bo", "Anna", "Cecilia", "Anna"]) {
    const count = await page.locator("tr[data-deal]").count();
    await playAlone(page, who);
    await expect(page.locator("tr[data-deal]")).toHaveCount(count + 1);
  }
  await expect(page.getByTestId("winners")).toContainText("Anna wins!");
  await page.getByRole("button", { name: "End the evening" }).click();
  await expect(page.getByText("This evening has ended.")).toBeVisible();
  // The chart is drawn as it comes into view.
  await page.getByTestId("score-chart").scrollIntoViewIfNeeded();
  await expect(page.getByTestId("score-chart").locator("canvas")).toBeVisible();
  await screenshots(page, "review");
  const original = await page.getByTestId("protokoll").first().innerText();

  const [csv] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const csvText = readFileSync(await csv.path(), "utf8")
    .trim()
    .split("\r\n");
  expect(csvText[0]).toBe(
    "evening,date,game,deal,dealer,player,seat,plays,exchanged,tricks,revoke,void,limpa,change,score",
  );
  expect(csvText).toHaveLength(1 + 5 * 3);
  expect(csvText.at(-3)).toMatch(/^Granskning,\d{4}-\d{2}-\d{2},1,5,Bo,Anna,1,true,,,false,false,false,-2,0$/);

  const [json] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export JSON" }).click(),
  ]);
  const exported = JSON.parse(readFileSync(await json.path(), "utf8"));
  expect(exported).toMatchObject({ format: "protokoll.evening", title: "Granskning", ended: true });
  const file = testInfo.outputPath("granskning.json");
  writeFileSync(file, JSON.stringify(exported));

  // Another account imports it and gets the same evening.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await signUp(page);
  await page.goto("/evenings");
  await page.getByRole("link", { name: "Back up and import" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Back up and import");
  const backup = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Back up all (JSON)" }).click(),
  ]).then(([d]) => d.path().then((path) => JSON.parse(readFileSync(path, "utf8"))));
  expect(backup).toMatchObject({ format: "protokoll.backup", part: 1, parts: 1, evenings: [] });
  await expectAccessible(page);
  await screenshots(page, "backup-import");
  await page.getByLabel("File (JSON)").setInputFiles(file);
  await expect(page.getByTestId("import-preview")).toContainText("Granskning");
  await expect(page.getByTestId("import-preview")).toContainText("Anna — new");
  await page.getByRole("button", { name: "Import 1 evenings" }).click();
  await expect(page.getByTestId("import-done")).toHaveText("Imported 1 evenings; 0 were already there.");
  await page.goto("/evenings");
  await page.getByRole("heading", { name: "Granskning" }).click();
  await expect(page.getByTestId("protokoll").first()).toBeVisible();
  expect(await page.getByTestId("protokoll").first().innerText()).toBe(original);

  // The same file again adds nothing; a corrupted one is refused with a readable list.
  await page.goto("/import");
  await page.getByLabel("File (JSON)").setInputFiles(file);
  await expect(page.getByTestId("import-preview")).toContainText("already imported, skipped");
  await expect(page.getByRole("button", { name: "Import 0 evenings" })).toBeDisabled();
  const corrupted = structuredClone(exported);
  corrupted.games[0].deals[1].entries.Bo.tricks = 9;
  corrupted.games[0].players[2] = "";
  const bad = testInfo.outputPath("corrupted.json");
  writeFileSync(bad, JSON.stringify(corrupted));
  await page.getByLabel("File (JSON)").setInputFiles(bad);
  await expect(page.getByTestId("import-problems")).toContainText("The file was not imported:");
  await expect(page.getByTestId("import-problems")).toContainText("players must be a list of names");
  await screenshots(page, "import-refused");
  await page.goto("/evenings");
  await expect(page.locator(".evening-list > li")).toHaveCount(1);
});

test("the protokoll prints on A4 without buttons or forms", async ({ page }) => {
  await threeSeated(page, "Utskrift");
  await playAlone(page, "Anna");
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { name: "Deal 2", exact: true })).toBeHidden();
  await expect(page.getByRole("button", { name: /^Undo deal \d+$/ })).toBeHidden();
  await expect(page.locator(".site-header")).toBeHidden();
  await expect(page.getByTestId("protokoll").first()).toBeVisible();
  const pdf = await page.pdf({ format: "A4", printBackground: true });
  expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
  await page.screenshot({ path: "test-results/screenshots/print-preview.png", fullPage: true });
});

test("while another import of the account is running, the import page says to try again shortly and imports nothing", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signUp(page);
  const cookieOf = async (p: typeof page) =>
    (await p.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const mine = await cookieOf(page);
  const importAction = buildActions().find((a) => a.name === "importAction")!;
  const url = new URL(baseURL!);
  const importing = (bytes: number, language = "en", cookie = mine) =>
    http.request({
      host: url.hostname,
      port: url.port,
      method: "POST",
      path: "/import",
      headers: {
        cookie,
        origin: baseURL!,
        "accept-language": language,
        "next-action": importAction.id,
        "content-type": "multipart/form-data; boundary=zz",
        "content-length": bytes,
      },
    });
  // An import of this account whose file is still on its way (a slow upload): it holds the account's slot.
  const running = importing(1_000_000);
  running.on("error", () => undefined);
  running.write("--zz\r\n");
  /** Another import of the account, sent raw: its status, Retry-After and words. */
  const probe = (language: string, cookie = mine) =>
    new Promise<{ status: number; retryAfter: string | undefined; text: string }>((resolve, reject) => {
      const req = importing(0, language, cookie);
      req.on("response", (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString("utf8")));
        res.on("end", () => resolve({ status: res.statusCode!, retryAfter: res.headers["retry-after"], text }));
      });
      req.on("error", reject);
      req.end();
    });
  await expect.poll(async () => (await probe("en")).status).toBe(429);
  const english = await probe("en");
  expect(english).toMatchObject({ status: 429, retryAfter: "5" });
  expect(english.text).toContain("try again in 5 seconds");
  expect((await probe("sv")).text).toContain("försök igen om 5 sekunder");
  // The slow upload holds only its own account's slot: another account's import is read as usual (an empty
  // body: refused as not what the page sends, not as busy).
  const other = await browser.newPage();
  await signUp(other);
  expect((await probe("en", await cookieOf(other))).status).toBe(400);
  await other.close();

  const file = testInfo.outputPath("one-evening.json");
  writeFileSync(
    file,
    JSON.stringify({
      format: "protokoll.backup",
      version: 1,
      evenings: [
        {
          title: "Medan en annan import pågår",
          date: "2026-12-07",
          variant: "knektpass",
          houseRules: {},
          games: [{ variant: "knektpass", players: ["Anna", "Bo", "Cecilia"], firstDealer: "Anna", deals: [] }],
        },
      ],
    }),
  );
  await page.goto("/import");
  await page.getByLabel("File (JSON)").setInputFiles(file);
  await expect(page.getByTestId("import-problems")).toContainText("Another import is running");
  await expect(page.getByTestId("import-problems")).toContainText("try again in 5 seconds");
  await screenshots(page, "import-busy");

  // The other import goes away: the file is read and imported as usual, once.
  running.destroy();
  await expect.poll(async () => (await probe("en")).status).not.toBe(429);
  await page.getByLabel("File (JSON)").setInputFiles([]);
  await page.getByLabel("File (JSON)").setInputFiles(file);
  await page.getByRole("button", { name: "Import 1 evenings" }).click();
  await expect(page.getByTestId("import-done")).toHaveText("Imported 1 evenings; 0 were already there.");
  await page.goto("/evenings");
  await expect(page.locator(".evening-list > li")).toHaveCount(1);
});
