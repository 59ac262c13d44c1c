import type { IncomingMessage } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { BODY_LIMIT, IMPORT_BODY_LIMIT } from "@/lib/http/body-limits.mjs";
import { screen } from "@/lib/server/front-guard";

// The first look reads no session (that comes after it); the sign-in code needs Next's server runtime.
vi.mock("@/lib/auth/session", () => ({ actorFromCookies: async () => null }));

const request = (method: string, url: string, headers: Record<string, string> = {}) =>
  ({ method, url, headers }) as unknown as IncomingMessage;

describe("the front guard's first look at a request", () => {
  it("passes the addresses pages have, escaped letters and queries included", () => {
    for (const url of ["/", "/evenings/cmabc?page=2", "/s/%C3%85sa", "/players/Bo%20B", "/import?next=%0d%0a"])
      expect(screen(request("GET", url))).toBeNull();
  });

  it("refuses a path that does not decode or holds a control character, escaped or not, with 400", () => {
    for (const url of ["/evenings/%zz", "/s/%FF", "/api/games/%/deals", "/evenings/%00", "/a%0Ab", "/x\u0001", "x"])
      expect(screen(request("GET", url)), url).toMatchObject({ status: 400, message: { key: "errors.badAddress" } });
  });

  it("refuses methods the app answers nowhere with 405", () => {
    for (const method of ["TRACE", "PROPFIND", "PATCH"])
      expect(screen(request(method, "/evenings"))).toMatchObject({ status: 405 });
  });

  it("bounds bodies before they are read: only the import's action may carry a file, and only up to its limit", () => {
    const sized = (method: string, url: string, bytes: number, extra: Record<string, string> = {}) =>
      screen(request(method, url, { "content-length": String(bytes), ...extra }));
    expect(sized("PUT", "/api/games/g/deals/1", BODY_LIMIT)).toBeNull();
    expect(sized("PUT", "/api/games/g/deals/1", BODY_LIMIT + 1)).toMatchObject({ status: 413 });
    expect(sized("POST", "/import", BODY_LIMIT + 1)).toMatchObject({ status: 413 });
    expect(sized("POST", "/import", IMPORT_BODY_LIMIT, { "next-action": "a" })).toBe("import");
    expect(sized("POST", "/import", IMPORT_BODY_LIMIT + 1, { "next-action": "a" })).toMatchObject({ status: 413 });
    expect(screen(request("POST", "/api/games/g/deals", { "transfer-encoding": "chunked" }))).toMatchObject({
      status: 411,
    });
    expect(sized("POST", "/evenings", -1)).toMatchObject({ status: 400 });
  });

  it("refuses a router-state header Next cannot read, and lets a real one through", () => {
    const withTree = (tree: string | string[]) => {
      const req = request("GET", "/evenings");
      req.headers.rsc = "1";
      req.headers["next-router-state-tree"] = tree as string;
      return screen(req);
    };
    for (const bad of ["x", "[]", "%E0%A4%A", encodeURIComponent('["",{"children":7}]'), ["a", "b"]])
      expect(withTree(bad), JSON.stringify(bad)).toMatchObject({ status: 400, message: { key: "errors.badRequest" } });
    const real = encodeURIComponent(JSON.stringify(["", { children: ["evenings", {}, null, null] }, null, null]));
    expect(withTree(real)).toBeNull();
  });
});
