import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { removeQueued } from "@/lib/offline/outbox";
import { applyChange, enqueue, listQueue, loadCopy, saveCopy, watchQueue } from "@/lib/offline/store";
import { alone, allPass } from "./fake-server";

describe("the outbox in IndexedDB", () => {
  it("keeps deals in the order entered, applies changes, and tells watchers", async () => {
    const seen: number[][] = [];
    const stop = watchQueue("e1", (queue) => seen.push(queue.map((d) => d.number)));
    await enqueue({ eveningId: "e1", gameId: "g1", number: 4, entries: alone("Bo"), clientKey: "store-key-1" });
    await enqueue({ eveningId: "e2", gameId: "g9", number: 1, entries: allPass(), clientKey: "store-key-2" });
    await enqueue({ eveningId: "e1", gameId: "g1", number: 5, entries: allPass(), clientKey: "store-key-3" });
    const queue = await listQueue("e1");
    expect(queue.map((d) => [d.number, d.state, d.clientKey])).toEqual([
      [4, "waiting", "store-key-1"],
      [5, "waiting", "store-key-3"],
    ]);
    await applyChange(removeQueued(queue, queue[0]!.seq!));
    expect((await listQueue("e1")).map((d) => [d.number, d.clientKey])).toEqual([[4, "store-key-3"]]);
    await applyChange({ remove: [], update: [{ seq: queue[1]!.seq!, changes: { state: "refused", reason: "over" } }] });
    await applyChange({
      remove: [],
      update: [{ seq: queue[1]!.seq!, changes: { state: "waiting", reason: undefined } }],
    });
    const [after] = await listQueue("e1");
    expect(after!.state).toBe("waiting");
    expect("reason" in after!).toBe(false);
    await expect.poll(() => seen.at(-1)).toEqual([4]);
    stop();
    expect((await listQueue()).length).toBe(2);
  });

  it("refuses a second deal with the same client key", async () => {
    await enqueue({ eveningId: "e3", gameId: "g3", number: 1, entries: allPass(), clientKey: "store-key-dup" });
    await expect(
      enqueue({ eveningId: "e3", gameId: "g3", number: 2, entries: allPass(), clientKey: "store-key-dup" }),
    ).rejects.toThrow();
  });

  it("keeps the newest copy of an evening, whichever arrives last", async () => {
    await saveCopy({ id: "e1", version: 5, renderedAt: 2000, data: "five" });
    await saveCopy({ id: "e1", version: 3, renderedAt: 3000, data: "three, from an old cached page" });
    expect((await loadCopy("e1"))?.data).toBe("five");
    await saveCopy({ id: "e1", version: 5, renderedAt: 4000, data: "five again" });
    expect(await loadCopy("e1")).toEqual({ id: "e1", version: 5, renderedAt: 4000, data: "five again" });
  });
});
