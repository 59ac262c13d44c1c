import { readdirSync, readFileSync, statSync } from "node:fs";
import http from "node:http";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { expectAccessible, PASSWORD, screenshots, signIn, signUp, threeSeated } from "./support";
import { createEvening, playAlone } from "../support/table";

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

test("pages carry a nonce-based Content-Security-Policy and the other security headers, and run without violations", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(message.text()))
      violations.push(message.text());
  });
  const response = await page.goto("/");
  const headers = response!.headers();
  const csp = headers["content-security-policy"]!;
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  // A different nonce on every request.
  const again = (await page.request.get("/")).headers()["content-security-policy"];
  expect(again).not.toBe(csp);

  await threeSeated(page, "CSP");
  await playAlone(page, "Bo");
  await expect(page.locator('tr[data-deal="1"]')).toBeVisible();
  expect(violations).toEqual([]);
});

test("the session cookie is HttpOnly and SameSite, and holds no password", async ({ page, context }) => {
  await signUp(page);
  const session = (await context.cookies()).find((c) => c.name.endsWith("authjs.session-token"));
  expect(session).toBeDefined();
  expect(session!.httpOnly).toBe(true);
  expect(session!.sameSite).toBe("Lax");
  expect(session!.value).not.toContain("correct horse");
});

test("Sign out ends the session on the server: a copy of its cookie taken before is refused afterwards", async ({
  page,
  context,
  browser,
}) => {
  await signUp(page);
  const copied = await context.cookies();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  // Another browser holding the cookie as it was before Sign out.
  const thief = await browser.newContext();
  await thief.addCookies(copied);
  const exported = await thief.request.get("/api/export");
  expect(exported.status()).toBe(401);
  const evenings = await thief.request.get("/evenings", { maxRedirects: 0 });
  expect(evenings.status()).toBe(307);
  expect(evenings.headers()["location"]).toContain("/sign-in");
  await thief.close();
});

test("changing the password signs the account out on the other phone, keeps this one, and refuses a wrong current password", async ({
  page,
  browser,
}) => {
  const username = await signUp(page);
  // The same account on a second phone, signed in with its own session.
  const other = await browser.newContext();
  const phone = await other.newPage();
  await signIn(phone, username);
  await expect(phone).toHaveURL(/\/evenings$/);
  expect((await other.request.get("/api/export")).status()).toBe(200);

  // On a phone the account is a figure in the header, named for the account.
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: "test-results/screenshots/header-360.png" });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole("link", { name: username }).click();
  await expect(page.getByRole("heading", { name: "Your account" })).toBeVisible();
  await expectAccessible(page);
  const form = page.getByTestId("change-password");
  await form.getByLabel("Current password").fill("not my password");
  await form.getByLabel("New password").fill("a brand new password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByText("That is not your current password.")).toBeVisible();
  expect((await other.request.get("/api/export")).status()).toBe(200);

  await form.getByLabel("Current password").fill(PASSWORD);
  await form.getByLabel("New password").fill("a brand new password");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(form.getByRole("status")).toHaveText("Password changed. Signed out on 1 other phones and browsers.");
  await screenshots(page, "account");
  // The other phone's session is over on the server; this one carries on.
  expect((await other.request.get("/api/export")).status()).toBe(401);
  expect((await page.request.get("/api/export")).status()).toBe(200);
  await other.close();

  // The new password signs in; the old one no longer does.
  const fresh = await browser.newContext();
  const again = await fresh.newPage();
  await signIn(again, username);
  await expect(again.getByText("Wrong username or password.")).toBeVisible();
  await signIn(again, username, "a brand new password");
  await expect(again).toHaveURL(/\/evenings$/);
  await fresh.close();
});

