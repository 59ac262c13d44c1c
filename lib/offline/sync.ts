/**
 * Sends the phone's log: per game, in the order the changes were made, each checked against the server's record
 * first (lib/offline/outbox.ts decides), each applied at most once (its key makes a second send harmless, and the
 * server answers it as the first). Stops a game's log at the first entry the table must decide on (a conflict or
 * a refusal), so no change is ever sent ahead of one made before it. An entry is marked sent before it leaves
 * (`markSent`): from then on a change of it is a new entry, never lost to a send on its way (decision 023).
 */
import { errorOf, notTakenNow, type ApiAnswer, type GameDeals, type StoredDeal } from "@/lib/schemas/deal-api";
import type { DealApi } from "./api";
import {
  isPendingGame,
  planChange,
  planStep,
  sendOrder,
  type QueueChange,
  type QueuedDeal,
  type RefusalKind,
} from "./outbox";

/** What the sync asks of the server (lib/offline/api.ts in the app, a fake in tests). */
export type SyncApi = Pick<DealApi, "deals" | "record" | "edit" | "remove" | "session" | "startGame">;

export interface QueueStore {
  list(): Promise<QueuedDeal[]>;
  apply(change: QueueChange): Promise<void>;
  /** Marks the entry as handed to the network and returns it as it stands then (undefined: gone meanwhile). */
  markSent(seq: number): Promise<QueuedDeal | undefined>;
}

/**
 * done: nothing left to send (deals waiting for a choice or refused may remain); offline: the network failed,
 * try again later; signIn: the session ended — the outbox is kept until the user signs in again; retry: the
 * server could not answer now.
 */
export type SyncOutcome = "done" | "offline" | "signIn" | "retry";

export interface SyncReport {
  outcome: SyncOutcome;
  /** Deals the server now holds that it did not before (new deals and edits). */
  stored: number;
  /**
   * New deals another phone had recorded already, as the same deal with the same number: kept once, as theirs —
   * this phone's key, and the key of the deal it is kept as (what a change of it made here goes to).
   */
  same: { key: string; as: string | null }[];
}

class Stop extends Error {
  constructor(readonly outcome: Exclude<SyncOutcome, "done">) {
    super(outcome);
  }
}

/** The server's message for a refusal, else a fallback. */
const messageOf = (answer: ApiAnswer, fallback: string): string => errorOf(answer)?.message || fallback;

/** The message key of an error answer (lib/http/answers.ts), if it names one. */
const keyOf = (answer: ApiAnswer) => errorOf(answer)?.key;

/** What kind of refusal an answer is (lib/http/answers.ts names the message's key; the rules name their problems). */
export function refusalOf(answer: ApiAnswer): RefusalKind {
  const error = errorOf(answer);
  if (error?.key === "errors.dealChanged" || error?.key === "errors.noDeal") return "changed";
  if (answer.status === 404 || answer.status === 403) return "gone";
  if (error?.key === "errors.dealsFrozen" || error?.key === "errors.eveningEnded") return "ended";
  if (error?.problems?.some((p) => p.code === "game.over")) return "won";
  return "rules";
}

async function call(request: () => Promise<ApiAnswer>): Promise<ApiAnswer> {
  let answer: ApiAnswer;
  try {
    answer = await request();
  } catch {
    throw new Stop("offline");
  }
  const later = notTakenNow(answer);
  if (later) throw new Stop(later === "signIn" ? "signIn" : "retry");
  return answer;
}

const refuse = (deal: QueuedDeal, answer: ApiAnswer): QueueChange => refuseAs(deal, answer, refusalOf(answer));
const refuseAs = (deal: QueuedDeal, answer: ApiAnswer, refusal: RefusalKind): QueueChange => ({
  remove: [],
  update: [
    {
      seq: deal.seq!,
      changes: { state: "refused", reason: messageOf(answer, `HTTP ${answer.status}`), refusal },
    },
  ],
});

/**
 * Whether the server's session is `account`'s: deals are sent only with the session of the account that entered
 * them — another account signed in on the phone neither sends them nor has them refused as not its own.
 */
