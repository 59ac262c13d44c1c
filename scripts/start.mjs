// `npm start` — zero-configuration start: applies pending migrations to the database DATABASE_URL names
// (default: SQLite in ./data/protokoll.db), builds the app when there is no build yet, then serves it on
// PORT (default 3000). After changing the code, run `npm run build` again.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { SERVER_NODE_FLAGS } from "./server-flags.mjs";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) {
    console.error(`protokoll: \`${command} ${args.join(" ")}\` failed`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync("lib/generated/sqlite/client.ts") || !existsSync("lib/generated/postgresql/client.ts")) run("npm", ["run", "db:generate"]);
run("npx", ["prisma", "migrate", "deploy"]);
if (!existsSync(".next/BUILD_ID")) run("npm", ["run", "build"]);

const port = process.env.PORT ?? "3000";
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "node_modules/next/dist/bin/next", "start", "-p", port], { stdio: "inherit", env: process.env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill(signal));
server.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
