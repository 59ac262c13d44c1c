import { readFileSync } from "node:fs";
import http from "node:http";
import { expect, test } from "@playwright/test";
import { signUp } from "./support";

/**
 * Every route and server action the build lists, walked with what a careless or hostile client sends:
 * malformed escapes and odd values in each dynamic segment, methods the app does not answer, out-of-range and
 * malformed queries, control characters in a redirect target, and server-action bodies that are not what the
 * action takes. No answer may be a 5xx — signed in and signed out.
 */

const ROUTES: string[] = Object.values(
  JSON.parse(readFileSync(".next/app-path-routes-manifest.json", "utf8")) as Record<string, string>,
).filter((r) => !r.startsWith("/_"));
const ACTIONS = Object.entries(
  JSON.parse(readFileSync(".next/server/server-reference-manifest.json", "utf8")).node as Record<
    string,
    { workers: Record<string, unknown>; exportedName?: string }
  >,
).map(([id, action]) => ({
  id,
  name: action.exportedName,
  // The page it is posted to: the first page that uses it, with its dynamic segments filled in.
  path: fill(
    Object.keys(action.workers)[0]!
      .replace(/^app/, "")
      .replace(/\/\([^)]+\)/g, "")
      .replace(/\/page$/, "") || "/",
    "x",
  ),
}));

const SEGMENTS = [
  "%zz",
  "%FF",
  "%E0%A4%A",
  "%",
  "..%2F..%2Fetc",
  "%00",
  "x".repeat(3000),
  "cmnotanything00000000000000",
];
const METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "PROPFIND"];
const QUERIES = [
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
const ACTION_BODIES: { type: string; body: string }[] = [
  { type: "text/plain;charset=UTF-8", body: "not json" },
  { type: "text/plain;charset=UTF-8", body: "[]" },
  { type: "text/plain;charset=UTF-8", body: "{}" },
  { type: "text/plain;charset=UTF-8", body: "[null,null,null,null]" },
  { type: "text/plain;charset=UTF-8", body: '[{"__proto__":{"x":1}},"$@1"]' },
  { type: "text/plain;charset=UTF-8", body: '["$Q0", "$K1", "$T"]' },
  { type: "text/plain;charset=UTF-8", body: DEEP },
  {
    type: "multipart/form-data; boundary=zz",
    body: '--zz\r\nContent-Disposition: form-data; name="0"\r\n\r\n[1]\r\n--zz--',
  },
  { type: "application/x-www-form-urlencoded", body: "a=%zz&b=1" },
];

function fill(route: string, value: string): string {
  return route.replace(/\[\[?(\.\.\.)?[^\]]+\]\]?/g, value);
}

type Answer = { status: number };
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method, path, headers: { ...headers, connection: "close" } },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
      },
    );
    req.setTimeout(20_000, () => req.destroy(new Error(`${method} ${path}: no answer in 20 s`)));
    req.on("error", (error) => reject(new Error(`${method} ${path.slice(0, 120)}: ${error.message}`)));
    if (body !== undefined) req.end(body);
    else req.end();
  });
}

test("no route or action the build lists answers 5xx to malformed or hostile requests, signed in or not", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  expect(ROUTES.length).toBeGreaterThan(20);
  expect(ACTIONS.length).toBeGreaterThan(10);
  await signUp(page);
  const session = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const failures: string[] = [];
  let sent = 0;
  async function check(method: string, path: string, headers: Record<string, string> = {}, body?: string) {
    sent++;
    const { status } = await raw(baseURL!, method, path, headers, body);
    if (status >= 500)
      failures.push(`${status} ${method} ${path.slice(0, 120)}${body ? ` (${body.slice(0, 40)})` : ""}`);
  }
  for (const cookie of [session, ""]) {
    const as: Record<string, string> = cookie ? { cookie, accept: "text/html" } : { accept: "text/html" };
    for (const route of ROUTES) {
      const dynamic = route.includes("[");
      for (const value of dynamic ? SEGMENTS : ["x"]) {
        const path = fill(route, value);
        for (const method of METHODS)
          await check(
            method,
            path,
            method === "GET" || method === "HEAD" ? as : { ...as, "content-type": "application/json" },
            method === "GET" || method === "HEAD" ? undefined : "{",
          );
      }
      for (const query of QUERIES) await check("GET", fill(route, "x") + query, as);
    }
    for (const action of ACTIONS)
      for (const { type, body } of ACTION_BODIES)
        await check(
          "POST",
          action.path,
          { ...as, "next-action": action.id, "content-type": type, origin: baseURL! },
          body,
        );
    // An action id that does not exist, and one posted to a page that does not use it.
    await check("POST", "/evenings", { ...as, "next-action": "0".repeat(42), "content-type": "text/plain" }, "[]");
  }
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(1_000);
});
