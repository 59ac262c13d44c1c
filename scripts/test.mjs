// `npm test` — every test: the linter and formatting check, unit and integration tests (vitest, on SQLite and
// PostgreSQL), and browser tests (Playwright in Debian's Chromium headless shell, decision 020, against production
// builds served on SQLite and, twice, on PostgreSQL), then the benches that run in seconds or have a quick mode.
// Locally a missing browser or PostgreSQL skips those tests with a message; under CI=true they are required.
//
// Lint, the unit and SQLite tests, the PostgreSQL tests (a database of their own), the production build and the
// browser tests' fresh databases do not depend on each other, so they start together, each one's output printed
// whole when it ends. The browser tests need only the build and their databases: they start as soon as those are
// ready, while the other steps may still run (decision 019).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { CHROMIUM_PATH } from "../tests/support/chromium-path.mjs";

const CI = process.env.CI === "true";
const SQLITE_BINDING = "node_modules/better-sqlite3/build/Release/better_sqlite3.node";
const POSTGRES_ADMIN_URL = process.env.TEST_POSTGRES_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

function unavailable(what, howTo) {
  if (CI) {
    console.error(`npm test: CI=true needs ${what}. ${howTo}`);
    process.exit(1);
  }
  console.warn(`npm test: skipping the tests that need ${what}. To run them: ${howTo}`);
}

async function withAdmin(work) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2_000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Runs a step; resolves to whether it passed. Its output is kept and printed in one piece when it ends, or with
 * `live`, shown as it comes (the browser tests, the long step at the end). Lint, which nothing waits for and
 * which has no timeouts, runs at a lower priority (`background`, i.e. `nice`), so the steps that hold up the
 * browser tests get the cores. (The vitest steps keep theirs: starved, their tests would hit their timeouts.)
 */
function step(name, command, args, { env = {}, background = false, live = false } = {}) {
  const started = Date.now();
  const [file, argv] = background ? ["nice", ["-n", "10", command, ...args]] : [command, args];
  if (live) process.stdout.write(`\n── ${name}: started ──\n`);
  return new Promise((resolve) => {
    const child = spawn(file, argv, {
      env: { ...process.env, FORCE_COLOR: "1", ...env },
      stdio: live ? "inherit" : "pipe",
    });
    const output = [];
    if (!live) {
      child.stdout.on("data", (chunk) => output.push(chunk));
      child.stderr.on("data", (chunk) => output.push(chunk));
    }
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`\n── ${name}: ${code === 0 ? "passed" : `FAILED (exit ${code})`} in ${seconds} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

// After `npm ci --ignore-scripts` (as .ci/run installs) the SQLite binding is not compiled yet: it is compiled
// here, on one core, beside the steps that do not load it; those that load it start once it is there.
const binding = existsSync(SQLITE_BINDING)
  ? Promise.resolve(true)
  : step("SQLite binding", "npm", ["rebuild", "better-sqlite3"]);
const afterBinding = async (start) => ((await binding) ? start() : false);

/** Fresh databases for the browser tests (SQLite, and PostgreSQL when it is there), built from the migrations. */
async function browserDatabases() {
  const scratch = mkdtempSync(join(tmpdir(), "protokoll-e2e-"));
  const env = {
    E2E_SQLITE_URL: `file:${join(scratch, "e2e.db")}`,
    E2E_AUTH_SECRET: randomBytes(32).toString("base64url"),
  };
  let drop = async () => {};
  try {
    const name = `protokoll_e2e_${randomBytes(6).toString("hex")}`;
    await withAdmin((c) => c.query(`create database ${name}`));
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    env.E2E_POSTGRES_URL = url.toString();
    drop = () => withAdmin((c) => c.query(`drop database if exists ${name} with (force)`)).catch(() => undefined);
  } catch {
    unavailable(
      "PostgreSQL",
      `start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set TEST_POSTGRES_URL.`,
    );
  }
  const migrate = (database, url) =>
    step(`${database} browser-test database`, "npx", ["prisma", "migrate", "deploy"], { env: { DATABASE_URL: url } });
  const migrated = await Promise.all([
    afterBinding(() => migrate("SQLite", env.E2E_SQLITE_URL)),
    env.E2E_POSTGRES_URL ? migrate("PostgreSQL", env.E2E_POSTGRES_URL) : true,
  ]);
  return { env, drop, ready: migrated.every(Boolean) };
}

const chromium = existsSync(CHROMIUM_PATH);
if (!chromium) {
  unavailable("Chromium's headless shell", "apt-get install -y chromium-headless-shell (or set CHROMIUM_PATH).");
}

const checks = [
  step("lint", "npm", ["run", "--silent", "lint"], { background: true }),
  afterBinding(() =>
    step("unit and SQLite tests", "npx", ["vitest", "run", "--project", "unit", "--project", "integration-sqlite"]),
  ),
  step("PostgreSQL tests", "npx", ["vitest", "run", "--project", "integration-postgresql"]),
];
let laterPassed = true;
if (chromium) {
  const [built, databases, bound] = await Promise.all([
    step("build", "npm", ["run", "build"]),
    browserDatabases(),
    binding,
  ]);
  laterPassed =
    built &&
    databases.ready &&
    bound &&
    (await step("browser tests", "npx", ["playwright", "test"], { env: databases.env, live: true }));
  await databases.drop();
  // The benches that run in seconds, or have a quick mode, run to their last lines one at a time after the browser
  // tests (they time things), so a change that breaks one fails here; their figures are a smoke run's, not judged.
  for (const bench of ["rules", "page", "odds", "history"])
    laterPassed =
      (await step(`bench:${bench} (quick)`, "npm", ["run", "--silent", `bench:${bench}`], {
        env: { BENCH_QUICK: "1" },
      })) && laterPassed;
}
const passed = (await Promise.all(checks)).every(Boolean) && laterPassed;
process.exit(passed ? 0 : 1);