async function signedInAs(api: SyncApi, account: string): Promise<boolean> {
  const answer = await call(() => api.session());
  const user = (answer.body as { user?: { id?: unknown } } | null)?.user;
  return answer.status === 200 && user?.id === account;
}

/**
 * A change of the log the server took: the entry, the number of the deal (or game) it made or changed, the
 * evening's version after it (none for a repeat), and a game's id. Told before the entry leaves the log, so a page
 * that shows the change from the answer never shows the record without it in between.
 */
export type Applied = (entry: QueuedDeal, number: number, version: number | undefined, gameId?: string) => void;

/** Tells `onApplied` of a change the server took, from its answer (a repeat's version is not this change's). */
const tellApplied = (onApplied: Applied) => (entry: QueuedDeal, number: number, answer: ApiAnswer) => {
  const { version, duplicate, id } = (answer.body ?? {}) as { version?: unknown; duplicate?: unknown; id?: unknown };
  const game = typeof id === "string" ? id : undefined;
  onApplied(entry, number, typeof version === "number" && !duplicate ? version : undefined, game);
};

/** Sends what `account` can send now (`store` holds that account's deals). */
export async function syncOutbox(
  store: QueueStore,
  api: SyncApi,
  account: string,
  onApplied: Applied = () => {},
): Promise<SyncReport> {
  const applied = tellApplied(onApplied);
  let stored = 0;
  const same: SyncReport["same"] = [];
  try {
    const games = sendOrder(await store.list());
    if (!games.some((g) => g[0]!.state === "waiting")) return { outcome: "done", stored, same };
    if (!(await signedInAs(api, account))) return { outcome: "signIn", stored, same };
    for (const game of games) {
      if (game[0]!.state !== "waiting") continue; // the table decides on the first one before the rest go
      if (await unstarted(store, game)) continue;
      let gameId = game[0]!.gameId;
      // A game started on this phone has no deals on the server yet (nor an id there).
      let server = game[0]!.kind === "game" ? { deals: [] } : await loadDeals(api, gameId);
      if ("refused" in server) {
        for (const deal of game) await store.apply(refuse(deal, server.refused));
        continue;
      }
      /** Another phone wrote between the check and the send: the record as it is now; null once `entry` is refused. */
      const reread = async (entry: QueuedDeal) => {
        const fresh = await loadDeals(api, gameId);
        if ("deals" in fresh) return fresh;
        await store.apply(refuse(entry, fresh.refused));
        return null;
      };
      // Re-read the queue for this game before each deal: a choice or an edit may have changed it meanwhile.
      for (let raced = 0; ;) {
        const queue = sendOrder(await store.list()).find((g) => g[0]!.gameId === gameId);
        const deal = queue?.[0];
        if (!deal || deal.state !== "waiting") break;
        if (deal.kind === "game") {
          const entry = await store.markSent(deal.seq!);
          if (!entry) continue;
          const started = await startGame(store, api, entry, applied);
          if ("id" in started) {
            gameId = started.id;
            if (started.fresh) stored++;
            else {
              // Started before (an answer the network lost), or by another phone as this one started it: the same
              // game, which may hold deals already — this phone's are checked against them as any others.
              const fresh = await reread(entry);
              if (!fresh) break;
              server = fresh;
            }
            continue;
          }
          await store.apply(refuse(entry, started.refused));
          break;
        }
        if (deal.kind) {
          // An edit or deletion: of the deal its recording's key names, or of the deal at its number.
          const plan = planChange(deal, server.deals);
          const entry = plan.kind === "send" ? await store.markSent(deal.seq!) : undefined;
          if (!entry) {
            await store.apply({ remove: [deal.seq!], update: [] });
            continue;
          }
          const { number } = plan as { number: number };
          // A change of a deal this log recorded names it by that recording's key; of another, by the key it was shown with.
          const expectedKey = entry.target ?? entry.expectedKey;
          const seen = { expected: entry.expected, key: entry.clientKey, ...(expectedKey ? { expectedKey } : {}) };
          const answer = await call(() =>
            entry.kind === "edit" ? api.edit(gameId, number, entry.entries, seen) : api.remove(gameId, number, seen),
          );
          if (answer.status === 200) {
            applied(entry, number, answer);
            await store.apply({ remove: [entry.seq!], update: [] });
            if ((answer.body as { duplicate?: boolean } | null)?.duplicate) {
              // Made before (an answer the network lost), and the record may have moved on since: as it is now.
              const fresh = await reread(entry);
              if (!fresh) break;
              server = fresh;
              continue;
            }
            if (entry.kind === "edit")
              server.deals[number - 1] = { ...server.deals[number - 1]!, entries: entry.entries };
            else server.deals.splice(number - 1, 1);
            stored++;
            continue;
          }
          if (answer.status === 409 && keyOf(answer) === "errors.race" && raced++ < 3) {
            const fresh = await reread(entry);
            if (!fresh) break;
            server = fresh;
            continue;
          }
          // Not made: set aside for the table to read (lib/offline/outbox.ts `setAside`); what follows goes on.
          await store.apply(refuse(entry, answer));
          continue;
        }
        const step = planStep(deal, server.deals);
        if (step.kind === "stored") {
          await store.apply({ remove: [deal.seq!], update: [] });
          continue;
        }
        if (step.kind === "same") {
          const theirs = server.deals[step.number - 1]!.clientKey;
          await keptAsTheirs(store, deal, step.number, theirs);
          same.push({ key: deal.clientKey, as: theirs });
          continue;
        }
        if (step.kind === "conflict") {
          await store.apply({
            remove: [],
            update: [
              {
                seq: deal.seq!,
                changes: { state: "conflict", theirs: step.theirs, ...(step.by ? { theirsBy: step.by } : {}) },
              },
            ],
          });
          break;
        }
        if (step.kind === "moved") {
          // Another phone undid or deleted deals: stored as another number only by the table's choice.
          const refusal = { status: 409, body: { error: { message: String(step.next) } } };
          await store.apply(refuseAs(deal, refusal, "moved"));
          break;
        }
        // What is sent is the entry as it stands once marked (an edit made just before the mark is in it).
        const entry = await store.markSent(deal.seq!);
        if (!entry) continue;
        const answer = await call(() =>
          api.record(gameId, { number: step.number, entries: entry.entries, clientKey: entry.clientKey, account }),
        );
        if (answer.status === 200 || answer.status === 201) {
          applied(entry, step.number, answer);
          await store.apply({ remove: [entry.seq!], update: [] });
          if (answer.status === 201) {
            server.deals.push(storedHere(entry, server.deals.length + 1));
            stored++;
          } else {
            // Stored before (an answer the network lost), and maybe changed since: the record as it is now.
            const fresh = await loadDeals(api, gameId);
            if ("deals" in fresh) server = fresh;
          }
          raced = 0;
          continue;
        }
        if (answer.status === 409 && raced++ < 3) {
          // Another phone wrote between the check and the send: check again against the new record.
          const fresh = await reread(entry);
          if (!fresh) break;
          server = fresh;
          continue;
        }
        await store.apply(refuse(entry, answer));
        break;
      }
    }
  } catch (error) {
    if (error instanceof Stop) return { outcome: error.outcome, stored, same };
    throw error;
  }
  return { outcome: "done", stored, same };
}

