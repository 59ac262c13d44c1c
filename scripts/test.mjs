// `npm test` — every test: unit, integration (SQLite and PostgreSQL) and browser tests.
import { spawnSync } from "node:child_process";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run("npx", ["vitest", "run"]);
