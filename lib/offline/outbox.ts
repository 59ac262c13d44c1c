/**
 * The outbox's decisions, pure (no IndexedDB, no React, no network): which queued deal goes next, what the
 * server's record says about it, what a table's choice on a conflict does to the queue, and what the phone
 * shows meanwhile. The store (lib/offline/store.ts) keeps the queue; the sync (lib/offline/sync.ts) carries
 * these decisions out.
 */
import { sameEntries, scorerAfter, type GameRecord, type GameResult } from "@/lib/rules";
import type { Entries } from "@/lib/rules";

/** A deal saved on this phone that the server has not stored yet. */
export interface QueuedDeal {
  /** The order deals were entered on this phone (IndexedDB's auto-increment key). */
  seq?: number;
  /**
   * The account signed in when it was entered: only that account's session sends, shows or changes it. Absent
   * only on deals queued before accounts were recorded, until the store hands them to an account (decision 010).
   */
  account?: string;
  eveningId: string;
  gameId: string;
  /** The deal's number on this phone's copy of the game. */
  number: number;
  /**
   * Entered while an earlier deal of its game waited for the table's choice (a conflict) or was refused: its
   * number is provisional. It is shown after the server's deals, never compared with a stored deal of its number,
   * and numbered for good after the choice (`renumberProvisional`).
   */
  provisional?: boolean;
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
  /** Who entered `theirs` (an account's name), when the server said. */
  theirsBy?: string;
  /** Why it was refused, as the server said it (in the language of the page that sent it). */
  reason?: string;
  /** What kind of refusal, so the phone says it in its own words and offers what fits (RefusalKind). */
  refusal?: RefusalKind;
}

/**
 * won: its game was won meanwhile (it can move into the evening's current game); ended: the evening has ended;
 * gone: the evening or game is not open to this account (any more); rules: the rules refuse it as it stands
 * (it can be edited).
 */
export type RefusalKind = "won" | "ended" | "gone" | "rules";

/** A deal as the server stores it. */
export interface StoredDeal {
  entries: Entries;
  clientKey: string | null;
  /** Who recorded it (the account's name), when the server says. */
  by?: string | null;
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
  | { kind: "conflict"; number: number; theirs: Entries; by: string | null }
  | { kind: "record"; number: number };

export function planStep(
  deal: Pick<QueuedDeal, "number" | "entries" | "clientKey" | "provisional">,
  server: StoredDeal[],
): SyncStep {
  const stored = server.findIndex((d) => d.clientKey === deal.clientKey);
  if (stored >= 0) return { kind: "stored", number: stored + 1 };
  // Entered after the table saw the record it follows: a new deal, whatever number it was shown with.
  if (deal.provisional) return { kind: "record", number: server.length + 1 };
  if (deal.number <= server.length) {
    const stored = server[deal.number - 1]!;
    return sameEntries(stored.entries, deal.entries)
      ? { kind: "same", number: deal.number }
      : { kind: "conflict", number: deal.number, theirs: stored.entries, by: stored.by ?? null };
  }
  // Fewer deals on the server than this phone's copy had (one was deleted meanwhile): it follows the last.
  return { kind: "record", number: server.length + 1 };
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
          ? { number: d.number + shift, state: "waiting", theirs: undefined, theirsBy: undefined }
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
  /** Of those, the numbers that are provisional: entered while the table has a choice to make. */
  provisional: number[];
  /** The outbox's key (`seq`) of each waiting deal shown, by the number it is shown with. */
  seqOf: Map<number, number>;
}

const NO_NUMBERS: number[] = [];

/**
 * The server's copy of a game with this phone's waiting deals played on top, in order, as far as the rules
 * accept them. A deal waiting for a choice or refused holds back the deals entered before it was found (they
 * wait for the choice, as does the sync); deals entered after it (provisional) are shown after the server's
 * deals, numbered from there. A deal the rules refuse here stops the deals of its kind after it.
 */
export function withQueued(record: GameRecord, result: GameResult, queue: readonly QueuedDeal[]): LocalGame {
  // Nothing waiting: the same lists every time, so what shows them need not render again.
  const none: LocalGame = { record, result, queued: NO_NUMBERS, provisional: NO_NUMBERS, seqOf: new Map() };
  if (!queue.some((d) => d.state === "waiting")) return none;
  const created = scorerAfter(record);
  if (!created.ok) return none;
  const { scorer } = created;
  const deals = [...record.deals];
  const queued: number[] = [];
  const provisional: number[] = [];
  const seqOf = new Map<number, number>();
  let held = false;
  let provisionalStopped = false;
  for (const deal of queue) {
    if (deal.state !== "waiting") {
      held = true;
      continue;
    }
    if (deal.provisional ? provisionalStopped : held || deal.number !== deals.length + 1) {
      held ||= !deal.provisional;
      continue;
    }
    if (!scorer.push({ entries: deal.entries }).ok) {
      if (deal.provisional) provisionalStopped = true;
      else held = true;
      continue;
    }
    deals.push({ entries: deal.entries });
    queued.push(deals.length);
    if (deal.provisional) provisional.push(deals.length);
    seqOf.set(deals.length, deal.seq!);
  }
  if (!queued.length) return none;
  return { record: { ...record, deals }, result: scorer.result(), queued, provisional, seqOf };
}

/**
 * After the table's choice on a conflict (`queue`: the game's queued deals as the choice left them): the deals
 * entered meanwhile get their numbers for good — after the server's last deal (`serverLength`) and after every
 * deal still queued before them — and become ordinary waiting deals, sent in order. Each is checked by the rules
 * again when it is sent (a refusal goes to the refused deals).
 */
export function renumberProvisional(queue: readonly QueuedDeal[], serverLength: number): QueueChange {
  const update: QueueChange["update"] = [];
  let last = serverLength;
  for (const deal of queue) {
    if (deal.provisional && !queue.some((d) => d.seq! < deal.seq! && d.state === "conflict")) {
      last++;
      update.push({ seq: deal.seq!, changes: { number: last, provisional: undefined } });
    } else if (!deal.provisional) last = Math.max(last, deal.number);
  }
  return { remove: [], update };
}

/**
 * A refused deal moved into another game of the evening (the game it was entered for was won meanwhile): it
 * becomes that game's next deal (`number`) and waits to be sent again, checked by the rules like any other.
 */
export function moveQueued(deal: QueuedDeal, gameId: string, number: number): QueueChange {
  return {
    remove: [],
    update: [
      {
        seq: deal.seq!,
        changes: { gameId, number, state: "waiting", reason: undefined, refusal: undefined, provisional: undefined },
      },
    ],
  };
}

/** Applies `second` after `first`, as one change of the outbox. */
export function thenChange(first: QueueChange, second: QueueChange): QueueChange {
  const remove = [...first.remove, ...second.remove];
  const update = [...first.update];
  for (const u of second.update) {
    if (remove.includes(u.seq)) continue;
    const earlier = update.find((e) => e.seq === u.seq);
    if (earlier) earlier.changes = { ...earlier.changes, ...u.changes };
    else update.push(u);
  }
  return { remove, update: update.filter((u) => !remove.includes(u.seq)) };
}

/** How the outbox stands: deals to be sent, deals waiting for the table's choice, deals not accepted. */
export function outboxCounts(queue: readonly QueuedDeal[]): { waiting: number; conflict: number; refused: number } {
  const counts = { waiting: 0, conflict: 0, refused: 0 };
  for (const deal of queue) counts[deal.state]++;
  return counts;
}
