"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { loadOffline } from "@/app/_components/phone";
import {
  changeKey,
  changeShown,
  chooseOnConflict,
  followRecord,
  moveQueued,
  removeQueued,
  renumberProvisional,
  setAside,
  thenChange,
  type Choice,
  type QueueChange,
  type QueuedDeal,
  type ShownChange,
} from "@/lib/offline/outbox";
import type { NewDeal } from "@/lib/offline/writer";

const NONE: QueuedDeal[] = [];

/** A new deal's number was taken by a deal another tab of this phone saved meanwhile. */
export class TakenHere extends Error {
  constructor(readonly number: number) {
    super(`deal ${number} taken in another tab`);
  }
}

/** The queue after `change`, as the store will hold it. */
function applied(queue: readonly QueuedDeal[], change: QueueChange): QueuedDeal[] {
  return queue
    .filter((d) => !change.remove.includes(d.seq!))
    .map((d) => {
      const update = change.update.find((u) => u.seq === d.seq);
      return update ? { ...d, ...update.changes } : d;
    });
}

/**
 * `change` to the game's part of the outbox, then the deals entered meanwhile numbered for good once nothing of
 * the game waits for the table any more (`serverLength`: the deals the server holds of that game).
 */
function withRenumbering(queue: readonly QueuedDeal[], gameId: string, change: QueueChange, serverLength: number) {
  const after = applied(
    queue.filter((d) => d.gameId === gameId),
    change,
  );
  if (after.some((d) => d.state !== "waiting" && !setAside(d))) return change;
  return thenChange(change, renumberProvisional(after, serverLength));
}

/**
 * This account's log of changes to the evening waiting on this phone, and what the table can do with it: add a
 * new deal, an edit or a deletion; change a waiting deal as shown; edit or delete a refused one, move it into the
 * current game, choose on a conflict. `loaded` once the log was read for the first time (or could not be): the
 * deal form takes no tap before, so it never offers a number the log would change.
 */