test("state-changing route handlers refuse cross-site and non-JSON requests", async ({ page }) => {
  await signUp(page);
  await createEvening(page, { title: "CSRF", variant: "Knektpass", players: ["Anna", "Bo"], firstDealer: "Anna" });
  const body = { number: 1, entries: { Anna: { plays: true }, Bo: { plays: false } } };
  const crossSite = await page.request.post("/api/games/any/deals", {
    data: body,
    headers: { Origin: "https://evil.example" },
  });
  expect(crossSite.status()).toBe(403);
  expect(await crossSite.json()).toEqual({
    error: { code: "forbidden", key: "errors.crossSite", message: "Cross-site requests are not allowed." },
  });
  // A server action posted from another site is refused before it runs.
  const action = await page.request.post("/evenings/new", {
    headers: {
      "Next-Action": "7f00000000000000000000000000000000000000",
      Origin: "https://evil.example",
      "Content-Type": "text/plain;charset=UTF-8",
    },
    data: "[]",
  });
  expect(action.status()).toBe(403);
  const form = await page.request.post("/api/games/any/deals", { form: { number: "1" } });
  expect(form.status()).toBe(400);
  expect((await form.json()).error.code).toBe("validation");
});

test("the paths the Node server answers before Next carry the same headers, errors and limits", async ({ page }) => {
  const security = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
    "permissions-policy": "camera=(), microphone=(), geolocation=()",
  };
  // Recording a deal without signing in, refused in the language the browser prefers.
  const refused = await page.request.post("/api/games/any/deals", {
    data: { number: 1, entries: {} },
    headers: { "Accept-Language": "sv-SE,sv;q=0.9" },
  });
  expect(refused.status()).toBe(401);
  expect(refused.headers()).toMatchObject({ ...security, "cache-control": "no-store" });
  const swedish = (await refused.json()).error;
  const english = (await (await page.request.post("/api/games/any/deals", { data: { number: 1, entries: {} } })).json())
    .error;
  expect([swedish.code, english.code]).toEqual(["unauthenticated", "unauthenticated"]);
  expect(swedish.message).not.toBe(english.message);
  // A body past the limit, in characters of three bytes each, is refused as too large rather than read whole.
  const large = await page.request.post("/api/games/any/deals", {
    headers: { "Content-Type": "application/json" },
    data: JSON.stringify({ padding: "€".repeat(70_000) }),
  });
  expect(large.status()).toBe(400);
  expect((await large.json()).error.message).toMatch(/64/);
  // The share link's event stream: an unknown link is a 404 with the same headers.
  const stream = await page.request.get("/api/share/no-such-link-0000000000000000/events");
  expect(stream.status()).toBe(404);
  expect(stream.headers()).toMatchObject(security);
  expect((await stream.json()).error.code).toBe("not_found");
});

test("no secret reaches the files sent to browsers", async () => {
  const secret = process.env.E2E_AUTH_SECRET!;
  expect(secret.length).toBeGreaterThan(20);
  const forbidden = [
    secret,
    "passwordHash",
    "DATABASE_URL",
    "AUTH_SECRET",
    process.env.E2E_SQLITE_URL!,
    ...(process.env.E2E_POSTGRES_URL ? [process.env.E2E_POSTGRES_URL] : []),
  ];
  const client = files(".next/static").filter((f) => /\.(js|css|json|html|map)$/.test(f));
  expect(client.length).toBeGreaterThan(5);
  for (const file of client) {
    const text = readFileSync(file, "utf8");
    for (const needle of forbidden) expect(text.includes(needle), `${needle} in ${file}`).toBe(false);
  }
});

