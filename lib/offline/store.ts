/**
 * This phone's own copy of what it needs without a signal, in IndexedDB: the log of changes the server has not taken
 * yet (one for every tab of the phone, decision 023), and the last known state of each evening opened here — both
 * per account (the account signed in when the change was made, or when the evening was shown). Nothing here runs on
 * the server. IndexedDB is used directly (decision 010): a library over it cost the page's first seconds more than
 * the few reads and writes here need.
 */
import { enteredWhileBlocked, sameNewDeal, type QueueChange, type QueuedDeal } from "./outbox";
import type { QueueStore } from "./sync";

/** The last state of an evening this phone saw from the server for `account`, and when the server rendered it. */
export interface EveningCopy<T = unknown> {
  account: string;
  id: string;
  /** What the list of evenings kept on this phone shows. */
  title: string;
  version: number;
  renderedAt: number;
  data: T;
}

/**
 * The database's version. Phones keep the database an earlier build made through Dexie, which numbered its schema
 * 1–3 and IndexedDB's version ten times that; the stores and indexes are the same.
 */
const VERSION = 30;

/**
 * Makes what an older database lacks: `outbox` (auto-increment `seq` = the order entered, one `clientKey` each,
 * by `account`), `copies` (by account and evening), `meta`; the first build's `evenings` (copies without an
 * account) is dropped — the next page shown keeps a new one. Deals queued before accounts stay until
 * `adoptUnowned` (decision 010).
 */
function upgrade(db: IDBDatabase, tx: IDBTransaction): void {
  if (!db.objectStoreNames.contains("outbox")) db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
  const outbox = tx.objectStore("outbox");
  for (const [index, unique] of [
    ["eveningId", false],
    ["gameId", false],
    ["clientKey", true],
    ["account", false],
  ] as const)
    if (!outbox.indexNames.contains(index)) outbox.createIndex(index, index, { unique });
  if (db.objectStoreNames.contains("evenings")) db.deleteObjectStore("evenings");
  if (!db.objectStoreNames.contains("copies"))
    db.createObjectStore("copies", { keyPath: ["account", "id"] }).createIndex("account", "account");
  if (!db.objectStoreNames.contains("meta")) db.createObjectStore("meta", { keyPath: "id" });
}

/** A request's result, as a promise (settled inside its transaction, which a `then` of it may go on using). */
function done<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

let db: Promise<IDBDatabase> | null = null;
let dbName = "protokoll";
const resets = new Set<() => void>();

/** Opens the database at `version` (as it is, without one), making what an older one lacks. */
function openAt(version?: number): Promise<IDBDatabase> {
  const request = version === undefined ? indexedDB.open(dbName) : indexedDB.open(dbName, version);
  request.onupgradeneeded = () => upgrade(request.result, request.transaction!);
  return done(request);
}

/** Whether the database has every store and index this code reads. */
function complete(opened: IDBDatabase): boolean {
  if (!["outbox", "copies", "meta"].every((store) => opened.objectStoreNames.contains(store))) return false;
  const tx = opened.transaction(["outbox", "copies"]);
  const outbox = tx.objectStore("outbox").indexNames;
  return (
    ["eveningId", "gameId", "clientKey", "account"].every((index) => outbox.contains(index)) &&
    tx.objectStore("copies").indexNames.contains("account")
  );
}

/**
 * The database at this code's version — or, when a later build (or a library's own schema step) left it at a
 * higher one, as it is: opening it at a lower version would fail, and every change waiting in it would be out of
 * reach. What such a database lacks is made at the next version up.
 */
async function openDatabase(): Promise<IDBDatabase> {
  try {
    return await openAt(VERSION);
  } catch (error) {
    if ((error as { name?: string } | null)?.name !== "VersionError") throw error;
    const found = await openAt();
    if (complete(found)) return found;
    const next = found.version + 1;
    found.close();
    return openAt(next);
  }
}

