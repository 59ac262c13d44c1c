/**
 * This phone's own copy of what it needs without a signal, in IndexedDB (through Dexie): the log of changes the
 * server has not taken yet (one for every tab of the phone, decision 023), and the last known state of each
 * evening opened here — both per account (the account signed in when the change was made, or when the evening was
 * shown). Nothing here runs on the server.
 */
import Dexie, { liveQuery, type EntityTable } from "dexie";
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

class OfflineDb extends Dexie {
  outbox!: EntityTable<QueuedDeal, "seq">;
  copies!: EntityTable<EveningCopy, "id">;
  meta!: EntityTable<{ id: string; value: string }, "id">;

  constructor(name = "protokoll") {
    // No optimistic query cache: the tables are small, and every read should see what IndexedDB holds.
    super(name, { cache: "disabled" });
    this.version(1).stores({ outbox: "++seq, eveningId, gameId, &clientKey", evenings: "id" });
    // 2: deals and copies carry their account. Deals queued before have none until adoptUnowned (decision 010);
    // the old copies had no owner and are dropped (the next page shown keeps a new one).
    this.version(2).stores({
      outbox: "++seq, eveningId, gameId, &clientKey, account",
      evenings: null,
      copies: "[account+id], account",
    });
    // 3: the log's entries may be edits and deletions too (no new index); `meta` keeps the log's generation.
    this.version(3).stores({ meta: "id" });
  }
}

let db: OfflineDb | null = null;
let dbName = "protokoll";
const resets = new Set<() => void>();
function open(): OfflineDb {
  if (db) return db;
  const opened = new OfflineDb(dbName);
  // Closed under the app (the browser cleared the site's storage, or another version opened it): the next read
  // opens it anew, and whoever watches the log reads it again (lib/offline/log-mark.ts says what was lost).
  const closed = () => {
    if (db !== opened) return;
    db = null;
    for (const reset of resets) reset();
  };
  opened.on("close", closed);
  opened.on("versionchange", () => {
    opened.close();
    closed();
    return false;
  });
  db = opened;
  return db;
}

/** For tests: a fresh database of another name (fake-indexeddb). */
export function useDatabase(name: string): void {
  dbName = name;
  db = null;
}

/** Calls `listener` whenever the database was closed under the app (then opened again on the next read). */
export function onReset(listener: () => void): () => void {
  resets.add(listener);
  return () => void resets.delete(listener);
}

/** The log's generation: a random id made with the database, so a database the browser cleared is another one. */
export async function logGeneration(): Promise<string> {
  const { meta } = open();
  return open().transaction("rw", meta, async () => {
    const kept = await meta.get("generation");
    if (kept) return kept.value;
    const value = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, "0")).join(
      "",
    );
    await meta.put({ id: "generation", value });
    return value;
  });
}

/**
 * Puts a change at the end of its account's log, after every change made before it, in one transaction with the
 * checks of the log as stored now: provisional while an earlier entry of its game waits for the table's choice; and
 * a new deal another tab of this phone saved as the same deal a moment ago is not added again (`taken`).
 */
