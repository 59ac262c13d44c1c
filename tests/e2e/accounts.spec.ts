import { expect, test } from "@playwright/test";
import { expectAccessible, PASSWORD, screenshots, signIn, signUp, threeSeated } from "./support";
import { seat } from "../support/table";

test("a signed-out visitor gets a page that says what Protokoll is and how to start", async ({ page }) => {
  const response = await page.goto("/");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The chalk slate, on your phones");
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/sign-up");
  await expectAccessible(page);
  await screenshots(page, "home");
});

test("sign up, sign out, and sign in again", async ({ page }) => {
  const username = await signUp(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await expect(page.getByTestId("signed-in-as")).toHaveCount(0);
  await signIn(page, username);
  await expect(page).toHaveURL(/\/evenings$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(username);
});

test("a wrong password is refused with a clear message", async ({ page }) => {
  const username = await signUp(page);
  await page.getByRole("button", { name: "Sign out" }).click();
  // Signed out (the sign-out's own way back home done) before the next page is asked for.
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await signIn(page, username, "not the password");
  await expect(page.getByRole("alert").filter({ hasText: "Wrong username or password." })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  await expectAccessible(page);
  await screenshots(page, "sign-in-error");
});

test("sign-up explains what is wrong with the input", async ({ page }) => {
  await page.goto("/sign-up");
  await page.getByLabel("Username").fill("ab");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("3–32 letters, digits, dots, dashes or underscores")).toBeVisible();
  await expect(page.getByText("at least 8 characters")).toBeVisible();
});

test("the language switch turns the page Swedish and is remembered", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "SV", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Griffeltavlan, i telefonerna");
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "sv");
  await page.getByRole("button", { name: "EN", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("The chalk slate, on your phones");
});

test("pages for signed-in users send visitors to sign in and back", async ({ page }) => {
  await page.goto("/evenings/new");
  await expect(page).toHaveURL(/\/sign-in\?next=%2Fevenings%2Fnew/);
});

test("a next place that leaves the site is not followed after sign-in or sign-up: the browser stays on the site", async ({
  browser,
}) => {
  for (const next of ["%2F%5Cevil.example", "%2F%09%2Fevil.example", "%2F%2Fevil.example", "%2F%0D%0AX%3A1"]) {
    const page = await browser.newPage();
    // Requests that would leave the site are stopped and counted.
    const away: string[] = [];
    await page.route(
      (url) => url.hostname.endsWith("evil.example"),
      (route) => {
        away.push(route.request().url());
        return route.abort();
      },
    );
    const username = await signUp(page);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
    await page.goto(`/sign-in?next=${next}`);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/evenings$/);
    expect(away).toEqual([]);
    await page.close();
  }
});

test("sign out forgets the half-entered deal: the next person at the phone starts with an empty form", async ({
  page,
}) => {
  const username = await threeSeated(page, "Glömsk");
  const evening = page.url();
  const anna = seat(page, "Anna").getByRole("button", { name: /^Anna: / });
  await anna.click();
  await expect(anna).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  await signIn(page, username);
  await expect(page).toHaveURL(/\/evenings$/);
  await page.goto(evening);
  await expect(seat(page, "Anna").getByRole("button", { name: /^Anna: / })).not.toHaveAttribute("aria-pressed", "true");
});
