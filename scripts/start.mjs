// `npm start` — zero-configuration start: applies pending migrations to the database DATABASE_URL names
// (default: SQLite in ./data/protokoll.db), builds the app when there is no build or the sources changed since
// the last one (after a `git pull`, say), then serves it on PORT (default 3000). It prints what a person needs —
// where the database is, whether it builds, the address — and the tools' own output only when a step fails.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/** Runs a step quietly; on failure shows everything it printed, so the cause is in view. */
function step(command, args) {
  const result = spawnSync(command, args, { encoding: "utf8", env: process.env });
  if (result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    console.error(`protokoll: \`${command} ${args.join(" ")}\` failed`);
    process.exit(result.status ?? 1);
  }
  return result.stdout ?? "";
}

/** What a build is made of: when any of it is newer than the build, the build is stale. */
const SOURCES = [
  "app",
  "lib",
  "public",
  "auth.ts",
  "proxy.ts",
  "instrumentation.ts",
  "next.config.mjs",
  "package-lock.json",
  "tsconfig.json",
];
const SKIP = new Set(["node_modules", ".next", "generated"]);

function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path))
    if (!SKIP.has(entry)) newest = Math.max(newest, newestChange(join(path, entry)));
  return newest;
}

function buildIsCurrent() {
  if (!existsSync(".next/BUILD_ID")) return false;
  const built = statSync(".next/BUILD_ID").mtimeMs;
  return SOURCES.every((source) => newestChange(source) <= built);
}

if (!existsSync("lib/generated/sqlite/client.ts") || !existsSync("lib/generated/postgresql/client.ts"))
  step("npm", ["run", "db:generate"]);

// For the message only: the rule of lib/db/config.ts (resolveDatabase), which this plain script cannot import.
const url = process.env.DATABASE_URL?.trim() || "file:./data/protokoll.db";
const where = /^postgres(ql)?:\/\//.test(url)
  ? `PostgreSQL at ${new URL(url).host}`
  : `SQLite at ${resolve(url.replace(/^file:/, ""))}`;
const migrated = step("npx", ["prisma", "migrate", "deploy"]);
const applied = /The following migration\(s\) have been applied/.test(migrated)
  ? "migrations applied"
  : "migrations up to date";
console.log(`protokoll: database: ${where} (${applied})`);

if (!buildIsCurrent()) {
  console.log(
    existsSync(".next/BUILD_ID")
      ? "protokoll: the sources changed since the last build; building…"
      : "protokoll: building (the first start takes a minute)…",
  );
  step("npm", ["run", "build"]);
}

// The server (scripts/server.mjs) says the address.
const port = process.env.PORT ?? "3000";
const server = spawn(process.execPath, ["scripts/server.mjs", "-p", port], {
  stdio: "inherit",
  env: process.env,
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
