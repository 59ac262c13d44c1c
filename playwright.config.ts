/**
 * Browser tests in Debian's Chromium (Playwright's own browser download cannot work here) against the
 * production build. Run through `npm test`, which builds, prepares fresh databases and sets E2E_*.
 */
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium";

const SQLITE_PORT = 3201;
const POSTGRES_PORTS = [3202, 3203] as const;
const postgres = process.env.E2E_POSTGRES_URL;

function server(port: number, databaseUrl: string | undefined) {
  return {
    command: `node scripts/server.mjs -p ${port}`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      DATABASE_URL: databaseUrl ?? "",
      AUTH_SECRET: process.env.E2E_AUTH_SECRET ?? "e2e-secret-e2e-secret-e2e-secret-e2e",
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  // Two workers, one per core: each file runs in order in one worker, files side by side (they share no data:
  // each test signs up its own accounts).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // A trace costs about a sixth of the browser's time on every test; PLAYWRIGHT_TRACE=1 records them again.
    trace: process.env.PLAYWRIGHT_TRACE ? "retain-on-failure" : "off",
    // Pages are tested without the service worker, which precaches the whole app in every new context; the phone
    // tests (phone.ts: offline, the outbox) run with it, as a phone at the table does.
    serviceWorkers: "block",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "sqlite",
      testIgnore: /two-instances/,
      use: { ...devices["Desktop Chrome"], baseURL: `http://127.0.0.1:${SQLITE_PORT}` },
    },
    ...(postgres ? [{ name: "postgresql", testMatch: /two-instances/, use: { ...devices["Desktop Chrome"] } }] : []),
  ],
  webServer: [
    server(SQLITE_PORT, process.env.E2E_SQLITE_URL),
    ...(postgres ? POSTGRES_PORTS.map((p) => server(p, postgres)) : []),
  ],
});

export const E2E_POSTGRES_BASE_URLS = POSTGRES_PORTS.map((p) => `http://127.0.0.1:${p}`);
