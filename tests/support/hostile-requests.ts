/**
 * What a careless or hostile client sends, for every route and server action the production build lists
 * (read from `.next`, so a new page is walked without anyone adding it to a list). Used by the route fuzz
 * test (tests/e2e/route-fuzz.spec.ts) and by `bench:abuse`.
 */
import { readFileSync } from "node:fs";

/** A route's dynamic segments (`[id]`, `[...rest]`, `[[...rest]]`) filled with `value`. */
export function fillRoute(route: string, value: string): string {
  return route.replace(/\[\[?(\.\.\.)?[^\]]+\]\]?/g, value);
}

/** Every page and route handler of the build (`/evenings/[id]`, `/api/export`, …), Next's own left out. */
export function buildRoutes(dir = ".next"): string[] {
  const manifest = JSON.parse(readFileSync(`${dir}/app-path-routes-manifest.json`, "utf8")) as Record<string, string>;
  return Object.values(manifest).filter((r) => !r.startsWith("/_"));
}

/** Every server action of the build, with the page it is posted to: the first page that uses it, filled in. */
export function buildActions(dir = ".next"): { id: string; name: string; path: string }[] {
  const manifest = JSON.parse(readFileSync(`${dir}/server/server-reference-manifest.json`, "utf8")).node as Record<
    string,
    { workers: Record<string, unknown>; exportedName?: string }
  >;
  return Object.entries(manifest).map(([id, action]) => ({
    id,
    name: action.exportedName ?? "",
    path: fillRoute(
      Object.keys(action.workers)[0]!
        .replace(/^app/, "")
        .replace(/\/\([^)]+\)/g, "")
        .replace(/\/page$/, "") || "/",
      "x",
    ),
  }));
}

/** Values for a dynamic segment: malformed escapes, a path climb, a NUL, a very long one, an unknown id. */
export const HOSTILE_SEGMENTS = [
  "%zz",
  "%FF",
  "%E0%A4%A",
  "%",
  "..%2F..%2Fetc",
  "%00",
  "x".repeat(3000),
  "cmnotanything00000000000000",
];

/** Methods, including ones the app answers nowhere. */
export const HOSTILE_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"];

/** Queries: numbers out of range, malformed escapes, control characters and other sites in a redirect target. */
export const HOSTILE_QUERIES = [
  "?page=99999999999999999999",
  "?page=-1",
  "?page=1e400",
  "?page=%zz",
  "?next=%0d%0aSet-Cookie:%20x=1",
  "?next=//evil.example",
  "?callbackUrl=javascript:alert(1)",
  "?q=" + "a".repeat(4000),
];

const DEEP = "[".repeat(10_000) + "]".repeat(10_000);

/** Server-action bodies that are not what an action takes: not JSON, wrong arity and types, deep nesting. */
export const HOSTILE_ACTION_BODIES: { type: string; body: string }[] = [
  { type: "text/plain;charset=UTF-8", body: "not json" },
  { type: "text/plain;charset=UTF-8", body: "[]" },
  { type: "text/plain;charset=UTF-8", body: "{}" },
  { type: "text/plain;charset=UTF-8", body: "[null,null,null,null]" },
  { type: "text/plain;charset=UTF-8", body: '[{"__proto__":{"x":1}},"$@1"]' },
  { type: "text/plain;charset=UTF-8", body: '["$Q0", "$K1", "$T"]' },
  { type: "text/plain;charset=UTF-8", body: '[{"a":1},"$0:0:a:b","$0:0:__proto__:then"]' },
  { type: "text/plain;charset=UTF-8", body: '["$n1.5","$n1e3","$n1:__proto__"]' },
  { type: "text/plain;charset=UTF-8", body: DEEP },
  {
    type: "multipart/form-data; boundary=zz",
    body: '--zz\r\nContent-Disposition: form-data; name="0"\r\n\r\n[1]\r\n--zz--',
  },
  { type: "application/x-www-form-urlencoded", body: "a=%zz&b=1" },
  // Multipart, as a FormData argument or a form sent without JavaScript comes: broken, not JSON, deeply nested,
  // referring to parts that are not there, and forms naming actions or bound arguments that do not exist.
  ...[
    "--zz\r\nfoo",
    "--zz--",
    part("0", "not json"),
    part("0", DEEP),
    part("0", '["$Q1"]'),
    part("0", '["$K1"]'),
    part("0", '["$@1"]'),
    part("0", '["$K1"]') + part("_1_file", "x") + part("2", "[]"),
    part("$ACTION_ID_" + "0".repeat(42), ""),
    part("$ACTION_REF_1", "") + part("$ACTION_1:0", '{"id":"' + "0".repeat(42) + '","bound":"$@1"}'),
    part("$ACTION_REF_1", "") + part("$ACTION_1:0", "not json"),
  ].map((body) => ({ type: "multipart/form-data; boundary=zz", body: body.endsWith("--") ? body : `${body}--zz--` })),
];

/** One field of a multipart body with the boundary `zz`. */
function part(name: string, value: string): string {
  return `--zz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
}
