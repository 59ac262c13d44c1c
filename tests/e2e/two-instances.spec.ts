import { expect, test } from "@playwright/test";
import { E2E_POSTGRES_BASE_URLS } from "../../playwright.config";
import { PASSWORD, uniqueName } from "./support";

const [A, B] = E2E_POSTGRES_BASE_URLS as [string, string];

test("two app instances on one PostgreSQL share accounts and evenings", async ({ browser, request }) => {
  for (const base of [A, B]) {
    const health = await request.get(`${base}/api/health`);
    expect(await health.json()).toEqual({ ok: true, db: "postgresql" });
  }
  const username = uniqueName("pg");
  const phoneA = await browser.newPage({ baseURL: A });
  await phoneA.goto("/sign-up");
  await phoneA.getByLabel("Username").fill(username);
  await phoneA.getByLabel("Password").fill(PASSWORD);
  await phoneA.getByRole("button", { name: "Create account" }).click();
  await expect(phoneA).toHaveURL(/\/evenings$/);

  const phoneB = await browser.newPage({ baseURL: B });
  await phoneB.goto("/sign-in");
  await phoneB.getByLabel("Username").fill(username);
  await phoneB.getByLabel("Password").fill(PASSWORD);
  await phoneB.getByRole("button", { name: "Sign in" }).click();
  await expect(phoneB).toHaveURL(/\/evenings$/);
  await phoneB.goto("/evenings/new");
  await phoneB.getByLabel("Title").fill("Kväll på två servrar");
  for (const [i, name] of ["Anna", "Bo", "Cecilia", "Dag"].entries()) {
    if (i >= 3) await phoneB.getByRole("button", { name: "Add player" }).click();
    await phoneB.getByLabel(`Player ${i + 1}`).fill(name);
  }
  await phoneB.getByRole("button", { name: "Start the evening" }).click();
  await expect(phoneB).toHaveURL(/\/evenings\/(?!new)[^/]+$/);
  const path = new URL(phoneB.url()).pathname;

  await phoneA.goto(path);
  await expect(phoneA.getByRole("heading", { level: 1 })).toHaveText("Kväll på två servrar");
  await expect(phoneA.getByTestId("protokoll").getByRole("columnheader")).toHaveText(["Deal", "Anna", "Bo", "Cecilia", "Dag"]);
});
