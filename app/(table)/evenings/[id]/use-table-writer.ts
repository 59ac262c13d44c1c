"use client";

import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
import { fetchApi, type ApiAnswer } from "@/lib/offline/api";
import { changeKey, pendingGameId, type QueuedDeal, type ShownChange } from "@/lib/offline/outbox";
import { writeChange } from "@/lib/offline/writer";
import type { Entries } from "@/lib/rules";
import { QUEUED, written, type DealWriter, type Written } from "./deal-writer";
import type { DealChange } from "./table-data";
import { TakenHere } from "./use-outbox";

/**
 * A change the phone's log could not take: another tab saved the same deal a moment ago, or the phone's storage
 * cannot be opened or written (full, blocked, damaged) — said on the form, nothing saved, never an error page.
 */
function notKept(error: unknown): Written {
  if (error instanceof TakenHere)
    return {
      ok: false,
      code: "conflict",
      message: { key: "offline.takenInTab", params: { n: error.number } },
      problems: [],
      fields: {},
    };
  console.error(error);
  return { ok: false, code: "internal", message: { key: "offline.storageFailed" }, problems: [], fields: {} };
}

/** A change for the log: a new deal, or an edit or deletion of a stored deal. */
type LogChange = Parameters<DealWriter["record"]>[0] &
  Pick<QueuedDeal, "kind" | "expected" | "expectedKey" | "sent" | "players" | "firstDealerSeat">;

interface Deps {
  /** Whether a send is worth trying now. */
  reachable(): boolean;
  /** The evening's log of this account. */
  queue: QueuedDeal[];
  /** The entry of the log that deal `number` of the game is shown from, if it is shown from one. */
  queuedAt(gameId: string, number: number): QueuedDeal | undefined;
  /** Deal `number` of the game as shown (the server's record with the log on top). */
  shownAt(gameId: string, number: number): Entries | undefined;
  /** The key stored deal `number` of the game was recorded with, as shown (null: none; undefined: not known). */
  keyAt(gameId: string, number: number): string | null | undefined;
  /** Shows a change the server took as `version`; false when the page must be reloaded instead. */
  apply(version: number | undefined, change: DealChange): boolean;
  reload(): void;
  outbox: {
    enqueue(change: LogChange): Promise<void>;
    changeShown(seq: number, change: ShownChange): Promise<void>;
  };
}

/**
 * How the table's deal form and dialog write (DealWriter). Every change goes one way (decision 023): by its route
 * with a key and a deadline when the server can be reached and nothing of its game waits on this phone, else into
 * the phone's log, sent in order by the sync (lib/offline/writer.ts decides). A change of a deal shown from the log
 * changes the log. `writing()` is true while a change of this phone is on its way (the version poll waits).
 */
export function useTableWriter(deps: Deps): { writer: DealWriter; writing: () => boolean } {
  const inFlight = useRef(0);
  const current = useRef(deps);
  useLayoutEffect(() => {
    current.current = deps;
  });

  // One writer for the page's life (its parts read the latest deps through `current`): the context that carries it
  // does not change, so the parts of the table that use it are not rendered again for it.
  const writer = useMemo<DealWriter>(() => {
    /**
     * Sends a change by its route; throws when no answer came in time. A change the server took is shown from the
     * answer itself — only the rows it changes are rendered again — unless the evening moved on by more than this
     * change; then, and after a conflict (the server's record is not this phone's), the page is reloaded.
     */
    const send = async (
      request: () => Promise<ApiAnswer>,
      change: DealChange | ((answer: ApiAnswer) => DealChange),
    ): Promise<ApiAnswer> => {
      inFlight.current++;
      try {
        const answer = await request();
        const outcome = answer.status < 500 ? written(answer) : null;
        if (outcome?.ok) {
          const { version } = (answer.body ?? {}) as { version?: number };
          const made = typeof change === "function" ? change(answer) : change;
          if (!current.current.apply(version, made)) current.current.reload();
        } else if (outcome?.code === "conflict") current.current.reload();
        return answer;
      } finally {
        inFlight.current--;
      }
    };

    /** A change the route or the log takes, as the form and dialog hear of it. */
    const write = async (change: LogChange, route: (change: LogChange) => Promise<ApiAnswer>): Promise<Written> => {
      const d = current.current;
      try {
        const outcome = await writeChange(change, {
          reachable: d.reachable,
          // A next game goes behind every change of the evening waiting; a deal behind those of its game.
          waiting: (gameId) => d.queue.some((q) => change.kind === "game" || q.gameId === gameId),
          send: route,
          enqueue: (c, sent) => d.outbox.enqueue(sent ? { ...c, sent: true } : c),
        });
        return outcome.kind === "queued" ? QUEUED : written(outcome.answer);
      } catch (error) {
        return notKept(error);
      }
    };

    /**
     * An edit or deletion of deal `number`: of a deal shown from the log, in the log; of a stored one, by its route
     * or — without a signal, or while changes of its game wait — as an entry of the log, made on the deal as shown.
     */
    const changeDeal = async (
      input: { gameId: string; number: number; expected?: Entries },
      shown: ShownChange,
    ): Promise<Written> => {
      const d = current.current;
      const entry = d.queuedAt(input.gameId, input.number);
      if (entry) {
        try {
          await d.outbox.changeShown(entry.seq!, shown);
        } catch (error) {
          return notKept(error);
        }
        return QUEUED;
      }
      const expected = input.expected ?? d.shownAt(input.gameId, input.number);
      const entries = shown.kind === "edit" ? shown.entries : (expected ?? {});
      // The deal's own key, when the phone knows it: a deal of the same entries moved into its place is another deal.
      const key = d.keyAt(input.gameId, input.number);
      const change: LogChange = {
        ...input,
        kind: shown.kind,
        entries,
        expected,
        ...(key ? { expectedKey: key } : {}),
        clientKey: changeKey(),
      };
      const seen = { expected, key: change.clientKey, expectedKey: change.expectedKey };
      return write(change, (c) =>
        c.kind === "edit"
          ? send(() => fetchApi.edit(c.gameId, c.number, c.entries, seen), { action: "edit", ...c })
          : send(() => fetchApi.remove(c.gameId, c.number, seen), { action: "delete", ...c }),
      );
    };
    const writer: DealWriter = {
      record: (input) =>
        write(input, (deal) => send(() => fetchApi.record(deal.gameId, deal), { action: "record", ...deal })),
      edit: (input) => changeDeal(input, { kind: "edit", entries: input.entries }),
      remove: (input) => changeDeal(input, { kind: "delete" }),
      startGame: ({ eveningId, number, players, firstDealerSeat }) => {
        const key = changeKey();
        const gameId = pendingGameId(key);
        const change: LogChange = {
          gameId,
          number,
          entries: {},
          kind: "game",
          players,
          firstDealerSeat,
          clientKey: key,
        };
        return write(change, (c) =>
          send(
            () => fetchApi.startGame(eveningId, { players, firstDealerSeat, key: c.clientKey, number }),
            (answer) => ({
              action: "game",
              gameId: (answer.body as { id: string }).id,
              number: (answer.body as { number: number }).number,
              players,
              firstDealerSeat,
            }),
          ),
        );
      },
    };
    return writer;
  }, []);
  const writing = useCallback(() => inFlight.current > 0, []);

  return { writer, writing };
}