/**
 * Deals of a next game whose start the table deleted (the server refused it): the table moves them into the
 * evening's current game, or deletes them — never sent for a game the server does not have. False for any other.
 */
async function unstarted(store: QueueStore, game: QueuedDeal[]): Promise<boolean> {
  if (game.some((d) => d.kind === "game") || !isPendingGame(game[0]!.gameId)) return false;
  const never = { status: 409, body: null };
  for (const deal of game) if (deal.state === "waiting") await store.apply(refuseAs(deal, never, "unstarted"));
  return true;
}

/**
 * The next game an entry of the log starts: once the server has it, the entry leaves the log and the game's deals
 * entered meanwhile go by its id, in one change of the log. `fresh` when this send started it (not a repeat, nor the
 * same game another phone started).
 */
async function startGame(
  store: QueueStore,
  api: SyncApi,
  entry: QueuedDeal,
  applied: (entry: QueuedDeal, number: number, answer: ApiAnswer) => void,
): Promise<{ id: string; fresh: boolean } | { refused: ApiAnswer }> {
  const answer = await call(() =>
    api.startGame(entry.eveningId, {
      players: entry.players ?? [],
      firstDealerSeat: entry.firstDealerSeat ?? 0,
      key: entry.clientKey,
      number: entry.number,
    }),
  );
  const started = answer.body as { id?: unknown; number?: unknown } | null;
  const id = started?.id;
  if ((answer.status !== 200 && answer.status !== 201) || typeof id !== "string") return { refused: answer };
  applied(entry, typeof started?.number === "number" ? started.number : entry.number, answer);
  const rest = (await store.list()).filter((d) => d.gameId === entry.gameId && d.seq !== entry.seq);
  await store.apply({ remove: [entry.seq!], update: rest.map((d) => ({ seq: d.seq!, changes: { gameId: id } })) });
  return { id, fresh: answer.status === 201 };
}

