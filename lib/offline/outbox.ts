/**
 * The phone's log of changes, its decisions pure (no IndexedDB, no React, no network): which entry goes next,
 * what the server's record says about it, what a table's choice on a conflict does to the log, and what the phone
 * shows meanwhile — the server's record with the waiting entries played on top (decision 023). The store
 * (lib/offline/store.ts) keeps the log; the sync (lib/offline/sync.ts) carries these decisions out.
 */
import { evaluateGame, sameEntries, scorerAfter, type GameRecord, type GameResult } from "@/lib/rules";
import type { Entries } from "@/lib/rules";
import type { StoredDeal } from "@/lib/schemas/deal-api";

/**
 * An entry of the phone's log: a change this phone made to an evening that the server has not taken yet — a new
 * deal (no `kind`; every entry kept before the log had kinds is one), or an edit or deletion of a deal.
 */
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
  /** The deal's number on this phone's copy of the game (of an edit or deletion: the deal it changes, as shown). */
  number: number;
  /**
   * What the entry changes: absent for a new deal, "edit" or "delete" for a change of a deal, "game" for the
   * evening's next game (`gameId` then names it until the server gives it an id; `number` is the game's number).
   */
  kind?: "edit" | "delete" | "game";
  /** The next game's players in seat order, and the seat of its first dealer. */
  players?: string[];
  firstDealerSeat?: number;
  /** An edit or deletion: the deal as this phone showed it — the server refuses the change if it is another deal now. */
  expected?: Entries;
  /** An edit or deletion of a stored deal: the key it was recorded with, when the phone knew it. */
  expectedKey?: string;
  /**
   * An edit or deletion of a deal this log records (its recording was sent, and may be stored): that recording's
   * key, so the change finds its deal whatever number the server gave it — and none, if it was never stored.
   */
  target?: string;
  /**
   * Handed to the network at least once, so the server may hold it: from then on the entry is never changed in
   * place — a change of it is a new entry of the log, sent after it (the last intent wins, also mid-send).
   */
  sent?: true;
  /**
   * Entered while an earlier deal of its game waited for the table's choice (a conflict) or was refused: its
   * number is provisional. It is shown after the server's deals, never compared with a stored deal of its number,
   * and numbered for good after the choice (`renumberProvisional`).
   */
  provisional?: boolean;
  /** The deal's entries (of a deletion: the deal as shown). */
  entries: Entries;
  /** Chosen when the change was made: the server applies it once, and answers a second send as the first. */
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
 * (it can be edited); moved: the server's record no longer ends where this phone's copy ended (another phone
 * undid or deleted deals) — the table decides whether it follows the record's last deal; changed: an edit or
 * deletion of a deal that another phone changed or deleted meanwhile; unstarted: entered for a next game this phone
 * started whose start the server refused (another phone started that game first, with other seats) and the table
 * deleted — it can move into the evening's current game.
 */
export type RefusalKind = "won" | "ended" | "gone" | "rules" | "moved" | "changed" | "unstarted";

/** A deal as the server stores it. */
/** A stored deal as the log weighs its changes against it: its place in the list is its number. */
export type ServerDeal = Pick<StoredDeal, "entries" | "clientKey"> & Partial<Pick<StoredDeal, "by">>;

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
  | { kind: "moved"; number: number; next: number }
  | { kind: "record"; number: number };

export function planStep(
  deal: Pick<QueuedDeal, "number" | "entries" | "clientKey" | "provisional">,
  server: ServerDeal[],
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
  // Fewer deals on the server than this phone's copy had (another phone undid or deleted one): never stored under
  // another number — its dealer and trumftvång would not be the ones it was entered under — without the table.
  if (deal.number > server.length + 1) return { kind: "moved", number: deal.number, next: server.length + 1 };
  return { kind: "record", number: server.length + 1 };
}

/**
 * What to do with an edit or deletion, given the server's deals of its game now: `drop` when the deal it changes
 * was never stored (its recording was dropped by the table's choice), else send it for deal `number` (the server
 * checks `expected`, and answers a repeat of its key as the first time).
 */
export function planChange(
  change: Pick<QueuedDeal, "number" | "target">,
  server: readonly ServerDeal[],
): { kind: "drop" } | { kind: "send"; number: number } {
  if (!change.target) return { kind: "send", number: change.number };
  const at = server.findIndex((d) => d.clientKey === change.target);
  return at < 0 ? { kind: "drop" } : { kind: "send", number: at + 1 };
}

/**
 * An edit or deletion the server refused (its deal was changed or deleted on another phone): it was not made, and
 * waits only for the table to read it and delete it — it holds back nothing entered after it.
 */