function open(): Promise<IDBDatabase> {
  if (db) return db;
  const opening = openDatabase().then((opened) => {
    // Closed under the app (the browser cleared the site's storage, or another version opened it): the next read
    // opens it anew, and whoever watches the log reads it again (lib/offline/log-mark.ts says what was lost).
    const closed = () => {
      if (db !== opening) return;
      db = null;
      for (const reset of resets) reset();
    };
    opened.onclose = closed;
    opened.onversionchange = () => {
      opened.close();
      closed();
    };
    return opened;
  });
  // A database that could not be opened is tried again on the next read.
  opening.catch(() => {
    if (db === opening) db = null;
  });
  return (db = opening);
}

/** Changes of the log, told to the watchers of this tab and, through the channel, of the phone's other tabs. */
const watchers = new Set<() => void>();
let channel: BroadcastChannel | null = null;
function logChannel(): BroadcastChannel | null {
  if (channel || typeof BroadcastChannel === "undefined") return channel;
  channel = new BroadcastChannel(`${dbName}-log`);
  channel.onmessage = () => {
    for (const watcher of watchers) watcher();
  };
  return channel;
}
function logChanged(): void {
  for (const watcher of watchers) watcher();
  logChannel()?.postMessage("changed");
}

/** The transactions that wrote the log: their watchers are told once the write is kept. */
const wroteLog = new WeakSet<IDBTransaction>();

/** A write of the log inside `tx`: told to the log's watchers once the transaction is kept. */
function logWrite<T>(tx: IDBTransaction, request: IDBRequest<T>): Promise<T> {
  wroteLog.add(tx);
  return done(request);
}

/**
 * Runs `work` in one transaction over `stores`: it sees them as they are and nothing comes between its reads and
 * its writes; everything it wrote is kept, or nothing (a failure aborts it). A write of the log (`logWrite`) is told
 * to its watchers once kept; a transaction that wrote nothing of it tells no one.
 */
async function transaction<T>(
  stores: ("outbox" | "copies" | "meta")[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T>,
): Promise<T> {
  const tx = (await open()).transaction(stores, mode);
  const complete = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException("The change was not kept", "AbortError"));
  });
  let result: T;
  try {
    result = await work(tx);
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // aborted already (a failed request aborts its transaction)
    }
    complete.catch(() => undefined);
    throw error;
  }
  await complete;
  if (wroteLog.has(tx)) logChanged();
  return result;
}

/** For tests: a fresh database of another name (fake-indexeddb). */
export function useDatabase(name: string): void {
  dbName = name;
  db = null;
  channel?.close();
  channel = null;
}

/** Calls `listener` whenever the database was closed under the app (then opened again on the next read). */
export function onReset(listener: () => void): () => void {
  resets.add(listener);
  return () => void resets.delete(listener);
}

/** The log's generation: a random id made with the database, so a database the browser cleared is another one. */
export async function logGeneration(): Promise<string> {
  return transaction(["meta"], "readwrite", async (tx) => {
    const meta = tx.objectStore("meta");
    const kept = (await done(meta.get("generation"))) as { value: string } | undefined;
    if (kept) return kept.value;
    const value = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(
      "",
    );
    await done(meta.put({ id: "generation", value }));
    return value;
  });
}

/**
 * Whether a stored row is an entry this code can show and send. The storage is the phone's own, but a row another
 * build wrote — or a damaged one — must not take the evening page down; it stays stored, untouched, and unused.
 */
function readable(row: unknown): row is QueuedDeal {
  const d = row as Partial<QueuedDeal> | null;
  return (
    typeof d === "object" &&
    d !== null &&
    typeof d.seq === "number" &&
    typeof d.eveningId === "string" &&
    typeof d.gameId === "string" &&
    Number.isInteger(d.number) &&
    typeof d.entries === "object" &&
    d.entries !== null &&
    Object.values(d.entries).every((entry) => typeof entry === "object" && entry !== null) &&
    typeof d.clientKey === "string" &&
    (d.state === "waiting" || d.state === "conflict" || d.state === "refused") &&
    (d.kind === undefined || d.kind === "edit" || d.kind === "delete" || d.kind === "game")
  );
}