/**
 * A new deal another phone had recorded as the same deal with the same number: it leaves the log, kept once as
 * theirs — and a change of it made here goes to that deal, by its key (`theirs`), else by its number.
 */
async function keptAsTheirs(store: QueueStore, deal: QueuedDeal, number: number, theirs: string | null) {
  const changes = theirs ? { target: theirs } : { target: undefined, number };
  const changing = (await store.list()).filter((d) => d.target === deal.clientKey);
  await store.apply({ remove: [deal.seq!], update: changing.map((d) => ({ seq: d.seq!, changes })) });
}

/** A deal this phone just stored, as the deals route would list it (who recorded it is this phone's account). */
const storedHere = ({ entries, clientKey }: QueuedDeal, number: number): StoredDeal => ({
  number,
  entries,
  clientKey,
  by: null,
});

async function loadDeals(api: SyncApi, gameId: string): Promise<Pick<GameDeals, "deals"> | { refused: ApiAnswer }> {
  const answer = await call(() => api.deals(gameId));
  if (answer.status !== 200) return { refused: answer };
  return { deals: (answer.body as GameDeals).deals };
}

/**
 * "Keep mine" on a conflict: mine replaces theirs as an edit, then leaves the outbox. Returns the server's
 * refusal message, if it refused the edit, or the outcome when it could not be asked. Theirs is sent as the table
 * saw it: changed again from another phone meanwhile, it is not replaced unseen — the conflict shows theirs as it
 * is now instead, for the table to choose again.
 */
export async function keepMine(
  store: QueueStore,
  api: SyncApi,
  deal: QueuedDeal,
): Promise<{ ok: true } | { ok: false; reason: string } | { ok: false; outcome: Exclude<SyncOutcome, "done"> }> {
  try {
    // Keyed as this choice of this entry: a repeat (an answer the network lost) is answered as the first.
    const key = `mine-${deal.clientKey}`.slice(0, 64);
    // The deal becomes this phone's recording: its key and this account as its recorder.
    const seen = { expected: deal.theirs, key, clientKey: deal.clientKey };
    const answer = await call(() => api.edit(deal.gameId, deal.number, deal.entries, seen));
    if (answer.status === 409) await showTheirsNow(store, api, deal);
    if (answer.status !== 200) return { ok: false, reason: messageOf(answer, `HTTP ${answer.status}`) };
  } catch (error) {
    if (error instanceof Stop) return { ok: false, outcome: error.outcome };
    throw error;
  }
  await store.apply({ remove: [deal.seq!], update: [] });
  return { ok: true };
}

/** The conflict of `deal` with the server's deal of its number as it is now (another phone changed it again). */
async function showTheirsNow(store: QueueStore, api: SyncApi, deal: QueuedDeal): Promise<void> {
  const loaded = await loadDeals(api, deal.gameId);
  const now = "deals" in loaded ? loaded.deals[deal.number - 1] : undefined;
  if (!now) return;
  const changes = { theirs: now.entries, ...(now.by ? { theirsBy: now.by } : {}) };
  await store.apply({ remove: [], update: [{ seq: deal.seq!, changes }] });
}