test("route handlers answer hostile requests with a clear 4xx, never a 5xx", async ({ page }) => {
  const fc = (await import("fast-check")).default;
  await signUp(page);
  await createEvening(page, { title: "Fuzz", variant: "Knektpass", players: ["Anna", "Bo"], firstDealer: "Anna" });
  let tried = 0;
  const segment = fc.oneof(
    fc.string({ maxLength: 80 }),
    fc.constantFrom("..", "%00", "%2e%2e", "a".repeat(500), "<script>"),
  );
  await fc.assert(
    fc.asyncProperty(segment, segment, fc.anything({ maxDepth: 3 }), async (id, number, body) => {
      const path = encodeURIComponent(id) || "x";
      const responses = await Promise.all([
        page.request.get(`/api/games/${path}/deals`),
        page.request.put(`/api/games/${path}/deals/${encodeURIComponent(number) || "1"}`, {
          data: JSON.stringify(body),
          headers: { "Content-Type": "application/json" },
        }),
        page.request.post(`/api/games/${path}/deals`, {
          data: JSON.stringify(body),
          headers: { "Content-Type": "application/json" },
        }),
        page.request.post(`/api/evenings/${path}/games`, {
          data: JSON.stringify(body),
          headers: { "Content-Type": "application/json" },
        }),
        page.request.get(`/api/share/${path}`),
        page.request.get(`/api/evenings/${path}/export`),
        page.request.get(`/api/evenings/${path}/version`),
      ]);
      tried += responses.length;
      for (const response of responses) {
        expect(response.status(), `${response.url()} → ${response.status()}`).toBeLessThan(500);
        // Our handlers answer with the one error shape; a path Next does not route to gets its 404 page, and a
        // path that normalises onto another route ("…/deals/." is "…/deals/") that route's 405.
        if (!response.headers()["content-type"]?.includes("json")) expect([404, 405]).toContain(response.status());
        else if (!response.ok())
          expect((await response.json()).error?.code, `${response.url()} ${await response.text()}`).toMatch(
            /^[a-z_]+$/,
          );
      }
    }),
    { numRuns: 40 },
  );
  console.log(`route handlers: ${tried} hostile requests, no 5xx`);
});

test("an ended session's cookie gets nothing from /api/auth/session: no name, no id, no fresh cookie", async ({
  page,
  playwright,
  baseURL,
}) => {
  await signUp(page);
  const cookie = (await page.context().cookies()).find((c) => c.name === "authjs.session-token")!;
  const live = await page.request.get("/api/auth/session");
  expect((await live.json()).user.id).toEqual(expect.any(String));
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("link", { name: "Sign in" }).first()).toBeVisible();
  // The old cookie, kept by someone, sent again.
  const other = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { Cookie: `${cookie.name}=${cookie.value}` },
  });
  const answer = await other.get("/api/auth/session");
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toBeNull();
  const setCookies = answer.headersArray().filter((h) => h.name.toLowerCase() === "set-cookie");
  for (const set of setCookies.filter((h) => h.value.startsWith("authjs.session-token=")))
    expect(set.value).toMatch(/^authjs\.session-token=;|Max-Age=0|Expires=Thu, 01 Jan 1970/i);
  await other.dispose();
});

test("Auth.js's error page is not a 500: any error sends the browser to the sign-in page", async ({ page }) => {
  for (const error of ["Configuration", "AccessDenied", "%0d%0aX-Evil:%201", "x".repeat(3000)]) {
    const answer = await page.request.get(`/api/auth/error?error=${error}`, { maxRedirects: 0 });
    expect(answer.status(), error.slice(0, 40)).toBe(303);
    expect(answer.headers().location).toBe("/sign-in");
  }
});

test("Auth.js's own routes send the browser on to the site it opened, not to the server's own name", async ({
  baseURL,
}) => {
  const url = new URL(baseURL!);
  /** A request as a browser on `host` sends it: where the answer sends the browser on. */
  const locationFor = (method: string, path: string, host: string, body?: string) =>
    new Promise<string>((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path,
          headers: {
            host,
            ...(body ? { "content-type": "application/x-www-form-urlencoded", "content-length": body.length } : {}),
          },
        },
        (res) => {
          res.resume();
          resolve(String(res.headers.location ?? ""));
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  const host = `protokoll.example:${url.port}`;
  // A sign-in through Auth.js's callback (here refused: no form token), and its sign-in page.
  const refused = await locationFor("POST", "/api/auth/callback/credentials", host, "username=anna&password=x");
  expect(new URL(refused).host).toBe(host);
  // On a loopback address too (Next writes 127.0.0.1 as localhost, where the session cookie is not sent).
  const loopback = `127.0.0.1:${url.port}`;
  expect(new URL(await locationFor("POST", "/api/auth/callback/credentials", loopback, "x=1")).host).toBe(loopback);
  const signInPage = await locationFor("GET", "/api/auth/signin", host);
  expect(decodeURIComponent(signInPage)).toContain(`http://${host}`);
  expect(signInPage).not.toContain("localhost");
});