/** The account's queued deals (of one evening, if given) as stored in `tx`, in the order they were entered. */
async function queueIn(tx: IDBTransaction, account: string, eveningId?: string): Promise<QueuedDeal[]> {
  const rows = (await done(tx.objectStore("outbox").index("account").getAll(account))) as unknown[];
  return rows
    .filter(readable)
    .filter((d) => !eveningId || d.eveningId === eveningId)
    .sort((a, b) => a.seq! - b.seq!);
}

/**
 * Puts a change at the end of its account's log, after every change made before it, in one transaction with the
 * checks of the log as stored now: provisional while an earlier entry of its game waits for the table's choice; and
 * a new deal another tab of this phone saved as the same deal a moment ago is not added again (`taken`).
 */
export async function enqueue(
  deal: Omit<QueuedDeal, "seq" | "state" | "queuedAt" | "provisional" | "account"> & { account: string },
): Promise<"added" | "taken"> {
  return transaction(["outbox"], "readwrite", async (tx) => {
    const queue = await queueIn(tx, deal.account, deal.eveningId);
    const blocked = enteredWhileBlocked(queue, deal.gameId);
    if (!blocked && queue.some((d) => sameNewDeal(d, deal))) return "taken";
    const entry: QueuedDeal = {
      ...deal,
      ...(blocked ? { provisional: true } : {}),
      state: "waiting",
      queuedAt: Date.now(),
    };
    await logWrite(tx, tx.objectStore("outbox").add(entry));
    return "added";
  });
}

/**
 * Changes the account's log of the evening by what `decide` makes of it as stored now, in one transaction: no
 * other tab, and no send (`markSent`), comes between the read and the write.
 */
export async function updateLog(
  account: string,
  eveningId: string,
  decide: (queue: QueuedDeal[]) => QueueChange,
): Promise<void> {
  await transaction(["outbox"], "readwrite", async (tx) => write(tx, decide(await queueIn(tx, account, eveningId))));
}

/**
 * The entry `seq` is about to be handed to the network: marked so (from now on it is never changed in place —
 * decision 023) and returned as it stands, in one transaction with any change of it; undefined when it is gone.
 */
export async function markSent(seq: number): Promise<QueuedDeal | undefined> {
  return transaction(["outbox"], "readwrite", async (tx) => {
    const outbox = tx.objectStore("outbox");
    const entry = (await done(outbox.get(seq))) as QueuedDeal | undefined;
    if (!entry) return undefined;
    if (!entry.sent) await logWrite(tx, outbox.put({ ...entry, sent: true }));
    return { ...entry, sent: true };
  });
}

/** The account's queued deals (of one evening, if given), in the order they were entered. */
export async function listQueue(account: string, eveningId?: string): Promise<QueuedDeal[]> {
  return transaction(["outbox"], "readonly", (tx) => queueIn(tx, account, eveningId));
}

/** Every entry of the log, whoever's. */
const everyEntry = (tx: IDBTransaction) => done(tx.objectStore("outbox").getAll()) as Promise<QueuedDeal[]>;

/** How many deals other accounts left waiting on this phone (shown, never sent or opened by this one). */
export async function countForeign(account: string | null): Promise<number> {
  const log = await transaction(["outbox"], "readonly", everyEntry);
  return log.filter((d) => d.account !== undefined && d.account !== account).length;
}

/**
 * Deals queued by a build that did not record the account: they become the deals of the account signed in
 * when the upgraded app first opens (decision 010). Returns how many were adopted.
 */
export async function adoptUnowned(account: string): Promise<number> {
  return transaction(["outbox"], "readwrite", async (tx) => {
    const unowned = (await everyEntry(tx)).filter((d) => d.account === undefined);
    for (const deal of unowned) await logWrite(tx, tx.objectStore("outbox").put({ ...deal, account }));
    return unowned.length;
  });
}

/** Applies a change to the log in one transaction: a tab closed halfway leaves it as before. */
export async function applyChange(change: QueueChange): Promise<void> {
  await transaction(["outbox"], "readwrite", (tx) => write(tx, change));
}

