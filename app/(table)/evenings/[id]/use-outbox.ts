"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { loadOffline } from "@/app/_components/phone";
import {
  chooseOnConflict,
  moveQueued,
  removeQueued,
  renumberProvisional,
  thenChange,
  type Choice,
  type QueueChange,
  type QueuedDeal,
} from "@/lib/offline/outbox";
import type { NewDeal } from "@/lib/offline/writer";

const NONE: QueuedDeal[] = [];

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
  if (after.some((d) => d.state !== "waiting")) return change;
  return thenChange(change, renumberProvisional(after, serverLength));
}

/**
 * This account's deals of the evening waiting on this phone, and what the table can do with them: keep a new
 * one, edit or delete one, move a refused one into the current game, choose on a conflict.
 */
export function useOutbox(account: string | null, eveningId: string, sync: () => void) {
  const [queue, setQueue] = useState<QueuedDeal[]>([]);
  /** The account and evening whose queue is shown: a save that finishes after a change of account shows nothing. */
  const shown = useRef<string | null>(null);

  useEffect(() => {
    if (!account) return;
    shown.current = `${account}\n${eveningId}`;
    let stop = () => {};
    let cancelled = false;
    void loadOffline().then(({ store }) => {
      if (!cancelled) stop = store.watchQueue(account, eveningId, setQueue);
    });
    return () => {
      cancelled = true;
      shown.current = null;
      stop();
    };
  }, [account, eveningId]);

  /** Keeps a new deal; provisional while an earlier deal of its game waits for the table. */
  const enqueue = useCallback(
    async (deal: NewDeal) => {
      if (!account) throw new Error("No account on this phone");
      const { store } = await loadOffline();
      const blocked = (await store.listQueue(account, eveningId)).some(
        (d) => d.gameId === deal.gameId && d.state !== "waiting",
      );
      await store.enqueue({ ...deal, account, eveningId, ...(blocked ? { provisional: true } : {}) });
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

  return { queue: account ? queue : NONE, enqueue, editQueued, removeQueued: removeQueuedDeal, move, choose };
}
