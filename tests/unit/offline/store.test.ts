import "fake-indexeddb/auto";
import Dexie from "dexie";
import { describe, expect, it } from "vitest";
import { removeQueued } from "@/lib/offline/outbox";
import {
  adoptUnowned,
  applyChange,
  countForeign,
  enqueue,
  forgetCopies,
  listCopies,
  listQueue,
  loadCopy,
  saveCopy,
  useDatabase,
  watchQueue,
} from "@/lib/offline/store";
import { alone, allPass } from "./fake-server";

const A = "account-a";
const B = "account-b";

describe("the outbox in IndexedDB", () => {
  it("keeps deals in the order entered, applies changes, and tells watchers", async () => {
    useDatabase("store-order");
    const seen: number[][] = [];
    const stop = watchQueue(A, "e1", (queue) => seen.push(queue.map((d) => d.number)));
    const deal = { account: A, eveningId: "e1", gameId: "g1" };
    await enqueue({ ...deal, number: 4, entries: alone("Bo"), clientKey: "store-key-1" });
    await enqueue({ ...deal, eveningId: "e2", gameId: "g9", number: 1, entries: allPass(), clientKey: "store-key-2" });
    await enqueue({ ...deal, number: 5, entries: allPass(), clientKey: "store-key-3" });
    const queue = await listQueue(A, "e1");
    expect(queue.map((d) => [d.number, d.state, d.clientKey])).toEqual([
      [4, "waiting", "store-key-1"],
      [5, "waiting", "store-key-3"],
    ]);
    await applyChange(removeQueued(queue, queue[0]!.seq!));
    expect((await listQueue(A, "e1")).map((d) => [d.number, d.clientKey])).toEqual([[4, "store-key-3"]]);
    await applyChange({ remove: [], update: [{ seq: queue[1]!.seq!, changes: { state: "refused", reason: "over" } }] });
    await applyChange({
      remove: [],
      update: [{ seq: queue[1]!.seq!, changes: { state: "waiting", reason: undefined } }],
    });
    const [after] = await listQueue(A, "e1");
    expect(after!.state).toBe("waiting");
    expect("reason" in after!).toBe(false);
    await expect.poll(() => seen.at(-1)).toEqual([4]);
    stop();
    expect((await listQueue(A)).length).toBe(2);
  });

  it("refuses a second deal with the same client key", async () => {
    useDatabase("store-dup");
    await enqueue({ account: A, eveningId: "e3", gameId: "g3", number: 1, entries: allPass(), clientKey: "dup-key-1" });
    await expect(
      enqueue({ account: A, eveningId: "e3", gameId: "g3", number: 2, entries: allPass(), clientKey: "dup-key-1" }),
    ).rejects.toThrow();
  });

  it("adds a new deal once when two tabs save it at once, and as provisional behind a deal waiting for a choice", async () => {
    useDatabase("store-tabs");
    const deal = { account: A, eveningId: "e4", gameId: "g4", number: 5, entries: allPass() };
    const saved = await Promise.all([
      enqueue({ ...deal, clientKey: "tab-key-1" }),
      enqueue({ ...deal, entries: alone("Bo"), clientKey: "tab-key-2" }),
    ]);
    expect(saved.sort()).toEqual(["added", "taken"]);
    expect(await listQueue(A, "e4")).toHaveLength(1);
    const [first] = await listQueue(A, "e4");
    await applyChange({
      remove: [],
      update: [{ seq: first!.seq!, changes: { state: "conflict", theirs: alone("Bo") } }],
    });
    expect(await enqueue({ ...deal, number: 6, clientKey: "tab-key-3" })).toBe("added");
    expect((await listQueue(A, "e4")).map((d) => [d.number, d.provisional ?? false])).toEqual([
      [5, false],
      [6, true],
    ]);
  });

  it("keeps each account's deals apart: another account neither lists nor sends them, only counts them", async () => {
    useDatabase("store-accounts");
    await enqueue({ account: A, eveningId: "e1", gameId: "g1", number: 1, entries: allPass(), clientKey: "acc-key-1" });
    await enqueue({ account: B, eveningId: "e1", gameId: "g1", number: 1, entries: allPass(), clientKey: "acc-key-2" });
    await enqueue({ account: A, eveningId: "e1", gameId: "g1", number: 2, entries: allPass(), clientKey: "acc-key-3" });
    expect((await listQueue(A)).map((d) => d.clientKey)).toEqual(["acc-key-1", "acc-key-3"]);
    expect((await listQueue(B, "e1")).map((d) => d.clientKey)).toEqual(["acc-key-2"]);
    expect(await countForeign(A)).toBe(1);
    expect(await countForeign(B)).toBe(2);
    expect(await countForeign(null)).toBe(3);
  });

  it("keeps the newest copy of an evening per account, and forgets one account's copies only", async () => {
    useDatabase("store-copies");
    const copy = { account: A, id: "e1", title: "Fredag" };
    await saveCopy({ ...copy, version: 5, renderedAt: 2000, data: "five" });
    // An older state (an old cached page) is not kept; the newer copy kept is the answer.
    const newer = await saveCopy({ ...copy, version: 3, renderedAt: 3000, data: "three, from an old cached page" });
    expect(newer).toEqual({ ...copy, version: 5, renderedAt: 2000, data: "five" });
    expect((await loadCopy(A, "e1"))?.data).toBe("five");
    expect(await saveCopy({ ...copy, version: 5, renderedAt: 4000, data: "five again" })).toBeUndefined();
    expect(await loadCopy(A, "e1")).toEqual({ ...copy, version: 5, renderedAt: 4000, data: "five again" });
    await saveCopy({ ...copy, account: B, version: 6, renderedAt: 5000, data: "B's view" });
    await saveCopy({ ...copy, id: "e2", title: "Lördag", version: 1, renderedAt: 6000, data: "A's other" });
    expect((await listCopies(A)).map((c) => [c.id, c.title])).toEqual([
      ["e2", "Lördag"],
      ["e1", "Fredag"],
    ]);
    expect((await loadCopy(B, "e1"))?.data).toBe("B's view");
    await forgetCopies(A);
    expect(await listCopies(A)).toEqual([]);
    expect(await loadCopy(A, "e1")).toBeUndefined();
    expect((await loadCopy(B, "e1"))?.data).toBe("B's view");
  });

  it("upgrades a phone's outbox from the build without accounts: the deals survive and are adopted once", async () => {
    // The database as the earlier build left it through Dexie (its version 1, IndexedDB version 10): deals and a
    // copy without an account.
    const old = new Dexie("store-upgrade");
    old.version(1).stores({ outbox: "++seq, eveningId, gameId, &clientKey", evenings: "id" });
    await old.table("outbox").add({
      eveningId: "e1",
      gameId: "g1",
      number: 3,
      entries: allPass(),
      clientKey: "old-key-1",
      state: "waiting",
      queuedAt: 1,
    });
    await old.table("evenings").put({ id: "e1", version: 2, renderedAt: 1, data: "old copy" });
    old.close();

    useDatabase("store-upgrade");
    expect(await listQueue(A)).toEqual([]);
    expect(await countForeign(A)).toBe(0); // nobody's yet: not counted as another account's
    expect(await adoptUnowned(A)).toBe(1);
    expect((await listQueue(A)).map((d) => [d.number, d.clientKey, d.account])).toEqual([[3, "old-key-1", A]]);
    // Adopted once: a second account signing in later does not take them.
    expect(await adoptUnowned(B)).toBe(0);
    expect(await listQueue(B)).toEqual([]);
    expect(await listCopies(A)).toEqual([]);
  });

  it("opens the database as phones keep it from the build that used Dexie, and goes on with its log", async () => {
    // The schema the earlier build gave the database through Dexie (versions 1–3), with a deal and a copy kept.
    const old = new Dexie("store-dexie-kept");
    old.version(1).stores({ outbox: "++seq, eveningId, gameId, &clientKey", evenings: "id" });
    old.version(2).stores({
      outbox: "++seq, eveningId, gameId, &clientKey, account",
      evenings: null,
      copies: "[account+id], account",
    });
    old.version(3).stores({ meta: "id" });
    const deal = { account: A, eveningId: "e1", gameId: "g1", entries: allPass(), state: "waiting", queuedAt: 1 };
    await old.table("outbox").add({ ...deal, number: 7, clientKey: "kept-key-1" });
    await old.table("copies").put({ account: A, id: "e1", title: "Fredag", version: 4, renderedAt: 9, data: "kept" });
    old.close();

    useDatabase("store-dexie-kept");
    expect((await listQueue(A, "e1")).map((d) => [d.number, d.clientKey])).toEqual([[7, "kept-key-1"]]);
    expect((await loadCopy(A, "e1"))?.data).toBe("kept");
    await enqueue({
      account: A,
      eveningId: "e1",
      gameId: "g1",
      number: 8,
      entries: alone("Bo"),
      clientKey: "kept-key-2",
    });
    const queue = await listQueue(A, "e1");
    expect(queue.map((d) => d.number)).toEqual([7, 8]);
    expect(queue[1]!.seq!).toBeGreaterThan(queue[0]!.seq!);
    // The same client key is refused as before: the unique index came along.
    await expect(
      enqueue({ account: A, eveningId: "e1", gameId: "g1", number: 9, entries: allPass(), clientKey: "kept-key-1" }),
    ).rejects.toThrow();
  });

  it("tells the log's watchers only of changes that wrote it", async () => {
    useDatabase("store-quiet");
    const seen: number[][] = [];
    const stop = watchQueue(A, "e1", (queue) => seen.push(queue.map((d) => d.number)));
    await expect.poll(() => seen.length).toBe(1);
    // Nothing to adopt, nothing to change: no one is told, no tab reads the log again.
    expect(await adoptUnowned(A)).toBe(0);
    await applyChange({ remove: [], update: [] });
    await new Promise((r) => setTimeout(r, 50));
    expect(seen).toEqual([[]]);
    await enqueue({
      account: A,
      eveningId: "e1",
      gameId: "g1",
      number: 1,
      entries: allPass(),
      clientKey: "quiet-key-1",
    });
    await expect.poll(() => seen.at(-1)).toEqual([1]);
    stop();
  });

  it("tells a watcher of a change another tab of the phone made", async () => {
    useDatabase("store-other-tab");
    const seen: number[][] = [];
    const stop = watchQueue(A, "e1", (queue) => seen.push(queue.map((d) => d.number)));
    await expect.poll(() => seen.length).toBe(1);
    // Another tab: its own connection writes the log and says so on the phone's channel.
    const other = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open("store-other-tab");
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    await new Promise<void>((resolve, reject) => {
      const tx = other.transaction("outbox", "readwrite");
      tx.objectStore("outbox").add({
        account: A,
        eveningId: "e1",
        gameId: "g1",
        number: 3,
        entries: allPass(),
        clientKey: "other-tab-1",
        state: "waiting",
        queuedAt: 1,
      });
      tx.oncomplete = () => resolve();
      tx.onerror = () => reject(tx.error);
    });
    other.close();
    const channel = new BroadcastChannel("store-other-tab-log");
    channel.postMessage("changed");
    await expect.poll(() => seen.at(-1)).toEqual([3]);
    channel.close();
    stop();
  });

  it("opens a database a later build left at a higher version, and makes what it lacks", async () => {
    // Version 31, as a later build (or a library's own schema step) might leave it: the same stores, a deal waiting.
    const raw = (name: string, version: number, make: (db: IDBDatabase) => void) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open(name, version);
        request.onupgradeneeded = () => make(request.result);
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      });
    const waiting = { account: A, eveningId: "e1", gameId: "g1", entries: allPass(), state: "waiting", queuedAt: 1 };
    await raw("store-later", 31, (db) => {
      const outbox = db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
      for (const index of ["eveningId", "gameId", "account"]) outbox.createIndex(index, index);
      outbox.createIndex("clientKey", "clientKey", { unique: true });
      outbox.add({ ...waiting, number: 3, clientKey: "later-key-1" });
      db.createObjectStore("copies", { keyPath: ["account", "id"] }).createIndex("account", "account");
      db.createObjectStore("meta", { keyPath: "id" });
    });
    useDatabase("store-later");
    expect((await listQueue(A, "e1")).map((d) => d.clientKey)).toEqual(["later-key-1"]);
    await enqueue({
      account: A,
      eveningId: "e1",
      gameId: "g1",
      number: 4,
      entries: allPass(),
      clientKey: "later-key-2",
    });
    expect(await listQueue(A, "e1")).toHaveLength(2);

    // At a higher version and lacking a store: made at the next version up, the deal kept.
    await raw("store-later-partial", 40, (db) => {
      const outbox = db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
      for (const index of ["eveningId", "gameId", "account"]) outbox.createIndex(index, index);
      outbox.createIndex("clientKey", "clientKey", { unique: true });
      outbox.add({ ...waiting, number: 1, clientKey: "partial-key-1" });
    });
    useDatabase("store-later-partial");
    expect((await listQueue(A, "e1")).map((d) => d.clientKey)).toEqual(["partial-key-1"]);
    await saveCopy({ account: B, id: "e1", title: "Fredag", version: 1, renderedAt: 1, data: "kept" });
    expect((await loadCopy(B, "e1"))?.data).toBe("kept");
  });

  it("leaves a row it cannot read stored and unused, and shows the rest", async () => {
    useDatabase("store-damaged");
    await enqueue({
      account: A,
      eveningId: "e1",
      gameId: "g1",
      number: 1,
      entries: allPass(),
      clientKey: "good-key-1",
    });
    const put = (row: Record<string, unknown>) =>
      new Promise<void>((resolve, reject) => {
        const request = indexedDB.open("store-damaged");
        request.onsuccess = () => {
          const tx = request.result.transaction("outbox", "readwrite");
          tx.objectStore("outbox").add(row);
          tx.oncomplete = () => {
            request.result.close();
            resolve();
          };
          tx.onerror = () => reject(tx.error);
        };
      });
    const base = { account: A, eveningId: "e1", gameId: "g1", number: 2, state: "waiting", queuedAt: 1 };
    await put({ ...base, clientKey: "no-entries-1" });
    await put({ ...base, clientKey: "odd-state-1", entries: allPass(), state: "lost in space" });
    await put({ ...base, clientKey: "bad-entry-1", entries: { Anna: null } });
    expect((await listQueue(A, "e1")).map((d) => d.clientKey)).toEqual(["good-key-1"]);
  });
});
