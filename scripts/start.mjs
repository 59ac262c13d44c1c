// `npm start` — builds the app when there is no build yet, then serves it (PORT, default 3000).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

function run(command, args) {
  const result = spawnSync(command, args, { stdio: "inherit", env: process.env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (!existsSync(".next/BUILD_ID")) run("npm", ["run", "build"]);
run(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", process.env.PORT ?? "3000"]);