export function useOutbox(account: string | null, eveningId: string, sync: () => void) {
  const [queue, setQueue] = useState<QueuedDeal[]>([]);
  const [loaded, setLoaded] = useState<string | null>(null);
  /** The account and evening whose queue is shown: a save that finishes after a change of account shows nothing. */
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!account) return;
    shown.current = `${account}\n${eveningId}`;
    let stop = () => {};
    let cancelled = false;
    const key = `${account}\n${eveningId}`;
    const shownNow = (queue: QueuedDeal[]) => {
      setQueue(queue);
      setLoaded(key);
    };
    void loadOffline().then(
      async ({ store }) => {
        // Deals an earlier build queued without an account are this account's before the log is first shown
        // (decision 010): read before that, the form would offer a number they then take.
        await store.adoptUnowned(account).catch(() => 0);
        if (cancelled) return;
        let watch = store.watchQueue(account, eveningId, shownNow);
        // The database closed under the app (the browser cleared it): the log is read anew, never shown stale.
        const stopReset = store.onReset(() => {
          watch();
          watch = store.watchQueue(account, eveningId, shownNow);
        });
        stop = () => {
          stopReset();
          watch();
        };
      },
      () => setLoaded(key),
    );
    return () => {
      cancelled = true;
      shown.current = null;
      stop();
    };
  }, [account, eveningId]);

  /**
   * Adds a change to the log: a new deal, or an edit or deletion of a stored one (`kind`, `expected`); provisional
   * while an earlier entry of its game waits for the table. `sent` when it was handed to the network already (a
   * send whose answer never came): the server may hold it, so it is never changed in place.
   */
  const enqueue = useCallback(
    async (deal: NewDeal & Pick<QueuedDeal, "kind" | "expected" | "sent">) => {
      if (!account) throw new Error("No account on this phone");
      const { store } = await loadOffline();
      // Another tab of this phone saved the same deal a moment ago (the log is shared): not a second deal N.
      if ((await store.enqueue({ ...deal, account, eveningId })) === "taken") throw new TakenHere(deal.number);
      // Shown before the save is told done: the next deal's form starts now, not when the watch reports the deal a
      // moment later — a tap on that form in between would be lost as the form starts again.
      const queue = await store.listQueue(account, eveningId);
      if (shown.current === `${account}\n${eveningId}`) setQueue(queue);
      sync();
    },
    [account, eveningId, sync],
  );

  /**
   * Changes the queued deal `seq` by `change(deal, queue)` (the evening's queue as stored now), then sends; nothing
   * when the deal is gone meanwhile (sent, or changed in another tab).
   */
  const changeQueued = useCallback(
    async (seq: number, change: (deal: QueuedDeal, queue: QueuedDeal[]) => QueueChange) => {
      if (!account) return;
      const { store } = await loadOffline();
      const queue = await store.listQueue(account, eveningId);
      const deal = queue.find((d) => d.seq === seq);
      if (!deal) return;
      await store.applyChange(change(deal, queue));
      sync();
    },
    [account, eveningId, sync],
  );

  /** Changes a deal still in the outbox; it goes back to waiting, to be checked and sent again. */
  const editQueued = useCallback(
    (seq: number, entries: QueuedDeal["entries"], serverLength: number) =>
      changeQueued(seq, (deal, queue) => {
        const changes = { entries, state: "waiting", reason: undefined, refusal: undefined } as const;
        const edit = { remove: [], update: [{ seq, changes: { ...changes, theirs: undefined, theirsBy: undefined } }] };
        return withRenumbering(queue, deal.gameId, edit, serverLength);
      }),
    [changeQueued],
  );

  const removeQueuedDeal = useCallback(
    (seq: number, serverLength: number) =>
      changeQueued(seq, (deal, queue) => withRenumbering(queue, deal.gameId, removeQueued(queue, seq), serverLength)),
    [changeQueued],
  );

  /**
   * The table changes a deal it sees, shown from the log's entry `seq`: in place while the entry was never sent,
   * else as a new entry after it (lib/offline/outbox.ts `changeShown`) — one transaction, so a send that marks the
   * entry cannot come between.
   */
  const changeShownDeal = useCallback(
    async (seq: number, change: ShownChange, serverLength: number) => {
      if (!account) return;
      const { store } = await loadOffline();
      await store.updateLog(account, eveningId, (queue) => {
        const entry = queue.find((d) => d.seq === seq);
        if (!entry) return { remove: [], update: [] };
        return withRenumbering(queue, entry.gameId, changeShown(queue, seq, change, changeKey()), serverLength);
      });
      setQueue(await store.listQueue(account, eveningId));
      sync();
    },
    [account, eveningId, sync],
  );

  /** A deal the server's record no longer ends before, by the table's choice: it follows the record's last deal. */
  const follow = useCallback(
    (seq: number, next: number) => changeQueued(seq, (_, queue) => followRecord(queue, seq, next)),
    [changeQueued],
  );

  /** A refused deal into another game of the evening, as its next deal (`number`). */
  const move = useCallback(
    (seq: number, gameId: string, number: number) => changeQueued(seq, (deal) => moveQueued(deal, gameId, number)),
    [changeQueued],
  );

  /**
   * The table's choice on a conflict; returns why it could not be carried out, if it could not (the server's
   * refusal of Keep mine, or no signal to carry it out).
   */
  const choose = useCallback(
    async (seq: number, choice: Choice, noSignal: string): Promise<string | null> => {
      if (!account) return null;
      const { store, sync: s, api } = await loadOffline();
      const all = await store.listQueue(account, eveningId);
      const deal = all.find((d) => d.seq === seq);
      if (!deal || deal.state !== "conflict") return null;
      const answer = await api.fetchApi.deals(deal.gameId).catch(() => null);
      if (!answer || answer.status !== 200) return noSignal;
      const serverLength = (answer.body as { deals: unknown[] }).deals.length;
      if (choice === "mine") {
        const kept = await s.keepMine(store.queueStore(account), api.fetchApi, deal);
        if (!kept.ok) return "reason" in kept ? kept.reason : noSignal;
        const rest = await store.listQueue(account, eveningId);
        await store.applyChange(withRenumbering(rest, deal.gameId, { remove: [], update: [] }, serverLength));
      } else {
        const game = all.filter((d) => d.gameId === deal.gameId);
        const change = chooseOnConflict(game, seq, choice, serverLength);
        await store.applyChange(withRenumbering(all, deal.gameId, change, serverLength));
      }
      sync();
      return null;
    },
    [account, eveningId, sync],
  );

  return {
    queue: account ? queue : NONE,
    loaded: !account || loaded === `${account}\n${eveningId}`,
    enqueue,
    changeShown: changeShownDeal,
    editQueued,
    removeQueued: removeQueuedDeal,
    move,
    follow,
    choose,
  };
}
