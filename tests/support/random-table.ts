/**
 * A table of phones making changes at random — new deals, edits, undos, deletions, the next game, the table's
 * choices — on a network that is away, delays, drops answers and delivers requests twice, from a fixed seed. Each
 * phone keeps its log (lib/offline/outbox.ts) in memory and sends it with the real sync (lib/offline/sync.ts), to
 * whatever server `read` and the phones' APIs reach: the fake one of the unit tests, or the real one over HTTP in
 * `bench:chaos`. What it returns is what the test or the bench checks: every new deal's key with the account that
 * entered it, the keys the table dropped by its choices, and what the last phone to act showed before its last send.
 */
import type { ApiAnswer } from "@/lib/offline/api";
import {
  changeKey,
  changeShown,
  chooseOnConflict,
  enteredWhileBlocked,
  followRecord,
  moveQueued,
  pendingGameId,
  removeQueued,
  renumberProvisional,
  withQueued,
  type QueueChange,
  type QueuedDeal,
} from "@/lib/offline/outbox";
import { syncOutbox, type QueueStore, type SyncApi } from "@/lib/offline/sync";
import { evaluateGame, scoreGame, type Entries, type GameRecord } from "@/lib/rules";

/** mulberry32: a small seeded generator, the same sequence every run. */
export function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Faults {
  /** Share of requests that find no network. */
  away: number;
  /** Share of answers lost on the way back (the server did the work). */
  dropped: number;
  /** Share of requests delivered twice. */
  twice: number;
  /** Longest delay of a request, in ms (each waits a random share of it). */
  delayMs: number;
}

export const CLEAR: Faults = { away: 0, dropped: 0, twice: 0, delayMs: 0 };

/** The network between a phone and the server, with `faults`. */
export function network(api: SyncApi, random: () => number, faults: Faults): SyncApi {
  const delay = () =>
    faults.delayMs ? new Promise((resolve) => setTimeout(resolve, random() * faults.delayMs)) : Promise.resolve();
  const through =
    <A extends unknown[]>(call: (...args: A) => Promise<ApiAnswer>) =>
    async (...args: A): Promise<ApiAnswer> => {
      const roll = random();
      await delay();
      if (roll < faults.away) throw new TypeError("Failed to fetch");
      if (roll < faults.away + faults.twice) await call(...args);
      const answer = await call(...args);
      if (random() < faults.dropped) throw new TypeError("the answer was lost");
      return answer;
    };
  return {
    session: () => api.session(),
    deals: (gameId) => api.deals(gameId),
    record: through(api.record.bind(api)),
    edit: through(api.edit.bind(api)),
    remove: through(api.remove.bind(api)),
    startGame: through(api.startGame.bind(api)),
  };
}

/** A game as a page load reads it. */
export interface ReadGame {
  id: string;
  number: number;
  players: string[];
  firstDealerSeat: number;
  deals: { entries: Entries; clientKey: string | null }[];
}

/** The log in memory, with IndexedDB's auto-increment order. */
export class MemoryQueue implements QueueStore {
  deals: QueuedDeal[] = [];
  private next = 1;

  add(deal: Omit<QueuedDeal, "seq" | "state" | "queuedAt">): QueuedDeal {
    const queued: QueuedDeal = { ...deal, seq: this.next++, state: "waiting", queuedAt: 0 };
    this.deals.push(queued);
    return queued;
  }

  async list() {
    return this.deals.map((d) => ({ ...d }));
  }

  async apply(change: QueueChange) {
    this.deals = this.deals.filter((d) => !change.remove.includes(d.seq!));
    for (const { seq, changes } of change.update) {
      const deal = this.deals.find((d) => d.seq === seq);
      if (!deal) continue;
      for (const [key, value] of Object.entries(changes)) {
        if (value === undefined) delete (deal as unknown as Record<string, unknown>)[key];
        else (deal as unknown as Record<string, unknown>)[key] = value;
      }
    }
    for (const entry of change.add ?? []) this.deals.push({ ...entry, seq: this.next++ });
  }

  async markSent(seq: number) {
    const entry = this.deals.find((d) => d.seq === seq);
    if (entry) entry.sent = true;
    return entry && { ...entry };
  }
}

