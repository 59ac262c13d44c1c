"use client";

import { useCallback, useLayoutEffect, useMemo, useRef } from "react";
import { fetchApi, type ApiAnswer } from "@/lib/offline/api";
import type { QueuedDeal } from "@/lib/offline/outbox";
import { writeNewDeal } from "@/lib/offline/writer";
import { QUEUED, written, type DealWriter, type Written } from "./deal-writer";
import type { DealChange } from "./table-data";
import { NEEDS_SIGNAL } from "@/app/_components/with-signal";

interface Deps {
  /** Whether a send is worth trying now. */
  reachable(): boolean;
  /** The evening's queued deals of this account. */
  queue: QueuedDeal[];
  /** The queued deal shown as `number` of the game, if that deal is still waiting on this phone. */
  queuedAt(gameId: string, number: number): QueuedDeal | undefined;
  /** Shows a change the server took as `version`; false when the page must be reloaded instead. */
  apply(version: number | undefined, change: DealChange): boolean;
  reload(): void;
  outbox: {
    enqueue(deal: Parameters<DealWriter["record"]>[0]): Promise<void>;
    editQueued(seq: number, entries: QueuedDeal["entries"]): Promise<void>;
    removeQueued(seq: number): Promise<void>;
  };
}

/**
 * How the table's deal form and dialog write (DealWriter): a new deal by its route, with a deadline, or into the
 * outbox (lib/offline/writer.ts decides); a waiting deal is changed in the outbox; a stored one by its route,
 * which needs a signal. `writing()` is true while a change of this phone is on its way (the version poll waits).
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
     * Sends a deal change by its route; throws when no answer came in time. A change the server took is shown from
     * the answer itself — only the rows it changes are rendered again — unless the evening moved on by more than
     * this change; then, and after a conflict (the server's record is not this phone's), the page is reloaded.
     */
    const send = async (request: () => Promise<ApiAnswer>, change: DealChange): Promise<ApiAnswer> => {
      inFlight.current++;
      try {
        const answer = await request();
        const outcome = answer.status < 500 ? written(answer) : null;
        if (outcome?.ok) {
          const { version } = (answer.body ?? {}) as { version?: number };
          if (!current.current.apply(version, change)) current.current.reload();
        } else if (outcome?.code === "conflict") current.current.reload();
        return answer;
      } finally {
        inFlight.current--;
      }
    };

    /**
     * An edit or deletion of deal `number`: of a deal still waiting on this phone, in the outbox; of a stored one,
     * by its route — which needs a signal, and says so when there is none or no answer came.
     */
    const changeDeal = async (
      input: { gameId: string; number: number },
      inOutbox: (seq: number) => Promise<void>,
      route: { request: () => Promise<ApiAnswer>; change: DealChange },
    ): Promise<Written> => {
      const queued = current.current.queuedAt(input.gameId, input.number);
      if (queued) {
        await inOutbox(queued.seq!);
        return QUEUED;
      }
      if (!current.current.reachable()) return NEEDS_SIGNAL;
      const answer = await send(route.request, route.change).catch(() => null);
      return answer ? written(answer) : NEEDS_SIGNAL;
    };
    const writer: DealWriter = {
      async record(input) {
        const d = current.current;
        const outcome = await writeNewDeal(input, {
          reachable: d.reachable,
          waiting: (gameId) => d.queue.some((q) => q.gameId === gameId),
          send: (deal) => send(() => fetchApi.record(deal.gameId, deal), { action: "record", ...deal }),
          enqueue: d.outbox.enqueue,
        });
        return outcome.kind === "queued" ? QUEUED : written(outcome.answer);
      },
      edit: (input) =>
        changeDeal(input, (seq) => current.current.outbox.editQueued(seq, input.entries), {
          request: () => fetchApi.edit(input.gameId, input.number, input.entries, input.expected),
          change: { action: "edit", ...input },
        }),
      remove: (input) =>
        changeDeal(input, (seq) => current.current.outbox.removeQueued(seq), {
          request: () => fetchApi.remove(input.gameId, input.number, input.expected),
          change: { action: "delete", ...input },
        }),
    };
    return writer;
  }, []);
  const writing = useCallback(() => inFlight.current > 0, []);

  return { writer, writing };
}
