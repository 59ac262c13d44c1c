// Prisma CLI configuration: the JavaScript schema engine with driver adapters, so every command runs
// offline (docs/decisions/002-prisma-6-pin.md). The provider follows DATABASE_URL (lib/db/config.ts).
import path from "node:path";
import { defineConfig } from "prisma/config";
import { resolveDatabase } from "./lib/db/config";
import { cliAdapter } from "./prisma/cli-adapter";

const database = resolveDatabase();

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: path.join("prisma", database.provider),
  migrations: { path: path.join("prisma", database.provider, "migrations") },
  adapter: async () => cliAdapter(database),
});
