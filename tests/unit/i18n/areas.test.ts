/**
 * Each page gives the browser only the areas of words it uses (lib/i18n/words.tsx). This reads the source as the
 * bundler does: from the root layout and each page, the modules that reach the browser (a "use client" module and
 * all it imports), and every message key written in them — `t("table.deal")`, `dict["legend.limpa"]`, a key built
 * as `` `houseRules.${name}` `` — plus the keys of the server actions they call, whose answers are shown there. Each
 * such key must be in an area the page (or the root layout above it) gives.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { AREAS, DICTIONARIES, type Area } from "@/lib/i18n/dictionaries";

const ROOT = join(__dirname, "../../..");
const KEYS = new Set(Object.keys(DICTIONARIES.en));
const AREA_OF = new Map(
  Object.entries(AREAS).flatMap(([area, words]) => Object.keys(words.en).map((key) => [key, area as Area])),
);
const PREFIXES = new Set([...KEYS].map((key) => key.split(".")[0]!));

const source = (file: string) => readFileSync(file, "utf8");
const directive = (file: string, name: string) => new RegExp(`^\\s*["']use ${name}["']`).test(source(file));

function resolve(from: string, spec: string): string | undefined {
  const base = spec.startsWith("@/")
    ? join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? join(dirname(from), spec)
      : "";
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find(
    (file) => existsSync(file) && statSync(file).isFile(),
  );
}

/** The modules a file imports for their values (not `import type`), within the product. */
function imports(file: string): string[] {
  return [...source(file).matchAll(/^(import|export)\s+(?!type\s)[^;]*?from\s+["']([^"']+)["']/gms)]
    .map((m) => resolve(file, m[2]!))
    .filter((f): f is string => f !== undefined && !f.includes("/generated/") && !f.includes("/lib/i18n/"));
}

/** The message keys a module writes out, and the prefixes of the keys it builds. */
function keysIn(file: string): string[] {
  const text = source(file);
  const whole = [...text.matchAll(/["'`]([a-zA-Z]+\.[a-zA-Z0-9]+)["'`]/g)].map((m) => m[1]!).filter((k) => KEYS.has(k));
  const built = [...text.matchAll(/`([a-zA-Z]+)\.\$\{/g)]
    .map((m) => m[1]!)
    .filter((p) => PREFIXES.has(p))
    .flatMap((p) => [...KEYS].filter((k) => k.startsWith(`${p}.`)));
  return [...whole, ...built];
}

/** The keys the browser may show on a page that starts at `entry`. */
function browserKeys(entry: string): Set<string> {
  const seen = new Set<string>();
  const actions = new Set<string>();
  const browser = new Set<string>();
  const walk = (file: string, inBrowser: boolean) => {
    if (directive(file, "server")) {
      actions.add(file);
      return;
    }
    const here = inBrowser || directive(file, "client");
    if (seen.has(`${here}:${file}`)) return;
    seen.add(`${here}:${file}`);
    if (here) browser.add(file);
    for (const next of imports(file)) walk(next, here);
  };
  walk(entry, false);
  // What a server action answers is shown where it was called: its module and the data code it uses.
  const server = new Set<string>();
  const walkServer = (file: string) => {
    if (server.has(file)) return;
    server.add(file);
    for (const next of imports(file)) walkServer(next);
  };
  for (const action of actions) walkServer(action);
  return new Set([...browser, ...server].flatMap(keysIn));
}

/** The areas a page or layout gives with `<Words areas={[…]}>`. */
function given(file: string): Area[] {
  const match = /<Words areas=\{\[([^\]]*)\]\}/.exec(source(file));
  return match ? [...match[1]!.matchAll(/"(\w+)"/g)].map((m) => m[1] as Area) : [];
}

/** The files of that name under `dir`: the pages, or the layouts. */
function files(dir: string, name: "page.tsx" | "layout.tsx"): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name), name) : entry.name === name ? [join(dir, entry.name)] : [],
  );
}
const pages = (dir: string) => files(dir, "page.tsx");

const LAYOUT = join(ROOT, "app/layout.tsx");

/** The layouts above a page or a folder's file, the root layout first: what they give, the page shows too. */
function above(file: string): string[] {
  const layouts: string[] = [];
  for (let dir = dirname(file); dir.startsWith(join(ROOT, "app")); dir = dirname(dir)) {
    const layout = join(dir, "layout.tsx");
    if (existsSync(layout) && layout !== file) layouts.unshift(layout);
  }
  return layouts;
}

describe("the words each page gives the browser", () => {
  it("every key is in exactly one area", () => {
    const counted = Object.values(AREAS).reduce((n, words) => n + Object.keys(words.en).length, 0);
    expect(counted).toBe(KEYS.size);
  });

  it("the root layout gives the site's words, which every page may show", () => {
    expect(given(LAYOUT)).toEqual(["site"]);
    const missing = [...browserKeys(LAYOUT)].filter((key) => AREA_OF.get(key) !== "site");
    expect(missing, "keys the root layout's client components use outside the site area").toEqual([]);
  });

  it.each(
    files(join(ROOT, "app"), "layout.tsx")
      .filter((file) => file !== LAYOUT)
      .map((file) => relative(ROOT, file)),
  )("the layout %s shows only the site's words and its own", (layout) => {
    const areas = new Set<Area>([...above(join(ROOT, layout)).flatMap(given), ...given(join(ROOT, layout))]);
    const missing = [...browserKeys(join(ROOT, layout))].filter((key) => !areas.has(AREA_OF.get(key)!));
    expect(missing, `keys ${layout} uses outside the areas it is given`).toEqual([]);
  });

  it.each(pages(join(ROOT, "app")).map((file) => relative(ROOT, file)))("%s gives every area it shows", (page) => {
    const areas = new Set<Area>([...above(join(ROOT, page)).flatMap(given), ...given(join(ROOT, page))]);
    const missing = [...browserKeys(join(ROOT, page))].filter((key) => !areas.has(AREA_OF.get(key)!));
    const needed = [...new Set(missing.map((key) => AREA_OF.get(key)))];
    expect(needed, `areas ${page} uses but does not give (e.g. ${missing.slice(0, 3).join(", ")})`).toEqual([]);
  });
});