export const setAside = (d: Pick<QueuedDeal, "kind" | "state">) =>
  (d.kind === "edit" || d.kind === "delete") && d.state === "refused";

/**
 * Whether a new entry of `gameId` is provisional: an earlier one of its game waits for the table's choice (a change
 * set aside does not count). It is then shown, and sent, after the server's deals (`renumberProvisional`).
 */
export const enteredWhileBlocked = (queue: readonly QueuedDeal[], gameId: string) =>
  queue.some((d) => d.gameId === gameId && d.state !== "waiting" && !setAside(d));

/** Whether `d` is a new deal waiting as the same deal of the same game as `deal` (two tabs saving one deal). */
export const sameNewDeal = (d: QueuedDeal, deal: Pick<QueuedDeal, "kind" | "gameId" | "number">) =>
  !deal.kind &&
  !d.kind &&
  !d.provisional &&
  d.state === "waiting" &&
  d.gameId === deal.gameId &&
  d.number === deal.number;

/**
 * The log in the order it is sent: per game, in the order the changes were made (a change set aside left out) — a
 * next game started here first of its game, also before deals moved into it that were entered earlier.
 */
export function sendOrder<T extends Pick<QueuedDeal, "seq" | "gameId" | "kind" | "state">>(queue: readonly T[]): T[][] {
  const games = new Map<string, T[]>();
  for (const deal of [...queue].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))) {
    if (setAside(deal)) continue;
    const list = games.get(deal.gameId) ?? [];
    if (deal.kind === "game") list.unshift(deal);
    else list.push(deal);
    games.set(deal.gameId, list);
  }
  // A next game goes where it was started: behind every change made before it.
  const at = (list: T[]) => list[0]!.seq ?? 0;
  return [...games.values()].sort((a, b) => at(a) - at(b));
}

export type Choice = "theirs" | "mine" | "both";

/** A change to the log: entries to drop, entries to rewrite, and entries to add at its end. */
export interface QueueChange {
  remove: number[];
  update: { seq: number; changes: Partial<QueuedDeal> }[];
  add?: Omit<QueuedDeal, "seq">[];
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
  const deal = queue.find((d) => d.seq === seq);
  if (!deal || deal.state !== "conflict") return { remove: [], update: [] };
  if (choice === "theirs") return { remove: [seq], update: [] };
  if (choice === "mine") return { remove: [seq], update: [] };
  const number = serverLength + 1;
  return {
    remove: [],
    // A change of a deal keeps its deal's number: only the new deals move.
    update: [
      { seq, changes: { number, state: "waiting", theirs: undefined, theirsBy: undefined } },
      ...following(queue, deal, number, () => true),
    ],
  };
}

/**
 * The new deals of `deal`'s game entered after it, numbered anew behind it now that it stands as deal `number`:
 * each after the one before, a deletion entered in between taking one deal away — as the phone showed them, never
 * below 1 whatever numbers earlier choices left them.
 */
function following(
  queue: readonly QueuedDeal[],
  deal: QueuedDeal,
  number: number,
  include: (d: QueuedDeal) => boolean,
): QueueChange["update"] {
  let last = number;
  const update: QueueChange["update"] = [];
  for (const d of [...queue].sort((a, b) => a.seq! - b.seq!)) {
    if (d.gameId !== deal.gameId || d.seq! <= deal.seq! || !include(d)) continue;
    if (d.kind === "delete" && !setAside(d)) last = Math.max(last - 1, 0);
    else if (!d.kind) update.push({ seq: d.seq!, changes: { number: ++last } });
  }
  return update;
}

/** Deleting a queued deal: the new deals queued after it in its game move up one place. */
export function removeQueued(queue: readonly QueuedDeal[], seq: number): QueueChange {
  const deal = queue.find((d) => d.seq === seq);
  if (!deal) return { remove: [], update: [] };
  if (deal.kind) return { remove: [seq], update: [] };
  return {
    remove: [seq],
    update: queue
      .filter((d) => d.gameId === deal.gameId && d.number > deal.number && (!d.kind || !d.target))
      .map((d) => ({ seq: d.seq!, changes: { number: d.number - 1 } })),
  };
}

/** The id a next game started on this phone goes by until the server gives it one. */
export const pendingGameId = (key: string) => `pending-${key}`;

/** Whether `gameId` names a next game started on this phone that the server has not started (yet). */
export const isPendingGame = (gameId: string) => gameId.startsWith("pending-");

/** A new key for a change of the log: 128 random bits, as the server takes them (8–64 printable characters). */
export function changeKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A change the table makes to a deal it sees: its new entries, or its deletion. */
export type ShownChange = { kind: "edit"; entries: Entries } | { kind: "delete" };

