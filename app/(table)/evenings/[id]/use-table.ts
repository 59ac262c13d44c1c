"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo } from "react";
import { usePhone } from "@/app/_components/phone";
import { withQueued } from "@/lib/offline/outbox";
import {
  applyDealChange,
  nextGame,
  scoredGames,
  type DealChange,
  type KeptGame,
  type TableData,
  type TableEdit,
} from "./table-data";
import { useEveningCopy } from "./use-evening-copy";
import { useLiveVersion } from "./use-live-version";
import { useOutbox } from "./use-outbox";
import { useTableWriter } from "./use-table-writer";

interface Input {
  eveningId: string;
  title: string;
  /** The account the page was rendered for. */
  pageAccount: string;
  /** Who is looking: the name on the edit-history lines of the changes made here. */
  viewer: string;
  /** The evening as the server rendered it (games as stored: scored here). */
  fromServer: {
    version: number;
    renderedAt: number;
    open: boolean;
    role: "owner" | "member";
    games: KeptGame[];
    edits: TableEdit[];
  };
}

/**
 * The table's data on this phone: the evening as the server sent it or as the phone kept it (the newer), this
 * account's waiting deals played on top of the current game, the deal writer, and the version poll that keeps
 * the phones in step. `account` is null when the phone acts for another account than the page's.
 */
export function useTable({ eveningId, title, pageAccount, viewer, fromServer: page }: Input) {
  const router = useRouter();
  const phone = usePhone();
  const account = phone.account?.id === pageAccount ? pageAccount : null;
  const { version, renderedAt, open, role, games: stored, edits } = page;
  const fromServer = useMemo(
    () => ({ version, renderedAt, data: { open, role, games: stored, edits } }),
    [version, renderedAt, open, role, stored, edits],
  );
  const reload = useCallback(() => {
    // Without a signal the page's data cannot be fetched; the outbox and the kept copy stand in.
    if (navigator.onLine) router.refresh();
  }, [router]);
  useEffect(() => phone.onSynced(reload), [phone, reload]);
  const copy = useEveningCopy<TableData>(account, eveningId, title, fromServer);
  // A change of the log the server took shows from its answer before it leaves the log: never a moment without it.
  const { apply: applyCopy } = copy;
  useEffect(
    () =>
      phone.onApplied((entry, number, version, startedId) => {
        if (entry.eveningId !== eveningId) return;
        const { gameId, entries } = entry;
        const change: DealChange =
          entry.kind === "game"
            ? {
                action: "game",
                gameId: startedId ?? gameId,
                number,
                players: entry.players ?? [],
                firstDealerSeat: entry.firstDealerSeat ?? 0,
              }
            : entry.kind === "delete"
              ? { action: "delete", gameId, number }
              : entry.kind === "edit"
                ? { action: "edit", gameId, number, entries }
                : { action: "record", gameId, number, entries, clientKey: entry.clientKey };
        applyCopy(version, (data) => applyDealChange(data, change, viewer, new Date()));
      }),
    [phone, eveningId, viewer, applyCopy],
  );
  const outbox = useOutbox(account, eveningId, phone.sync);
  // The evening as shown, its games scored here — with the next games started on this phone, not yet sent.
  const { data: kept } = copy.shown;
  const data = useMemo(() => {
    const games = [...kept.games];
    for (const entry of outbox.queue) {
      if (entry.kind !== "game" || entry.state === "conflict") continue;
      const next = nextGame(games, {
        id: entry.gameId,
        number: entry.number,
        players: entry.players ?? [],
        firstDealerSeat: entry.firstDealerSeat ?? 0,
      });
      if (next && !games.some((g) => g.number >= entry.number)) games.push(next);
    }
    return { ...kept, games: scoredGames(games) };
  }, [kept, outbox.queue]);
  const game = data.games.at(-1)!;
  const gameQueue = useMemo(() => outbox.queue.filter((d) => d.gameId === game.id), [outbox.queue, game.id]);
  // The game as this phone knows it: the server's deals, then the deals waiting on this phone.
  const local = useMemo(() => withQueued(game.record, game.result, gameQueue, game.keys), [game, gameQueue]);
  const serverLength = game.record.deals.length;
  const { writer, writing } = useTableWriter({
    reachable: () => navigator.onLine && !phone.offline,
    queue: outbox.queue,
    queuedAt: (gameId, number) => {
      const seq = gameId === game.id ? local.seqOf.get(number) : undefined;
      return seq === undefined ? undefined : outbox.queue.find((d) => d.seq === seq);
    },
    shownAt: (gameId, number) =>
      (gameId === game.id ? local.record : data.games.find((g) => g.id === gameId)?.record)?.deals[number - 1]?.entries,
    // A stored deal shown as stored (not from the log): its number is the server's.
    keyAt: (gameId, number) =>
      (gameId === game.id ? local.keys : data.games.find((g) => g.id === gameId)?.keys)?.[number - 1] ?? undefined,
    apply: (v, change) => copy.apply(v, (data) => applyDealChange(data, change, viewer, new Date())),
    reload,
    outbox: {
      enqueue: outbox.enqueue,
      changeShown: (seq, change) => outbox.changeShown(seq, change, serverLength),
    },
  });
  // Deal changes of this phone on their way: their answers show them, so the poll does not reload for them.
  const { shownVersion } = copy;
  const pollVersion = useCallback(() => (writing() ? null : shownVersion()), [writing, shownVersion]);
  useLiveVersion(eveningId, pollVersion, phone.reached);
  // The form takes a tap only once it shows the phone's view: the log read, the kept copy weighed (decision 023).
  const ready = outbox.loaded && copy.checked;
  return { phone, account, copy, data, outbox, local, serverLength, writer, reload, ready };
}
