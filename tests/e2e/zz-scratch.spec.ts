import { test } from "@playwright/test";
import { signUp } from "./support";
import { createEvening, playAlone } from "../support/table";

test("console", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") errors.push(`${m.type()}: ${m.text()}`); });
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page);
  await createEvening(page, { title: "C", variant: "Knektpass", players: ["Anna", "Bo", "Cecilia"], firstDealer: "Anna" });
  await playAlone(page, "Bo");
  await page.waitForTimeout(500);
  errors.length = 0;
  await page.reload();
  await page.waitForTimeout(3000);
  console.log("ERRORS:", JSON.stringify(errors, null, 1));
});