/**
 * The table changes deal `number` as shown, which the log's entry `seq` shows (a new deal waiting, or an edit of
 * one). An entry not yet handed to the network is changed in place (a deletion of a new deal takes it out of the
 * log); one that was — it may be on its way, or stored already — is left as it is, and the change becomes a new
 * entry after it, keyed `key`: an edit or deletion of the deal it stores. Either way the last intent wins.
 */
export function changeShown(queue: readonly QueuedDeal[], seq: number, change: ShownChange, key: string): QueueChange {
  const entry = queue.find((d) => d.seq === seq);
  if (!entry) return { remove: [], update: [] };
  if (!entry.sent) {
    if (change.kind === "delete" && !entry.kind) return removeQueued(queue, seq);
    const fresh = {
      state: "waiting",
      reason: undefined,
      refusal: undefined,
      theirs: undefined,
      theirsBy: undefined,
    } as const;
    const changes: Partial<QueuedDeal> =
      change.kind === "edit"
        ? { ...fresh, entries: change.entries }
        : { ...fresh, kind: "delete", entries: entry.expected ?? entry.entries };
    return { remove: [], update: [{ seq, changes }] };
  }
  // A new entry of the same evening, game and account: nothing of the old one's sending, choice or refusal.
  const { eveningId, gameId, account, provisional, queuedAt } = entry;
  return {
    remove: [],
    update: [],
    add: [
      {
        eveningId,
        gameId,
        ...(account === undefined ? {} : { account }),
        ...(provisional ? { provisional } : {}),
        number: entry.number,
        kind: change.kind,
        entries: change.kind === "edit" ? change.entries : entry.entries,
        expected: entry.entries,
        // The deal a new deal's entry stores, or the one an edit's entry changes.
        target: entry.kind ? entry.target : entry.clientKey,
        clientKey: key,
        state: "waiting",
        queuedAt,
      },
    ],
  };
}

/** The game as this phone shows it: the server's deals, then the queued deals that follow them. */
export interface LocalGame {
  record: GameRecord;
  result: GameResult;
  /** The numbers of the deals shown that are still waiting to be sent (new or changed). */
  queued: number[];
  /** Of those, the numbers that are provisional: entered while the table has a choice to make. */
  provisional: number[];
  /** The log's key (`seq`) of the entry each waiting deal is shown from, by the number it is shown with. */
  seqOf: Map<number, number>;
  /** The key each deal shown was recorded with, by position, where known: what a change of it names. */
  keys: readonly (string | null | undefined)[];
}

const NO_NUMBERS: number[] = [];

/** A deal as the phone shows it, and the entry of the log it comes from, if any. */
interface Shown {
  entries: Entries;
  seq?: number;
  /** The key of the new deal's entry that records it: what an edit or deletion of it names as its target. */
  key?: string;
  provisional?: boolean;
}

/**
 * The server's copy of a game with this phone's waiting entries played on top, in order, as far as the rules
 * accept them: a new deal follows the deals shown, an edit or deletion changes the deal it names (by its
 * recording's key, or by number when the deal shown there is the one it was made on). An entry waiting for a
 * choice or refused holds back the new deals entered before it was found (they wait for the choice, as does the
 * sync); deals entered after it (provisional) are shown after the server's deals, numbered from there. A deal the
 * rules refuse here stops the deals of its kind after it; a change the rules refuse is not shown.
 */
