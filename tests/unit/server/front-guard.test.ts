import type { IncomingMessage } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { BODY_LIMIT, IMPORT_BODY_LIMIT } from "@/lib/http/body-limits.mjs";
import { enterGate, plainPagePost, screen, SIGN_IN_GATE } from "@/lib/server/front-guard";

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

describe("the front guard's check of a page POST's body", () => {
  /** The body a page sends for `args`: React's encoding, multipart when a FormData is among them. */
  async function encoded(args: unknown[]): Promise<{ type: string; body: Buffer }> {
    // @ts-expect-error: Next's own copy of React's reply encoder has no type declarations.
    const { encodeReply } = await import("next/dist/compiled/react-server-dom-webpack/client.edge");
    const response = new Response((await encodeReply(args)) as FormData | string);
    const type = response.headers.get("content-type") ?? "text/plain;charset=UTF-8";
    return { type, body: Buffer.from(await response.arrayBuffer()) };
  }
  const multipart = (fields: [string, string][]) => ({
    type: "multipart/form-data; boundary=zz",
    body: Buffer.from(
      fields
        .map(([name, value]) => `--zz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join("") + "--zz--",
    ),
  });

  it("passes what the pages send: plain arguments, a form with its previous state, a file", async () => {
    const form = new FormData();
    form.set("title", "Fredag");
    form.set("file", new File(['{"format":"protokoll.backup"}'], "backup.json", { type: "application/json" }));
    // A form's previous state names one message as both the error and a field's: React writes it once.
    const message = { key: "account.wrongPassword" };
    const previous = { ok: false, error: { message }, fields: { current: [message] } };
    for (const args of [
      ["cmabc", { n: 2, at: new Date() }],
      [null, form],
      [previous, form],
      [previous, "x"],
    ]) {
      const { type, body } = await encoded(args);
      expect(await plainPagePost(type, body, true), JSON.stringify(args)).toBe(true);
    }
  });

  it("refuses bodies Next cannot decode or that refer to what is not there", async () => {
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    for (const fields of [
      [["0", "not json"]],
      [["0", deep]],
      [["0", '["$Q1"]']],
      [["0", '["$K1"]']],
      [["0", '["$@1"]']],
      [
        ["0", '["$K1"]'],
        ["1_file", "x"],
        ["2", "[]"],
      ],
      [["1_file", "x"]],
    ] as [string, string][][]) {
      const { type, body } = multipart(fields);
      expect(await plainPagePost(type, body, true), JSON.stringify(fields).slice(0, 80)).toBe(false);
    }
    expect(await plainPagePost("multipart/form-data; boundary=zz", Buffer.from("--zz\r\nfoo"), true)).toBe(false);
    for (const text of [
      '["$n1.5"]',
      '["$n1e3"]',
      '["$n1:__proto__"]',
      '["$n0x"]',
      '["$Q0"]',
      '[{"a":{}},"$0:0:b"]',
      '[{"a":"x"},"$0:0:a"]',
      '[{}, "$0:0:__proto__"]',
    ])
      expect(await plainPagePost("text/plain;charset=UTF-8", Buffer.from(text), true), text).toBe(false);
    expect(await plainPagePost("text/plain;charset=UTF-8", Buffer.from('[{"a":{}},"$0:0:a"]'), true)).toBe(true);
  });

  it("checks a form sent without JavaScript: its bound arguments must be there and plain", async () => {
    const id = "0".repeat(42);
    const ok = multipart([
      ["$ACTION_REF_1", ""],
      ["$ACTION_1:0", `{"id":"${id}","bound":"$@1"}`],
      ["$ACTION_1:1", "[null]"],
      ["title", "Fredag"],
    ]);
    expect(await plainPagePost(ok.type, ok.body, false)).toBe(true);
    const plainForm = multipart([["title", "Fredag"]]);
    expect(await plainPagePost(plainForm.type, plainForm.body, false)).toBe(true);
    for (const fields of [
      [
        ["$ACTION_REF_1", ""],
        ["$ACTION_1:0", `{"id":"${id}","bound":"$@1"}`],
      ],
      [
        ["$ACTION_REF_1", ""],
        ["$ACTION_1:0", "not json"],
      ],
      [["$ACTION_REF_1", ""]],
      [
        ["$ACTION_REF_1", ""],
        ["$ACTION_1:0", `{"id":"${id}","bound":"$@1"}`],
        ["$ACTION_1:1", '["$Q2"]'],
      ],
    ] as [string, string][][]) {
      const { type, body } = multipart(fields);
      expect(await plainPagePost(type, body, false), JSON.stringify(fields).slice(0, 80)).toBe(false);
    }
  });
});

describe("the front guard's line for password checks", () => {
  it("runs two per address, lets sixteen wait in order, refuses the rest at once, and keeps addresses apart", async () => {
    const address = "10.1.0.1";
    const running = [enterGate(address), enterGate(address)];
    expect(running.map((r) => r.entered)).toEqual([true, true]);
    const waiting = Array.from({ length: SIGN_IN_GATE.waiting }, () => enterGate(address));
    expect(waiting.every((w) => w.entered instanceof Promise)).toBe(true);
    expect(enterGate(address).entered).toBeNull();
    // Another address is not held back by this one's line.
    const other = enterGate("10.1.0.2");
    expect(other.entered).toBe(true);
    other.leave();
    // A waiting one that goes away leaves the line; the others come in, in order, as the running ones end.
    waiting[0]!.leave();
    const admitted: number[] = [];
    waiting.forEach((w, i) => void (w.entered as Promise<void>).then(() => admitted.push(i)));
    running[0]!.leave();
    running[1]!.leave();
    await new Promise((r) => setTimeout(r, 0));
    expect(admitted).toEqual([1, 2]);
    expect(enterGate(address).entered).toBeInstanceOf(Promise);
  });
});