/** Writes a change of the log, inside the caller's transaction. */
async function write(tx: IDBTransaction, change: QueueChange): Promise<void> {
  const outbox = tx.objectStore("outbox");
  for (const seq of change.remove) await logWrite(tx, outbox.delete(seq));
  for (const { seq, changes } of change.update) {
    const deal = (await done(outbox.get(seq))) as Record<string, unknown> | undefined;
    if (!deal) continue;
    // A field set to undefined is left out, not stored as undefined.
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined) delete deal[key];
      else deal[key] = value;
    }
    await logWrite(tx, outbox.put(deal));
  }
  for (const entry of change.add ?? []) await logWrite(tx, outbox.add(entry));
}

/** The account's log, as the sync reads and changes it. */
export function queueStore(account: string): QueueStore {
  return { list: () => listQueue(account), apply: applyChange, markSent };
}

/**
 * Calls `listener` with the account's log (of one evening, if given) now and after every change (in any tab of the
 * phone); with none when it cannot be read. Reads that cross tell only the newest.
 */
export function watchQueue(account: string, eveningId: string | undefined, listener: (queue: QueuedDeal[]) => void) {
  let stopped = false;
  let asked = 0;
  const read = () => {
    const mine = ++asked;
    listQueue(account, eveningId).then(
      (queue) => !stopped && mine === asked && listener(queue),
      () => !stopped && mine === asked && listener([]),
    );
  };
  watchers.add(read);
  logChannel();
  read();
  return () => {
    stopped = true;
    watchers.delete(read);
  };
}

/** The account's whole log, now and after every change: what the phone counts (lib/offline/log-mark.ts). */
export const watchLog = (account: string, listener: (log: QueuedDeal[]) => void): (() => void) =>
  watchQueue(account, undefined, listener);

/**
 * Accounts signing out on this page: nothing more is kept for them. A save already on its way when the sign-out
 * forgot the copies (a page state arriving, a deal the outbox just sent) would otherwise bring one back.
 */
const signingOut = new Set<string>();

/**
 * Keeps the evening's state as the server sent it, unless a newer copy is kept already — which is returned then
 * (so a page opening reads the kept copy once, not again after saving).
 */
export async function saveCopy<T>(copy: EveningCopy<T>): Promise<EveningCopy<T> | undefined> {
  if (signingOut.has(copy.account)) return undefined;
  return transaction(["copies"], "readwrite", async (tx) => {
    if (signingOut.has(copy.account)) return undefined;
    const copies = tx.objectStore("copies");
    const kept = (await done(copies.get([copy.account, copy.id]))) as EveningCopy<T> | undefined;
    if (kept && (kept.version > copy.version || (kept.version === copy.version && kept.renderedAt >= copy.renderedAt)))
      return kept;
    await done(copies.put(copy));
    return undefined;
  });
}

export async function loadCopy<T>(account: string, id: string): Promise<EveningCopy<T> | undefined> {
  return transaction(
    ["copies"],
    "readonly",
    (tx) => done(tx.objectStore("copies").get([account, id])) as Promise<EveningCopy<T> | undefined>,
  );
}

/** The evenings kept for the account on this phone, newest first: what opens without a signal. */
export async function listCopies(account: string): Promise<Omit<EveningCopy, "data">[]> {
  const rows = await transaction(
    ["copies"],
    "readonly",
    (tx) => done(tx.objectStore("copies").index("account").getAll(account)) as Promise<EveningCopy[]>,
  );
  return rows
    .map(({ account, id, title, version, renderedAt }) => ({ account, id, title, version, renderedAt }))
    .sort((a, b) => b.renderedAt - a.renderedAt);
}

/**
 * Forgets every evening kept for the account on this phone (on signing out) and keeps no more for it until it is
 * signed in again (`keepCopies`); its outbox stays until sent.
 */
export async function forgetCopies(account: string): Promise<void> {
  signingOut.add(account);
  await transaction(["copies"], "readwrite", async (tx) => {
    const copies = tx.objectStore("copies");
    for (const key of await done(copies.index("account").getAllKeys(account))) await done(copies.delete(key));
  });
}

/** The account is signed in (again) on this phone: its evenings are kept once more. */
export function keepCopies(account: string): void {
  signingOut.delete(account);
}
