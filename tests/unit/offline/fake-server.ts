/**
 * A server for the log's tests: the same answers as the deals API (201 stored, 200 a retry of a stored deal,
 * 409 a number taken or a deal changed since it was shown, 400 a deal the rules refuse, 401 signed out; a change's
 * key applied once and a repeat answered as the first, a deleted deal's key spent), with the real rules engine
 * behind it.
 */
import type { ServerDeal } from "@/lib/offline/outbox";
import { type Entries, createScorer, sameEntries, type GameRecord } from "@/lib/rules";
import type { ApiAnswer, Seen } from "@/lib/offline/api";
import type { SyncApi } from "@/lib/offline/sync";
import { problemText } from "@/lib/i18n/dictionaries";

export const PLAYERS = ["Anna", "Bo", "Cecilia"];
/** The account the tests' phone enters its deals with. */
export const ACCOUNT = "account-a";

export class FakeServer implements SyncApi {
  games = new Map<string, ServerDeal[]>();
  /** Requests made, as "METHOD game[/number]". */
  log: string[] = [];
  signedIn = true;
  /** The account whose session the phone sends with. */
  user = ACCOUNT;
  /** Who stored each deal, by client key. */
  storedBy = new Map<string, string>();
  reachable = true;
  /** Called before a request is answered: lets a test make another phone write in between. */
  before?: (method: string) => void;
  /** The first answer to each change key applied (edits, deletions), and the spent keys of deleted deals. */
  applied = new Map<string, ApiAnswer>();
  /** Each game's seats and first dealer ("g1": the setup's). */
  seats = new Map<string, { players: string[]; firstDealerSeat: number }>();

  constructor(
    readonly setup: Omit<GameRecord, "deals"> = { variant: "knektpass", players: PLAYERS, firstDealer: "Anna" },
  ) {}

  game(gameId: string): ServerDeal[] {
    if (!this.games.has(gameId)) this.games.set(gameId, []);
    return this.games.get(gameId)!;
  }

  /** Another phone records a deal. */
  recordedElsewhere(gameId: string, entries: Entries, clientKey: string | null = null): void {
    this.game(gameId).push({ entries, clientKey });
  }

  private answer(method: string, gameId: string, work: () => ApiAnswer): Promise<ApiAnswer> {
    this.log.push(`${method} ${gameId}`);
    this.before?.(method);
    if (!this.reachable) return Promise.reject(new TypeError("Failed to fetch"));
    if (!this.signedIn)
      return Promise.resolve({ status: 401, body: { error: { code: "unauthenticated", message: "Sign in." } } });
    return Promise.resolve(work());
  }

  /** Game `gameId`'s setup: the evening's rules, the game's seats and first dealer. */
  setupOf(gameId: string): Omit<GameRecord, "deals"> {
    const seats = this.seats.get(gameId);
    if (!seats) return this.setup;
    return { ...this.setup, players: seats.players, firstDealer: seats.players[seats.firstDealerSeat]! };
  }

  private refusal(gameId: string, deals: ServerDeal[]): string | null {
    const created = createScorer({ ...this.setupOf(gameId), deals: [] });
    if (!created.ok) return "setup";
    for (const deal of deals) {
      const pushed = created.scorer.push({ entries: deal.entries });
      if (!pushed.ok) return pushed.problems.map((p) => problemText(p, "en")).join("; ");
    }
    return null;
  }

  session() {
    return this.answer("GET", "session", () => ({ status: 200, body: { user: { id: this.user, name: this.user } } }));
  }

  deals(gameId: string) {
    return this.answer("GET", gameId, () => ({
      status: 200,
      body: {
        players: this.setupOf(gameId).players,
        deals: this.game(gameId).map((d, i) => ({ number: i + 1, ...d })),
      },
    }));
  }

  record(gameId: string, deal: { number: number; entries: Entries; clientKey: string; account?: string }) {
    return this.answer("POST", gameId, () => {
      if (deal.account !== undefined && deal.account !== this.user)
        return { status: 401, body: { error: { code: "unauthenticated", message: "another account" } } };
      const deals = this.game(gameId);
      const stored = deals.findIndex((d) => d.clientKey === deal.clientKey);
      if (stored >= 0) return { status: 200, body: { number: stored + 1, duplicate: true } };
      const spent = this.applied.get(deal.clientKey);
      if (spent) return spent;
      if (deal.number !== deals.length + 1)
        return { status: 409, body: { error: { code: "conflict", message: "taken" } } };
      const refused = this.refusal(gameId, [...deals, { entries: deal.entries, clientKey: deal.clientKey }]);
      if (refused) return { status: 400, body: { error: { code: "validation", message: refused } } };
      deals.push({ entries: deal.entries, clientKey: deal.clientKey });
      this.storedBy.set(deal.clientKey, this.user);
      return { status: 201, body: { number: deal.number, duplicate: false } };
    });
  }

