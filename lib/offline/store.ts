/**
 * This phone's own copy of what it needs without a signal, in IndexedDB (through Dexie): the outbox of deals
 * not yet stored by the server, and the last known state of each evening opened here. Loaded only by the
 * evening page, on demand; nothing here runs on the server.
 */
import Dexie, { liveQuery, type EntityTable } from "dexie";
import type { QueueChange, QueuedDeal } from "./outbox";
import type { QueueStore } from "./sync";

/** The last state of an evening this phone saw from the server, and when the server rendered it. */
export interface EveningCopy<T = unknown> {
  id: string;
  version: number;
  renderedAt: number;
  data: T;
}

class OfflineDb extends Dexie {
  outbox!: EntityTable<QueuedDeal, "seq">;
  evenings!: EntityTable<EveningCopy, "id">;

  constructor() {
    // No optimistic query cache: the tables are small, and every read should see what IndexedDB holds.
    super("protokoll", { cache: "disabled" });
    this.version(1).stores({ outbox: "++seq, eveningId, gameId, &clientKey", evenings: "id" });
  }
}

let db: OfflineDb | null = null;
function open(): OfflineDb {
  db ??= new OfflineDb();
  return db;
}

/** Puts a deal in the outbox, after every deal queued before it. */
export async function enqueue(deal: Omit<QueuedDeal, "seq" | "state" | "queuedAt">): Promise<void> {
  await open().outbox.add({ ...deal, state: "waiting", queuedAt: Date.now() });
}

export async function listQueue(eveningId?: string): Promise<QueuedDeal[]> {
  const table = open().outbox;
  const rows = eveningId ? await table.where("eveningId").equals(eveningId).toArray() : await table.toArray();
  return rows.sort((a, b) => a.seq! - b.seq!);
}

/** Applies a change to the outbox in one transaction: a tab closed halfway leaves it as before. */
export async function applyChange(change: QueueChange): Promise<void> {
  const { outbox } = open();
  await open().transaction("rw", outbox, async () => {
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
  });
}

/** The whole outbox, as the sync reads and changes it. */
export const queueStore: QueueStore = { list: () => listQueue(), apply: applyChange };

/** Calls `listener` with the evening's queued deals now and after every change (in this tab or another). */
export function watchQueue(eveningId: string, listener: (queue: QueuedDeal[]) => void): () => void {
  const subscription = liveQuery(() => listQueue(eveningId)).subscribe({
    next: listener,
    error: () => listener([]),
  });
  return () => subscription.unsubscribe();
}

/** Keeps the evening's state as the server sent it, unless a newer copy is kept already. */
export async function saveCopy<T>(copy: EveningCopy<T>): Promise<void> {
  const { evenings } = open();
  await open().transaction("rw", evenings, async () => {
    const kept = await evenings.get(copy.id);
    if (kept && (kept.version > copy.version || (kept.version === copy.version && kept.renderedAt >= copy.renderedAt)))
      return;
    await evenings.put(copy);
  });
}

export async function loadCopy<T>(id: string): Promise<EveningCopy<T> | undefined> {
  return (await open().evenings.get(id)) as EveningCopy<T> | undefined;
}

/** Forgets every evening kept on this phone (on signing out); the outbox stays until it is sent. */
export async function forgetEvenings(): Promise<void> {
  await open().evenings.clear();
}