/** What the table did, for the caller to check against the server's record. */
export interface TableRun {
  /** Every new deal's key, with the account that entered it. */
  entered: Map<string, string>;
  /** Keys of new deals the table undid, deleted or dropped by a choice. */
  dropped: Set<string>;
  /** Keys of new deals another phone had recorded as the same deal: kept once, as that phone's. */
  same: Set<string>;
  /** Per game, the deals the last phone to act showed before its last send. */
  showed: Entries[][];
  counts: Record<"record" | "edit" | "delete" | "game" | "sync" | "choice", number>;
}

/** A phone: its log, the evening as it last read it, and what it shows — the read with the log played on top. */
export class TablePhone {
  readonly log = new MemoryQueue();
  read: ReadGame[] = [];
  trace: (line: string) => void = () => {};
  constructor(
    private readonly table: { eveningId: string; rules: Pick<GameRecord, "variant" | "houseRules"> },
    public api: SyncApi,
    readonly account: string,
    private readonly reader: () => Promise<ReadGame[]>,
    private readonly run: Pick<TableRun, "entered" | "dropped" | "same">,
  ) {}

  async reload() {
    this.read = await this.reader();
  }

  record(game: ReadGame): GameRecord {
    const { players, firstDealerSeat, deals } = game;
    return { ...this.table.rules, players, firstDealer: players[firstDealerSeat]!, deals };
  }

  /** The games as shown: those read, then a next game started here and not sent yet. */
  games(): ReadGame[] {
    const games = [...this.read];
    for (const entry of this.log.deals) {
      if (entry.kind !== "game" || entry.state !== "waiting" || entry.number <= (games.at(-1)?.number ?? 0)) continue;
      const { players = [], firstDealerSeat = 0 } = entry;
      games.push({ id: entry.gameId, number: entry.number, players, firstDealerSeat, deals: [] });
    }
    return games;
  }

  view(game: ReadGame) {
    const record = this.record(game);
    const queue = this.log.deals.filter((d) => d.gameId === game.id && d.kind !== "game");
    return withQueued(
      record,
      scoreGame(record),
      queue,
      game.deals.map((d) => d.clientKey),
    );
  }

  shown(): Entries[][] {
    return this.games().map((g) => this.view(g).record.deals.map((d) => d.entries));
  }

  /** A new deal as the next of the current game, when the rules take it there (as the deal form checks). */
  enter(entries: Entries): boolean {
    const game = this.games().at(-1)!;
    const { record } = this.view(game);
    if (!evaluateGame({ ...record, deals: [...record.deals, { entries }] }).ok) return false;
    const provisional = enteredWhileBlocked(this.log.deals, game.id);
    const clientKey = changeKey();
    this.log.add({
      account: this.account,
      eveningId: this.table.eveningId,
      gameId: game.id,
      number: record.deals.length + 1,
      entries,
      clientKey,
      ...(provisional ? { provisional } : {}),
    });
    this.run.entered.set(clientKey, this.account);
    this.trace(`enter ${clientKey} as ${record.deals.length + 1} of ${game.id}`);
    return true;
  }

  /** A change of the current game's deal `number` as shown: through the log's entry that shows it, or a new entry. */
  async change(number: number, change: { kind: "edit"; entries: Entries } | { kind: "delete" }): Promise<boolean> {
    const game = this.games().at(-1)!;
    const view = this.view(game);
    if (!view.record.deals[number - 1]) return false;
    if (change.kind === "edit") {
      const deals = view.record.deals.map((d, i) => (i === number - 1 ? { entries: change.entries } : d));
      if (!evaluateGame({ ...view.record, deals }).ok) return false;
    }
    const key = view.keys[number - 1];
    this.trace(`change ${change.kind} of ${number} in ${game.id}: key ${key} seq ${view.seqOf.get(number)}`);
    if (change.kind === "delete" && key) this.run.dropped.add(key);
    const seq = view.seqOf.get(number);
    if (seq !== undefined) {
      await this.log.apply(changeShown(this.log.deals, seq, change, changeKey()));
      return true;
    }
    const shown = view.record.deals[number - 1]!.entries;
    this.log.add({
      account: this.account,
      eveningId: this.table.eveningId,
      gameId: game.id,
      number,
      kind: change.kind,
      entries: change.kind === "edit" ? change.entries : shown,
      expected: shown,
      ...(key ? { expectedKey: key } : {}),
      clientKey: changeKey(),
    });
    return true;
  }