export function withQueued(
  record: GameRecord,
  result: GameResult,
  queue: readonly QueuedDeal[],
  keys: readonly (string | null)[] = [],
): LocalGame {
  // Nothing waiting: the same lists every time, so what shows them need not render again.
  const none: LocalGame = { record, result, queued: NO_NUMBERS, provisional: NO_NUMBERS, seqOf: new Map(), keys };
  if (!queue.some((d) => d.state === "waiting")) return none;
  let shown: Shown[] = record.deals.map((d, i) => ({ entries: d.entries, key: keys[i] ?? undefined }));
  const deals = () => shown.map((d) => ({ entries: d.entries }));
  let created = scorerAfter(record);
  if (!created.ok) return none;
  /** Whether `created` scores exactly the deals shown (an edit or deletion starts it again). */
  let current = true;
  let changed = false;
  let held = false;
  let provisionalStopped = false;
  for (const entry of queue) {
    if (entry.kind === "game" || setAside(entry)) continue; // a game is shown as a game; a change not made, not at all
    if (entry.state !== "waiting") {
      // A conflict knows the server's deal of its number: shown in its place until the page's record has it, so the
      // form's number does not step back and forth meanwhile.
      const theirs = entry.state === "conflict" && !entry.kind && !held ? entry.theirs : undefined;
      if (theirs && entry.number === shown.length + 1) {
        if (!current) {
          created = scorerAfter({ ...record, deals: deals() });
          if (!created.ok) return none;
          current = true;
        }
        if (created.scorer.push({ entries: theirs }).ok) {
          shown.push({ entries: theirs });
          changed = true;
        }
      }
      held = true;
      continue;
    }
    if (entry.kind) {
      // A change names its deal: shown wherever that deal is shown, whatever waits before it.
      const byKey = entry.target ? shown.findIndex((d) => d.key === entry.target) : -1;
      const at = byKey >= 0 ? byKey : entry.number - 1;
      const there = shown[at];
      if (!there || (byKey < 0 && entry.expected && !sameEntries(there.entries, entry.expected))) continue;
      const next =
        entry.kind === "edit"
          ? shown.map((d, i) => (i === at ? { ...d, entries: entry.entries, seq: entry.seq } : d))
          : shown.filter((_, i) => i !== at);
      if (!evaluateGame({ ...record, deals: next.map((d) => ({ entries: d.entries })) }).ok) continue;
      shown = next;
      current = false;
      changed = true;
      continue;
    }
    // The server's record ends before this phone's copy did (another phone undid or deleted deals): the deal is
    // shown after the record's last with a provisional number, as *Store as deal N* would store it (the sync asks).
    const follows = !entry.provisional && !held && entry.number > shown.length + 1;
    const provisionalHere = entry.provisional || follows;
    // The server holds a deal of its number already (another phone's, or this one): the sync compares the two — the
    // same deal is kept once, another is the table's choice. Either way it is not shown here, and it holds back
    // nothing: what was entered after it follows the deals shown, as the sync sends it.
    if (!entry.provisional && !held && entry.number <= shown.length) continue;
    if (provisionalHere ? provisionalStopped : held || entry.number !== shown.length + 1) {
      if (!follows) {
        held ||= !entry.provisional;
        continue;
      }
    }
    if (!current) {
      created = scorerAfter({ ...record, deals: deals() });
      if (!created.ok) return none;
      current = true;
    }
    if (!created.scorer.push({ entries: entry.entries }).ok) {
      if (provisionalHere) provisionalStopped = true;
      else held = true;
      continue;
    }
    shown.push({ entries: entry.entries, seq: entry.seq, key: entry.clientKey, provisional: provisionalHere });
    changed = true;
  }
  if (!changed) return none;
  const queued: number[] = [];
  const provisional: number[] = [];
  const seqOf = new Map<number, number>();
  shown.forEach((d, i) => {
    if (d.seq === undefined) return;
    queued.push(i + 1);
    if (d.provisional) provisional.push(i + 1);
    seqOf.set(i + 1, d.seq);
  });
  const local = { ...record, deals: deals() };
  const scored = current ? created.scorer.result() : evaluateGame(local).result;
  if (!scored) return none;
  return { record: local, result: scored, queued, provisional, seqOf, keys: shown.map((d) => d.key) };
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
      // A change of a deal keeps the number of the deal it changes; a new deal follows the last.
      if (deal.kind) update.push({ seq: deal.seq!, changes: { provisional: undefined } });
      else update.push({ seq: deal.seq!, changes: { number: ++last, provisional: undefined } });
    } else if (!deal.provisional && !deal.kind) last = Math.max(last, deal.number);
  }
  return { remove: [], update };
}

/**
 * The table's choice on a deal the server's record no longer ends before (refusal "moved"): it follows the
 * record's last deal as `next`, and the new deals entered after it in its game move with it.
 */
export function followRecord(queue: readonly QueuedDeal[], seq: number, next: number): QueueChange {
  const deal = queue.find((d) => d.seq === seq);
  if (!deal || deal.kind) return { remove: [], update: [] };
  const fresh = { state: "waiting", reason: undefined, refusal: undefined } as const;
  return {
    remove: [],
    update: [{ seq, changes: { ...fresh, number: next } }, ...following(queue, deal, next, (d) => !d.provisional)],
  };
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
  const add = [...(first.add ?? []), ...(second.add ?? [])];
  return { remove, update: update.filter((u) => !remove.includes(u.seq)), ...(add.length ? { add } : {}) };
}

/**
 * How the log stands: new deals to be sent, changes of deals (edits, deletions) and next games to be sent, entries
 * waiting for the table's choice, entries not accepted.
 */
export function outboxCounts(queue: readonly QueuedDeal[]): {
  waiting: number;
  changes: number;
  games: number;
  conflict: number;
  refused: number;
} {
  const counts = { waiting: 0, changes: 0, games: 0, conflict: 0, refused: 0 };
  for (const deal of queue) {
    const waiting = deal.state === "waiting";
    counts[waiting && deal.kind === "game" ? "games" : waiting && deal.kind ? "changes" : deal.state]++;
  }
  return counts;
}
