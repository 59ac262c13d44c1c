"use client";

import { createContext, useContext } from "react";
import type { ActionResult } from "@/lib/action-result";
import type { Entries } from "@/lib/offline/outbox";

/** A deal change as the table view carries it out: `queued` when it was kept on this phone to be sent later. */
export type Written = ActionResult<{ queued: boolean }>;

/**
 * How the deal form and dialog record, edit and delete deals. The table view provides it: with a signal
 * through the server's actions; without one — or while deals of this game wait to be sent — through the outbox.
 */
export interface DealWriter {
  record(input: { gameId: string; number: number; entries: Entries; clientKey: string }): Promise<Written>;
  edit(input: { gameId: string; number: number; entries: Entries }): Promise<Written>;
  remove(input: { gameId: string; number: number }): Promise<Written>;
}

export const DealWriterContext = createContext<DealWriter | null>(null);

export function useDealWriter(): DealWriter {
  const writer = useContext(DealWriterContext);
  if (!writer) throw new Error("useDealWriter needs the table view's DealWriterContext");
  return writer;
}