  /** The next game, once the current one is won as shown: the same seats, the next first dealer. */
  startNext(): boolean {
    const game = this.games().at(-1)!;
    if (!this.view(game).result.winners.length) return false;
    const key = changeKey();
    this.log.add({
      account: this.account,
      eveningId: this.table.eveningId,
      gameId: pendingGameId(key),
      number: game.number + 1,
      kind: "game",
      players: game.players,
      firstDealerSeat: (game.firstDealerSeat + 1) % game.players.length,
      entries: {},
      clientKey: key,
    });
    return true;
  }

  private drop(entries: readonly QueuedDeal[]) {
    for (const d of entries) if (!d.kind) this.run.dropped.add(d.clientKey);
  }

  /**
   * The table's choice on the first entry waiting for one, on the record as it is now: a conflict kept both ways,
   * a deal the record no longer ends before stored as its next, a deal of a game won meanwhile moved into the
   * current game (so are those of a next game whose refused start the table deleted), anything else refused deleted.
   */
  async choose(): Promise<boolean> {
    const blocked = this.log.deals.find((d) => d.state !== "waiting");
    if (!blocked) return false;
    await this.reload();
    const own = this.read.find((g) => g.id === blocked.gameId);
    const length = own?.deals.length ?? 0;
    const current = this.games().at(-1)!;
    this.trace(`choose ${blocked.clientKey} ${blocked.kind ?? "new"} ${blocked.state} ${blocked.refusal ?? ""}`);
    let change: QueueChange;
    const ofGame = this.log.deals.filter((d) => d.gameId === blocked.gameId);
    if (blocked.state === "conflict") change = chooseOnConflict(ofGame, blocked.seq!, "both", length);
    else if (blocked.kind === "game") change = { remove: [blocked.seq!], update: [] };
    else if (!blocked.kind && blocked.refusal === "moved")
      change = followRecord(this.log.deals, blocked.seq!, length + 1);
    else if (
      !blocked.kind &&
      (blocked.refusal === "won" || blocked.refusal === "unstarted") &&
      current.id !== blocked.gameId
    )
      change = moveQueued(blocked, current.id, this.view(current).record.deals.length + 1);
    else {
      this.drop([blocked]);
      change = removeQueued(this.log.deals, blocked.seq!);
    }
    await this.log.apply(change);
    // Nothing waits for the table any more: the deals entered meanwhile are numbered for good (as the page does).
    for (const game of new Set(this.log.deals.map((d) => d.gameId)))
      if (!enteredWhileBlocked(this.log.deals, game)) {
        const read = this.read.find((g) => g.id === game);
        await this.log.apply(
          renumberProvisional(
            this.log.deals.filter((d) => d.gameId === game),
            read?.deals.length ?? 0,
          ),
        );
      }
    return true;
  }

  async sync() {
    const before = this.log.deals.filter((d) => !d.kind).map((d) => d.clientKey);
    const { same } = await syncOutbox(this.log, this.api, this.account);
    for (const { key, as } of same) {
      this.run.same.add(key);
      // A deletion this phone made of its deal goes to the deal it was kept as: the table dropped that one.
      if (this.run.dropped.has(key) && as) this.run.dropped.add(as);
    }
    await this.reload();
    const stored = new Set(this.read.flatMap((g) => g.deals.map((d) => d.clientKey)));
    const left = before.filter((k) => !this.log.deals.some((d) => d.clientKey === k));
    for (const key of left)
      if (!stored.has(key)) this.trace(`${key} left the log unstored (same: ${same.some((s) => s.key === key)})`);
  }
}

/** Entries for `players`: one plays alone and takes all five tricks; or two play, 3–2; or everyone passes. */
function randomDeal(players: readonly string[], pick: <T>(list: readonly T[]) => T): Entries {
  const kind = pick(["alone", "alone", "pair", "pass"] as const);
  const [a, b] = [pick(players), pick(players)];
  return Object.fromEntries(
    players.map((p) => {
      if (kind === "pass") return [p, { plays: false }];
      if (kind === "alone") return [p, p === a ? { plays: true, tricks: 5 } : { plays: false }];
      if (a === b) return [p, p === a ? { plays: true, tricks: 5 } : { plays: false }];
      return [p, p === a ? { plays: true, tricks: 3 } : p === b ? { plays: true, tricks: 2 } : { plays: false }];
    }),
  );
}