export async function enqueue(
  deal: Omit<QueuedDeal, "seq" | "state" | "queuedAt" | "provisional" | "account"> & { account: string },
): Promise<"added" | "taken"> {
  const { outbox } = open();
  return open().transaction("rw", outbox, async () => {
    const queue = await listQueue(deal.account, deal.eveningId);
    const blocked = enteredWhileBlocked(queue, deal.gameId);
    if (!blocked && queue.some((d) => sameNewDeal(d, deal))) return "taken";
    await outbox.add({ ...deal, ...(blocked ? { provisional: true } : {}), state: "waiting", queuedAt: Date.now() });
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
  const { outbox } = open();
  await open().transaction("rw", outbox, async () => {
    await write(decide(await listQueue(account, eveningId)));
  });
}

/**
 * The entry `seq` is about to be handed to the network: marked so (from now on it is never changed in place —
 * decision 023) and returned as it stands, in one transaction with any change of it; undefined when it is gone.
 */
export async function markSent(seq: number): Promise<QueuedDeal | undefined> {
  const { outbox } = open();
  return open().transaction("rw", outbox, async () => {
    const entry = await outbox.get(seq);
    if (entry && !entry.sent) await outbox.update(seq, { sent: true });
    return entry && { ...entry, sent: true };
  });
}

/** The account's queued deals (of one evening, if given), in the order they were entered. */
export async function listQueue(account: string, eveningId?: string): Promise<QueuedDeal[]> {
  const rows = await open().outbox.where("account").equals(account).toArray();
  return rows.filter((d) => !eveningId || d.eveningId === eveningId).sort((a, b) => a.seq! - b.seq!);
}

/** How many deals other accounts left waiting on this phone (shown, never sent or opened by this one). */
export async function countForeign(account: string | null): Promise<number> {
  return open()
    .outbox.filter((d) => d.account !== undefined && d.account !== account)
    .count();
}

/**
 * Deals queued by a build that did not record the account: they become the deals of the account signed in
 * when the upgraded app first opens (decision 010). Returns how many were adopted.
 */
export async function adoptUnowned(account: string): Promise<number> {
  return open()
    .outbox.filter((d) => d.account === undefined)
    .modify({ account });
}

/** Applies a change to the log in one transaction: a tab closed halfway leaves it as before. */
export async function applyChange(change: QueueChange): Promise<void> {
  const { outbox } = open();
  await open().transaction("rw", outbox, () => write(change));
}

/** Writes a change of the log, inside the caller's transaction. */
async function write(change: QueueChange): Promise<void> {
  const { outbox } = open();
  if (change.remove.length) await outbox.bulkDelete(change.remove);
  for (const { seq, changes } of change.update) {
    // Dexie leaves a field out when it is set to undefined only through modify.
    await outbox
      .where("seq")
      .equals(seq)
      .modify((deal) => {
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined) delete (deal as unknown as Record<string, unknown>)[key];
          else (deal as unknown as Record<string, unknown>)[key] = value;
        }
      });
  }
  for (const entry of change.add ?? []) await outbox.add(entry);
}

/** The account's log, as the sync reads and changes it. */
export function queueStore(account: string): QueueStore {
  return { list: () => listQueue(account), apply: applyChange, markSent };
}

/**
 * Calls `listener` with the account's log (of one evening, if given) now and after every change (in any tab); with
 * none when it cannot be read.
 */
export function watchQueue(account: string, eveningId: string | undefined, listener: (queue: QueuedDeal[]) => void) {
  const subscription = liveQuery(() => listQueue(account, eveningId)).subscribe({
    next: listener,
    error: () => listener([]),
  });
  return () => subscription.unsubscribe();
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
  const { copies } = open();
  return open().transaction("rw", copies, async () => {
    if (signingOut.has(copy.account)) return undefined;
    const kept = (await copies.get({ account: copy.account, id: copy.id })) as EveningCopy<T> | undefined;
    if (kept && (kept.version > copy.version || (kept.version === copy.version && kept.renderedAt >= copy.renderedAt)))
      return kept;
    await copies.put(copy);
    return undefined;
  });
}

export async function loadCopy<T>(account: string, id: string): Promise<EveningCopy<T> | undefined> {
  return (await open().copies.get({ account, id })) as EveningCopy<T> | undefined;
}

/** The evenings kept for the account on this phone, newest first: what opens without a signal. */
export async function listCopies(account: string): Promise<Omit<EveningCopy, "data">[]> {
  const rows = await open().copies.where("account").equals(account).toArray();
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
  await open().copies.where("account").equals(account).delete();
}

/** The account is signed in (again) on this phone: its evenings are kept once more. */
export function keepCopies(account: string): void {
  signingOut.delete(account);
}
