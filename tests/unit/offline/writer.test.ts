import { describe, expect, it } from "vitest";
import { createDealApi, serverAnswers, type ApiAnswer } from "@/lib/offline/api";
import { writeChange, type NewDeal, type WriterDeps } from "@/lib/offline/writer";
import { alone } from "./fake-server";

const deal: NewDeal = { gameId: "g1", number: 3, entries: alone("Bo"), clientKey: "writer-key-1" };

function deps(send: WriterDeps["send"], overrides: Partial<WriterDeps> = {}) {
  const queued: NewDeal[] = [];
  const sent: boolean[] = [];
  const all: WriterDeps = {
    reachable: () => true,
    waiting: () => false,
    send,
    enqueue: async (d, wasSent) => {
      queued.push(d);
      sent.push(wasSent);
    },
    ...overrides,
  };
  return { deps: all, queued, sent };
}

/** A fetch that never answers until it is aborted, as on one bar of signal. */
const hanging: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
  });

describe("writeChange", () => {
  it("sends with a signal and hands the server's answer back, refusals included", async () => {
    for (const status of [201, 200, 400, 409]) {
      const answer: ApiAnswer = { status, body: {} };
      const { deps: d, queued } = deps(async () => answer);
      expect(await writeChange(deal, d)).toEqual({ kind: "answered", answer });
      expect(queued).toEqual([]);
    }
  });

  it.each([
    ["no signal", { reachable: () => false }, "offline"],
    ["deals of the game waiting", { waiting: (g: string) => g === "g1" }, "waiting"],
  ] as const)("keeps the deal without sending it: %s", async (_, overrides, because) => {
    let sent = 0;
    const { deps: d, queued } = deps(async () => {
      sent++;
      return { status: 201, body: {} };
    }, overrides);
    expect(await writeChange(deal, d)).toEqual({ kind: "queued", because });
    expect(sent).toBe(0);
    expect(queued).toEqual([deal]);
  });

  it.each([
    [401, "signIn"],
    [503, "busy"],
    [500, "busy"],
    [429, "busy"],
  ] as const)("keeps the deal when the server answers %i (not stored now)", async (status, because) => {
    const { deps: d, queued, sent } = deps(async () => ({ status, body: null }));
    expect(await writeChange(deal, d)).toEqual({ kind: "queued", because });
    expect(queued).toEqual([deal]);
    // A server that failed midway may have stored it: kept as sent, never changed in place (decision 023).
    expect(sent).toEqual([status !== 401]);
  });

  it("keeps the deal when the request hangs: the deadline gives it up, and Save is free again", async () => {
    const api = createDealApi(hanging, 50);
    const { deps: d, queued, sent } = deps((x) => api.record(x.gameId, x));
    const started = performance.now();
    expect(await writeChange(deal, d)).toEqual({ kind: "queued", because: "noAnswer" });
    const took = performance.now() - started;
    expect(took).toBeGreaterThanOrEqual(45);
    expect(took).toBeLessThan(2000);
    expect(queued).toEqual([deal]);
    // It may have reached the server: kept as sent.
    expect(sent).toEqual([true]);
  });

  it("bounds the answer's body too: headers in time but a body that never ends is no answer", async () => {
    const slowBody: typeof fetch = async (_url, init) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"number":'));
            init?.signal?.addEventListener("abort", () => controller.error(init.signal!.reason));
          },
        }),
        { status: 201 },
      );
    const api = createDealApi(slowBody, 50);
    await expect(api.record("g1", deal)).rejects.toThrow();
    const { deps: d, queued } = deps((x) => api.record(x.gameId, x));
    expect((await writeChange(deal, d)).kind).toBe("queued");
    expect(queued).toHaveLength(1);
  });

  it("sends the deal's account with it, and each route's request in the right shape", async () => {
    const requests: { url: string; method: string; body: unknown }[] = [];
    const recorder: typeof fetch = async (url, init) => {
      requests.push({
        url: String(url),
        method: init!.method!,
        body: init!.body ? JSON.parse(String(init!.body)) : null,
      });
      return Response.json({ ok: true });
    };
    const api = createDealApi(recorder);
    await api.record("g/1", { ...deal, account: "acc-1" });
    const seen = { Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: false } };
    await api.edit("g1", 2, deal.entries, { expected: seen, expectedKey: "rec-key-2", key: "edit-key-2" });
    await api.remove("g1", 2, { expected: seen });
    await api.remove("g1", 2);
    await api.deals("g1");
    await api.session();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      "POST /api/games/g%2F1/deals",
      "PUT /api/games/g1/deals/2",
      "DELETE /api/games/g1/deals/2",
      "DELETE /api/games/g1/deals/2",
      "GET /api/games/g1/deals",
      "GET /api/auth/session",
    ]);
    expect(requests[0]!.body).toMatchObject({ number: 3, clientKey: "writer-key-1", account: "acc-1" });
    // A change of a stored deal says which deal it changes; a deletion's body is always a JSON object.
    expect(requests.slice(1, 4).map((r) => r.body)).toEqual([
      { entries: deal.entries, expected: seen, expectedKey: "rec-key-2", key: "edit-key-2" },
      { expected: seen },
      {},
    ]);
  });
});

describe("serverAnswers", () => {
  it("says no when the health check hangs past the deadline or fails, yes when it answers", async () => {
    expect(await serverAnswers(hanging, 50)).toBe(false);
    expect(await serverAnswers(async () => Promise.reject(new TypeError("Failed to fetch")), 50)).toBe(false);
    expect(await serverAnswers(async () => Response.json({ ok: true }), 50)).toBe(true);
  });
});