/**
 * Plays `changes` random changes on `phones` (each with its own network and account), then lets the signal
 * return for good: each phone sends all it has, the table choosing as it goes, the last one last.
 */
export async function playRandomTable(options: {
  seed: number;
  changes: number;
  eveningId: string;
  rules: Pick<GameRecord, "variant" | "houseRules">;
  read: () => Promise<ReadGame[]>;
  phones: { api: SyncApi; account: string }[];
  faults: Faults;
  /** Told each change as it is made (while looking into a seed). */
  trace?: (line: string) => void;
}): Promise<TableRun> {
  const trace = options.trace ?? (() => {});
  const random = generator(options.seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const run: TableRun = {
    entered: new Map(),
    dropped: new Set(),
    same: new Set(),
    showed: [],
    counts: { record: 0, edit: 0, delete: 0, game: 0, sync: 0, choice: 0 },
  };
  const table = { eveningId: options.eveningId, rules: options.rules };
  const phones = options.phones.map(
    ({ api, account }) => new TablePhone(table, network(api, random, options.faults), account, options.read, run),
  );
  for (const phone of phones) {
    phone.trace = trace;
    await phone.reload();
  }
  const { counts } = run;
  for (let i = 0; i < options.changes; i++) {
    const phone = pick(phones);
    const game = phone.games().at(-1)!;
    trace(
      `#${i} phone ${phones.indexOf(phone)} shows ${JSON.stringify(phone.shown().map((g) => g.length))} log ${JSON.stringify(phone.log.deals.map((d) => [d.seq, d.kind ?? "new", d.gameId.slice(0, 6), d.number, d.state, d.sent ? "sent" : "", d.refusal ?? ""]))}`,
    );
    const shown = phone.view(game).record.deals.length;
    const roll = random();
    const entries = randomDeal(game.players, pick);
    if (roll < 0.45 || shown === 0) {
      if (phone.enter(entries)) counts.record++;
      else if (phone.startNext()) counts.game++;
    } else if (roll < 0.57) {
      if (await phone.change(1 + Math.floor(random() * shown), { kind: "edit", entries })) counts.edit++;
    } else if (roll < 0.7) {
      // An undo of the last deal, or a deletion of any.
      const at = random() < 0.5 ? shown : 1 + Math.floor(random() * shown);
      if (await phone.change(at, { kind: "delete" })) counts.delete++;
    } else if (await phone.choose()) counts.choice++;
    else {
      await phone.sync();
      counts.sync++;
    }
  }

  // The signal returns for good. Each phone sends all it has, the table's choices made; the last phone last: what it
  // shows before the send that needs no more choices is what the server must keep.
  for (const phone of phones) phone.api = network(options.phones[phones.indexOf(phone)]!.api, random, CLEAR);
  for (const phone of phones.slice(0, -1))
    for (let round = 0; round < 1000; round++) {
      trace(
        `first ${JSON.stringify(phone.log.deals.map((d) => [d.seq, d.kind ?? "new", d.gameId.slice(-4), d.number, d.state, d.refusal ?? "", d.provisional ? "prov" : ""]))}`,
      );
      await phone.sync();
      if (!(await phone.choose())) break;
    }
  const last = phones.at(-1)!;
  await last.reload();
  for (let round = 0; round < 1000; round++) {
    run.showed = last.shown();
    trace(
      `last shows ${JSON.stringify(
        run.showed.map((g) =>
          g.map(
            (d) =>
              Object.keys(d)
                .filter((p) => d[p]!.plays)
                .join("+") || "-",
          ),
        ),
      )} log ${JSON.stringify(last.log.deals.map((d) => [d.seq, d.kind ?? "new", d.gameId.slice(0, 6), d.number, d.state, d.refusal ?? ""]))}`,
    );
    await last.sync();
    if (!(await last.choose())) break;
  }
  for (const phone of phones)
    trace(`end log ${JSON.stringify(phone.log.deals.map((d) => [d.clientKey, d.kind ?? "new", d.state, d.number]))}`);
  if (last.log.deals.some((d) => d.state === "waiting")) throw new Error("the last phone's log did not drain");
  return run;
}
