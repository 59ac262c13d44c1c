import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = fileURLToPath(new URL(".", import.meta.url));
const integration = (provider: "sqlite" | "postgresql") => ({
  extends: true as const,
  test: {
    name: `integration-${provider}`,
    include: ["tests/integration/**/*.test.ts"],
    environment: "node",
    // One fresh database per provider, built from the migrations; files run one after another on it, in one
    // module graph (not isolated): the data layer is loaded once instead of once per file, which halves the time.
    // The files share only the database, where each test makes its own accounts and evenings.
    globalSetup: ["tests/support/database-global-setup.ts"],
    setupFiles: ["tests/support/database-setup.ts"],
    fileParallelism: false,
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    provide: { provider },
  },
});

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // Outside Next's server build the marker package would throw; the data layer is server code anyway.
      "server-only": `${root}tests/support/server-only.ts`,
    },
  },
  test: {
    projects: [
      { extends: true, test: { name: "unit", include: ["tests/unit/**/*.test.ts"], environment: "node" } },
      integration("sqlite"),
      integration("postgresql"),
    ],
  },
});
