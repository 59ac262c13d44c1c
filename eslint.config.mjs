// ESLint (flat config): Next's core-web-vitals rules and typescript-eslint; formatting is Prettier's
// (`npm run lint` checks both). Generated code and build output are not linted.
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypeScript from "eslint-config-next/typescript";
import prettier from "eslint-config-prettier/flat";
import { defineConfig, globalIgnores } from "eslint/config";

/**
 * Forbids, in `files`, imports of the folders `lib` names under lib/ (by the `@/` alias or a relative path) and
 * of anything matching the regular expressions `other`.
 */
function boundary(files, message, lib, other = []) {
  const folders = lib.length ? [`^(@/lib/|(\\.\\./)+(lib/)?)(${lib.join("|")})(/|$)`] : [];
  return {
    files,
    rules: {
      "no-restricted-imports": ["error", { patterns: [...folders, ...other].map((regex) => ({ regex, message })) }],
    },
  };
}

export default defineConfig([
  ...nextVitals,
  ...nextTypeScript,
  prettier,
  {
    // Functions stay small enough to read in one go (decision 010): a longer one is split where its parts are.
    files: ["app/**", "lib/**"],
    rules: { "max-lines-per-function": ["error", { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // No circles between files (nor, through them, between folders): each module can be read knowing only what
    // it imports.
    files: ["app/**", "lib/**", "auth.ts", "proxy.ts"],
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  // The layering (README "Layout"): each folder imports only what lies below it. Relative paths that climb into
  // a forbidden folder are caught as well as the `@/` alias.
  boundary(["lib/rules/**"], "the rules engine is pure: it imports nothing outside lib/rules", [], ["^(?!\\./)"]),
  boundary(
    ["lib/data/**"],
    "the data layer knows no live updates, server plumbing, phone code or pages",
    ["live", "server", "offline"],
    ["^(@/|(\\.\\./)+)app(/|$)"],
  ),
  boundary(["lib/offline/**"], "the phone's offline code reaches the server through its API, not the data layer", [
    "data",
    "db",
    "generated",
  ]),
  boundary(["lib/transfer/**"], "the import and export formats are pure: they know no request, data layer or server", [
    "data",
    "db",
    "http",
    "server",
    "live",
    "auth",
    "offline",
  ]),
  boundary(
    ["lib/live/**"],
    "the live fan-out sits below the server that serves it: it knows no server, session or page",
    ["server", "auth", "http", "offline"],
    ["^(@/|(\\.\\./)+)app(/|$)"],
  ),
  boundary(
    ["lib/auth/**"],
    "who is acting is read from the request and the data layer: no server, live updates or pages",
    ["server", "live", "http", "offline"],
    ["^(@/|(\\.\\./)+)app(/|$)"],
  ),
  boundary(
    ["lib/http/**"],
    "HTTP plumbing lies below the server and the pages, beside the sessions",
    ["server", "live", "auth", "offline"],
    ["^(@/|(\\.\\./)+)app(/|$)"],
  ),
  boundary(
    ["app/**"],
    "pages and routes read and write through lib/data, never the database client",
    ["db", "generated"],
    ["^@prisma/", "^(better-sqlite3|pg)$"],
  ),
  globalIgnores([
    ".next/**",
    "node_modules/**",
    "lib/generated/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    "data/**",
  ]),
]);
