/**
 * Where a change goes — a new deal, an edit, a deletion: to the server when it can be reached and nothing of its
 * game waits on this phone, else into the phone's log. A send that gets no answer in time (the deadline of
 * lib/offline/api.ts), a network failure, an ended session or a server that cannot take it now all keep the
 * change on this phone — the Save never hangs, and the change's key makes the server's late answer harmless. Only
 * the rules' or the server's refusal of the change itself comes back to the form.
 */
import { notTakenNow, type ApiAnswer, type NewDeal } from "@/lib/schemas/deal-api";

export type { NewDeal };

export interface WriterDeps<T extends { gameId: string } = NewDeal> {
  /** Whether a send is worth trying: the browser is online and the server answered the last request. */
  reachable(): boolean;
  /** Whether changes of this game wait on this phone (a new one goes behind them). */
  waiting(gameId: string): boolean;
  /** Sends the change; rejects when no answer came in time. */
  send(change: T): Promise<ApiAnswer>;
  /**
   * Keeps the change in the log; `sent` when it was handed to the network and no answer came (or a 5xx): the server
   * may hold it, so the log never changes it in place (decision 023).
   */
  enqueue(change: T, sent: boolean): Promise<void>;
}

export type WriteOutcome =
  | { kind: "answered"; answer: ApiAnswer }
  | { kind: "queued"; because: "offline" | "waiting" | "noAnswer" | "signIn" | "busy" };

export async function writeChange<T extends { gameId: string }>(deal: T, deps: WriterDeps<T>): Promise<WriteOutcome> {
  const queue = async (because: Extract<WriteOutcome, { kind: "queued" }>["because"]): Promise<WriteOutcome> => {
    await deps.enqueue(deal, because === "noAnswer" || because === "busy");
    return { kind: "queued", because };
  };
  if (!deps.reachable()) return queue("offline");
  if (deps.waiting(deal.gameId)) return queue("waiting");
  let answer: ApiAnswer;
  try {
    answer = await deps.send(deal);
  } catch {
    return queue("noAnswer");
  }
  const later = notTakenNow(answer);
  return later ? queue(later) : { kind: "answered", answer };
}
