import { expect, test } from "@playwright/test";
import { signUp } from "./support";

test("a wrong evening id, a wrong address and a wrong share link get a clear page in the app's look, in both languages", async ({
  page,
}) => {
  await signUp(page);
  const response = await page.goto("/evenings/cmnotanevening000000000000");
  expect(response!.status()).toBe(404);
  await expect(page.getByTestId("not-found").getByRole("heading", { level: 1 })).toHaveText("Not found");
  await expect(page.locator(".site-header")).toBeVisible();
  await page.getByRole("link", { name: "Your evenings" }).click();
  await expect(page).toHaveURL(/\/evenings$/);

  expect((await page.goto("/no/such/page"))!.status()).toBe(404);
  await expect(page.getByTestId("not-found")).toContainText("There is nothing at this address");
  await page.getByRole("button", { name: "SV", exact: true }).click();
  await expect(page.getByTestId("not-found").getByRole("heading", { level: 1 })).toHaveText("Hittades inte");
  await page.goto("/evenings/'; drop table");
  await expect(page.getByTestId("not-found")).toContainText("Det finns inget på den här adressen");

  await page.goto("/s/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
  await expect(page.getByRole("alert").filter({ hasText: "Länken fungerar inte längre." })).toHaveText(
    "Länken fungerar inte längre. Be bordet om den nya.",
  );
  await page.goto("/s/short");
  await expect(page.getByRole("alert").filter({ hasText: "Länken fungerar inte längre." })).toHaveText(
    "Länken fungerar inte längre. Be bordet om den nya.",
  );
  // Route handlers answer in the asker's language too.
  const refused = await page.request.post("/api/games/any/deals", {
    data: "x",
    headers: { "content-type": "text/plain" },
  });
  expect(await refused.json()).toEqual({
    error: { code: "validation", key: "errors.sendJson", message: "Skicka JSON (Content-Type: application/json)." },
  });
  await page.getByRole("button", { name: "EN", exact: true }).click();
});
