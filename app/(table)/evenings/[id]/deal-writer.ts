"use client";

import { createContext, useContext } from "react";
import type { ActionFailure, ActionResult } from "@/lib/http/action-result";
import type { AppErrorCode } from "@/lib/errors";
import type { Entries } from "@/lib/rules";
import { errorOf, type ApiAnswer, type NewDeal } from "@/lib/schemas/deal-api";

/** A deal change as the table view carries it out: `queued` when it was kept on this phone to be sent later. */
export type Written = ActionResult<{ queued: boolean }>;

/**
 * How the deal form and dialog record, edit and delete deals. The table view provides it: with a signal
 * through the server's actions; without one — or while deals of this game wait to be sent — through the outbox.
 */
export interface DealWriter {
  record(input: NewDeal): Promise<Written>;
  /** `expected`: the deal as it was shown when the change began; a stored deal changed since is not changed. */
  edit(input: { gameId: string; number: number; entries: Entries; expected?: Entries }): Promise<Written>;
  remove(input: { gameId: string; number: number; expected?: Entries }): Promise<Written>;
  /** Starts the evening's next game (`number`): by its route, or into the phone's log without a signal. */
  startGame(input: { eveningId: string; number: number; players: string[]; firstDealerSeat: number }): Promise<Written>;
}

export const DealWriterContext = createContext<DealWriter | null>(null);

export function useDealWriter(): DealWriter {
  const writer = useContext(DealWriterContext);
  if (!writer) throw new Error("useDealWriter needs the table view's DealWriterContext");
  return writer;
}

export const QUEUED: Written = { ok: true, data: { queued: true } };
export const SENT: Written = { ok: true, data: { queued: false } };

/** A deal route's answer as the deal screen shows it: stored, or what the server said was wrong. */
export function written(answer: ApiAnswer): Written {
  if (answer.status >= 200 && answer.status < 300) return SENT;
  const error = errorOf(answer);
  // The server already put it in the page's language; a form's field messages say what "some fields" means.
  const text = [...Object.values(error?.fields ?? {}).flat()].join(" ") || error?.message;
  const failure: ActionFailure = {
    ok: false,
    code: (error?.code ?? "internal") as AppErrorCode,
    message: text ? { key: "errors.server", params: { text } } : { key: "errors.internal" },
    problems: error?.problems ?? [],
    fields: {},
  };
  return failure;
}
