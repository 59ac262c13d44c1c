import http from "node:http";
import { expect, test } from "@playwright/test";
import {
  buildActions,
  buildRoutes,
  fillRoute,
  HOSTILE_ACTION_BODIES,
  HOSTILE_METHODS,
  HOSTILE_QUERIES,
  HOSTILE_SEGMENTS,
} from "../support/hostile-requests";
import { signUp } from "./support";

/**
 * Every route and server action the build lists, walked with what a careless or hostile client sends:
 * malformed escapes and odd values in each dynamic segment, methods the app does not answer, out-of-range and
 * malformed queries, control characters in a redirect target, and server-action bodies that are not what the
 * action takes — as the page sends them, as forms sent without JavaScript and from another site. No answer may
 * be a 5xx — signed in and signed out.
 */

const ROUTES = buildRoutes();
const ACTIONS = buildActions();

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
      for (const value of dynamic ? HOSTILE_SEGMENTS : ["x"]) {
        const path = fillRoute(route, value);
        for (const method of HOSTILE_METHODS)
          await check(
            method,
            path,
            method === "GET" || method === "HEAD" ? as : { ...as, "content-type": "application/json" },
            method === "GET" || method === "HEAD" ? undefined : "{",
          );
      }
      for (const query of HOSTILE_QUERIES) await check("GET", fillRoute(route, "x") + query, as);
    }
    // Each as the page sends an action; signed in, multipart ones also as a form sent without JavaScript and
    // from another site.
    const senders = (id: string, type: string): Record<string, string>[] => [
      { "next-action": id, origin: baseURL! },
      ...(cookie && type.startsWith("multipart/")
        ? [{ origin: baseURL! }, { "next-action": id, origin: "https://evil.example" }, { origin: "null" }]
        : []),
    ];
    for (const action of ACTIONS)
      for (const { type, body } of HOSTILE_ACTION_BODIES)
        for (const sender of senders(action.id, type))
          await check("POST", action.path, { ...as, ...sender, "content-type": type }, body);
    // An action id that does not exist, and one posted to a page that does not use it.
    await check("POST", "/evenings", { ...as, "next-action": "0".repeat(42), "content-type": "text/plain" }, "[]");
  }
  expect(failures).toEqual([]);
  expect(sent).toBeGreaterThan(1_000);
});