  /** A change of deal `number`: checked as the real server checks it, made once by its key. */
  private change(
    gameId: string,
    number: number,
    { expected, expectedKey, key }: Seen,
    make: (deals: ServerDeal[]) => ServerDeal[],
  ): ApiAnswer {
    const first = key && this.applied.get(key);
    if (first) return { status: 200, body: { ...(first.body as object), duplicate: true } };
    const deals = this.game(gameId);
    if (!deals[number - 1])
      return { status: 404, body: { error: { code: "not_found", key: "errors.noDeal", message: "no deal" } } };
    const other = expectedKey !== undefined && deals[number - 1]!.clientKey !== expectedKey;
    if (other || (expected && !sameEntries(deals[number - 1]!.entries, expected)))
      return {
        status: 409,
        body: { error: { code: "conflict", key: "errors.dealChanged", message: `Deal ${number} was changed` } },
      };
    const changed = make(deals);
    const refused = this.refusal(gameId, changed);
    if (refused) return { status: 400, body: { error: { code: "validation", message: refused } } };
    const removed = changed.length < deals.length ? deals[number - 1]! : null;
    if (removed?.clientKey) this.applied.set(removed.clientKey, { status: 200, body: { number, duplicate: true } });
    this.games.set(gameId, changed);
    const answer = { status: 200, body: { number } };
    if (key) this.applied.set(key, answer);
    return answer;
  }

  /** The evening's games started, in order (ids "g1", "g2", …): a next game starts once the last is won. */
  startGame(eveningId: string, game: { players: string[]; firstDealerSeat: number; key: string; number?: number }) {
    return this.answer("POST", `games ${eveningId}`, () => {
      const first = this.applied.get(game.key);
      if (first) return { status: 200, body: { ...(first.body as object), duplicate: true } };
      const number = Math.max(1, this.games.size) + 1;
      if (game.number !== undefined && game.number < number) {
        // Started on another phone meanwhile: the same game when started with the same seats and first dealer.
        const id = `g${number - 1}`;
        const started = this.setupOf(id);
        const same =
          game.number === number - 1 &&
          started.players.join() === game.players.join() &&
          started.firstDealer === game.players[game.firstDealerSeat];
        if (!same)
          return {
            status: 409,
            body: { error: { code: "conflict", key: "errors.gameStarted", message: "game started elsewhere" } },
          };
        const answer = { status: 200, body: { id, number: number - 1, version: 100 + number - 1, same: true } };
        this.applied.set(game.key, answer);
        return answer;
      }
      const last = this.game(`g${number - 1}`);
      const created = createScorer({ ...this.setupOf(`g${number - 1}`), deals: [] });
      const won =
        created.ok &&
        last.every((d) => created.scorer.push({ entries: d.entries }).ok) &&
        created.scorer.result().winners.length > 0;
      if (!won)
        return {
          status: 409,
          body: { error: { code: "conflict", key: "errors.gameInProgress", message: "game in progress" } },
        };
      const id = `g${number}`;
      this.game(id);
      this.seats.set(id, { players: game.players, firstDealerSeat: game.firstDealerSeat });
      const answer = { status: 201, body: { id, number, version: 100 + number } };
      this.applied.set(game.key, answer);
      return answer;
    });
  }

  edit(gameId: string, number: number, entries: Entries, seen: Seen = {}) {
    return this.answer("PUT", gameId, () =>
      this.change(gameId, number, seen, (deals) =>
        deals.map((d, i) =>
          i !== number - 1
            ? d
            : seen.clientKey
              ? { entries, clientKey: seen.clientKey, by: this.user }
              : { ...d, entries },
        ),
      ),
    );
  }

  remove(gameId: string, number: number, seen: Seen = {}) {
    return this.answer("DELETE", gameId, () =>
      this.change(gameId, number, seen, (deals) => deals.filter((_, i) => i !== number - 1)),
    );
  }
}

export { MemoryQueue } from "@/tests/support/random-table";

/** Knektpass deals: `who` plays against the others' passes, taking all five tricks; or two play, 3–2. */
export const alone = (who: string): Entries =>
  Object.fromEntries(PLAYERS.map((p) => [p, p === who ? { plays: true, tricks: 5 } : { plays: false }]));
export const pair = (a: string, b: string, tricksA = 3): Entries =>
  Object.fromEntries(
    PLAYERS.map((p) => [
      p,
      p === a ? { plays: true, tricks: tricksA } : p === b ? { plays: true, tricks: 5 - tricksA } : { plays: false },
    ]),
  );
export const allPass = (): Entries => Object.fromEntries(PLAYERS.map((p) => [p, { plays: false }]));
