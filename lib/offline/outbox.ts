/**
 * The outbox's decisions, pure (no IndexedDB, no React, no network): which queued deal goes next, what the
 * server's record says about it, what a table's choice on a conflict does to the queue, and what the phone
 * shows meanwhile. The store (lib/offline/store.ts) keeps the queue; the sync (lib/offline/sync.ts) carries
 * these decisions out.
 */
import { createScorer, type EntryRecord, type GameRecord, type GameResult } from "@/lib/rules";

export type Entries = Record<string, EntryRecord>;

/** A deal saved on this phone that the server has not stored yet. */
export interface QueuedDeal {
  /** The order deals were entered on this phone (IndexedDB's auto-increment key). */
  seq?: number;
  eveningId: string;
  gameId: string;
  /** The deal's number on this phone's copy of the game. */
  number: number;
  entries: Entries;
  /** Chosen when the deal was entered: a second send of the same deal is recognised by the server. */
  clientKey: string;
  queuedAt: number;
  /**
   * waiting: to be sent; conflict: another phone recorded a different deal with this number (`theirs`), the
   * table chooses; refused: the rules or the server refuse it now (`reason`), the table edits or deletes it.
   */
  state: "waiting" | "conflict" | "refused";
  theirs?: Entries;
  reason?: string;
}

/** A deal as the server stores it. */
export interface StoredDeal {
  entries: Entries;
  clientKey: string | null;
}

/**
 * What to do with a queued deal, given the server's deals of its game now:
 * - `stored`: the server holds it already (an earlier send whose answer never arrived) — drop it from the outbox;
 * - `same`: another phone recorded this deal number with identical entries — the same deal, kept once;
 * - `conflict`: another phone recorded this deal number with different entries — the table chooses;
 * - `record`: the server's record ends where this phone's copy ended — send it as the next deal.
 */
export type SyncStep =
  | { kind: "stored"; number: number }
  | { kind: "same"; number: number }
  | { kind: "conflict"; number: number; theirs: Entries }
  | { kind: "record"; number: number };

export function planStep(deal: Pick<QueuedDeal, "number" | "entries" | "clientKey">, server: StoredDeal[]): SyncStep {
  const stored = server.findIndex((d) => d.clientKey === deal.clientKey);
  if (stored >= 0) return { kind: "stored", number: stored + 1 };
  if (deal.number <= server.length) {
    const theirs = server[deal.number - 1]!.entries;
    return sameEntries(theirs, deal.entries)
      ? { kind: "same", number: deal.number }
      : { kind: "conflict", number: deal.number, theirs };
  }
  // Fewer deals on the server than this phone's copy had (one was deleted meanwhile): it follows the last.
  return { kind: "record", number: server.length + 1 };
}

/** One seat's entry in one shape: exchanges as rounds without empty ones ("0 cards" is no exchange), no empty fields. */
function normalEntry(entry: EntryRecord | undefined): string {
  if (!entry) return "-";
  const rounds =
    entry.exchanged === undefined ? [] : Array.isArray(entry.exchanged) ? entry.exchanged : [entry.exchanged];
  const exchanged = rounds.filter((n) => n !== 0);
  return JSON.stringify([entry.plays, exchanged, entry.tricks ?? null, entry.revoke ?? false]);
}

/** Whether two deals say the same thing about every seat, however each phone wrote it down. */
export function sameEntries(a: Entries, b: Entries): boolean {
  const seats = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const seat of seats) if (normalEntry(a[seat]) !== normalEntry(b[seat])) return false;
  return true;
}

/** The outbox in the order its deals are sent: per game, in the order they were entered. */
export function sendOrder<T extends Pick<QueuedDeal, "seq" | "gameId">>(queue: readonly T[]): T[][] {
  const games = new Map<string, T[]>();
  for (const deal of [...queue].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    const list = games.get(deal.gameId) ?? [];
    list.push(deal);
    games.set(deal.gameId, list);
  }
  return [...games.values()];
}

export type Choice = "theirs" | "mine" | "both";

/** A change to the outbox: deals to drop, deals to rewrite. */
export interface QueueChange {
  remove: number[];
  update: { seq: number; changes: Partial<QueuedDeal> }[];
}

/**
 * What a choice on a conflicted deal does to this phone's queue for its game (`queue`: the game's queued deals
 * in order, `serverLength`: how many deals the server holds). Keep theirs drops mine; keep mine sends mine as an
 * edit of theirs (the sync does that, then drops it); keep both moves mine, and every deal queued after it, to
 * follow the server's last deal.
 */
export function chooseOnConflict(
  queue: readonly QueuedDeal[],
  seq: number,
  choice: Choice,
  serverLength: number,
): QueueChange {
  const index = queue.findIndex((d) => d.seq === seq);
  const deal = queue[index];
  if (!deal || deal.state !== "conflict") return { remove: [], update: [] };
  if (choice === "theirs") return { remove: [seq], update: [] };
  if (choice === "mine") return { remove: [seq], update: [] };
  const shift = serverLength + 1 - deal.number;
  return {
    remove: [],
    update: queue.slice(index).map((d) => ({
      seq: d.seq!,
      changes:
        d.seq === seq
          ? { number: d.number + shift, state: "waiting", theirs: undefined }
          : { number: d.number + shift },
    })),
  };
}

/** Deleting a queued deal: the deals queued after it in its game move up one place. */
export function removeQueued(queue: readonly QueuedDeal[], seq: number): QueueChange {
  const deal = queue.find((d) => d.seq === seq);
  if (!deal) return { remove: [], update: [] };
  return {
    remove: [seq],
    update: queue
      .filter((d) => d.gameId === deal.gameId && d.number > deal.number)
      .map((d) => ({ seq: d.seq!, changes: { number: d.number - 1 } })),
  };
}

/** The game as this phone shows it: the server's deals, then the queued deals that follow them. */
export interface LocalGame {
  record: GameRecord;
  result: GameResult;
  /** The numbers of the deals shown that are still waiting to be sent. */
  queued: number[];
}

/**
 * The server's copy of a game with this phone's waiting deals played on top, in order, as far as the rules
 * accept them (a deal they refuse, and all after it, stay in the outbox with their reason).
 */
export function withQueued(record: GameRecord, result: GameResult, queue: readonly QueuedDeal[]): LocalGame {
  if (!queue.some((d) => d.state === "waiting")) return { record, result, queued: [] };
  const created = createScorer(record);
  if (!created.ok) return { record, result, queued: [] };
  const { scorer } = created;
  for (const deal of record.deals) scorer.push(deal);
  const deals = [...record.deals];
  const queued: number[] = [];
  for (const deal of queue) {
    if (deal.state !== "waiting" || deal.number !== deals.length + 1) break;
    if (!scorer.push({ entries: deal.entries }).ok) break;
    deals.push({ entries: deal.entries });
    queued.push(deal.number);
  }
  if (!queued.length) return { record, result, queued };
  return { record: { ...record, deals }, result: scorer.result(), queued };
}
