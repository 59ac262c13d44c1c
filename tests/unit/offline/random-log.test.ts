/**
 * Two phones at one table, 200 changes of every kind (new deals, edits, undos, deletions) on a network that is
 * away, drops answers and delivers requests twice, with a fixed seed: the log and its sync against a server with
 * the real one's answers (fake-server.ts). Whatever happens, nothing is stored twice, and once the table has made its
 * choices the server's record ends as the last phone to act showed it. `LOG_SEED=n` runs another seed (seeds 1–40
 * pass).
 */
import { describe, expect, it } from "vitest";
import type { ApiAnswer } from "@/lib/offline/api";
import {
  changeKey,
  changeShown,
  chooseOnConflict,
  enteredWhileBlocked,
  followRecord,
  renumberProvisional,
  withQueued,
} from "@/lib/offline/outbox";
import { syncOutbox, type SyncApi } from "@/lib/offline/sync";
import { evaluateGame, scoreGame, type Entries, type GameRecord } from "@/lib/rules";
import { ACCOUNT, allPass, alone, FakeServer, MemoryQueue, pair, PLAYERS } from "./fake-server";

const SEED = Number(process.env.LOG_SEED ?? 20261207);
const CHANGES = 200;

/** mulberry32: a small seeded generator, the same sequence every run. */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The network between a phone and the server: away, answers dropped, requests delivered twice. */
function network(server: FakeServer, random: () => number, faults: { away: number; dropped: number; twice: number }) {
  const through =
    <A extends unknown[]>(call: (...args: A) => Promise<ApiAnswer>) =>
    async (...args: A): Promise<ApiAnswer> => {
      const roll = random();
      if (roll < faults.away) throw new TypeError("Failed to fetch");
      if (roll < faults.away + faults.twice) await call(...args);
      const answer = await call(...args);
      if (random() < faults.dropped) throw new TypeError("the answer was lost");
      return answer;
    };
  const api: SyncApi = {
    session: () => server.session(),
    deals: (gameId) => server.deals(gameId),
    record: through(server.record.bind(server)),
    edit: through(server.edit.bind(server)),
    remove: through(server.remove.bind(server)),
    startGame: through(server.startGame.bind(server)),
  };
  return api;
}

/** A phone: its log, the server's record as it last read it, and what it shows. */
class Phone {
  readonly log = new MemoryQueue();
  snapshot: { entries: Entries; clientKey: string | null }[] = [];
  constructor(
    readonly server: FakeServer,
    public api: SyncApi,
  ) {}

  read() {
    this.snapshot = this.server.game("g1").map((d) => ({ entries: d.entries, clientKey: d.clientKey }));
  }

  view() {
    const record: GameRecord = { ...this.server.setup, deals: this.snapshot.map((d) => ({ entries: d.entries })) };
    const entries = this.log.deals.filter((d) => d.eveningId === "e1");
    return withQueued(
      record,
      scoreGame(record),
      entries,
      this.snapshot.map((d) => d.clientKey),
    );
  }

  shown(): Entries[] {
    return this.view().record.deals.map((d) => d.entries);
  }

  /** A change of deal `number` as shown: through the log's entry that shows it, or as a new entry of the log. */
  change(number: number, change: { kind: "edit"; entries: Entries } | { kind: "delete" }) {
    const view = this.view();
    const seq = view.seqOf.get(number);
    if (seq !== undefined) return this.log.apply(changeShown(this.log.deals, seq, change, changeKey()));
    const shown = view.record.deals[number - 1]!.entries;
    const key = view.keys[number - 1];
    this.log.add({
      eveningId: "e1",
      gameId: "g1",
      number,
      kind: change.kind,
      entries: change.kind === "edit" ? change.entries : shown,
      expected: shown,
      ...(key ? { expectedKey: key } : {}),
      clientKey: changeKey(),
    });
  }

  /** The table's choices: a conflict kept both ways (this phone's becomes the next deal), a refusal deleted. */
  choose() {
    const blocked = this.log.deals.find((d) => d.state !== "waiting");
    if (!blocked) return false;
    const length = this.server.game("g1").length;
    if (blocked.state === "conflict")
      void this.log.apply(chooseOnConflict(this.log.deals, blocked.seq!, "both", length));
    // The record ends before where this phone's copy did: Store as deal N.
    else if (blocked.refusal === "moved") void this.log.apply(followRecord(this.log.deals, blocked.seq!, length + 1));
    else void this.log.apply({ remove: [blocked.seq!], update: [] });
    // Nothing waits for the table any more: the deals entered meanwhile are numbered for good (as the page does).
    if (!enteredWhileBlocked(this.log.deals, "g1")) void this.log.apply(renumberProvisional(this.log.deals, length));
    return true;
  }

  async sync() {
    await syncOutbox(this.log, this.api, ACCOUNT);
    this.read();
  }
}

describe(`two phones, ${CHANGES} changes of every kind, a network that drops and repeats (seed ${SEED})`, () => {
  it("stores nothing twice, and ends as the last phone to act showed it", async () => {
    const random = generator(SEED);
    const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
    const server = new FakeServer({ ...new FakeServer().setup, houseRules: { startScore: 500 } });
    const faults = { away: 0.15, dropped: 0.15, twice: 0.1 };
    const phones = [0, 1].map(() => new Phone(server, network(server, random, faults)));
    const deal = (): Entries => pick([alone(pick(PLAYERS)), pair("Anna", pick(["Bo", "Cecilia"])), allPass()]);
    const counts = { record: 0, edit: 0, delete: 0, sync: 0, choice: 0 };

    for (let i = 0; i < CHANGES; i++) {
      const phone = pick(phones);
      const shown = phone.shown().length;
      const roll = random();
      // As the deal form does, the table saves only what the rules accept on the deals it sees.
      const deals = phone.view().record.deals;
      const accepted = (next: GameRecord["deals"]) => evaluateGame({ ...server.setup, deals: next }).ok;
      const entries = deal();
      const at = 1 + Math.floor(random() * shown);
      if (roll < 0.45 || shown === 0) {
        if (!accepted([...deals, { entries }])) continue;
        const provisional = enteredWhileBlocked(phone.log.deals, "g1");
        phone.log.add({
          eveningId: "e1",
          gameId: "g1",
          number: shown + 1,
          entries,
          clientKey: changeKey(),
          ...(provisional ? { provisional } : {}),
        });
        counts.record++;
      } else if (roll < 0.6) {
        if (!accepted(deals.map((d, i) => (i === at - 1 ? { entries } : d)))) continue;
        await phone.change(at, { kind: "edit", entries });
        counts.edit++;
      } else if (roll < 0.75) {
        // An undo of the last deal, or a deletion of any.
        await phone.change(random() < 0.5 ? shown : 1 + Math.floor(random() * shown), { kind: "delete" });
        counts.delete++;
      } else if (phone.choose()) counts.choice++;
      else {
        await phone.sync();
        counts.sync++;
      }
    }
    expect(Object.values(counts).every((n) => n > 0)).toBe(true);

    // The signal returns for good. The first phone sends all it has (the table's choices made); then the second
    // phone, the last to act: what it shows before the send that needs no more choices is what the server keeps.
    const [first, last] = phones as [Phone, Phone];
    for (const phone of phones) phone.api = network(server, random, { away: 0, dropped: 0, twice: 0 });
    for (let round = 0; round < 50; round++) {
      await first.sync();
      if (!first.choose()) break;
    }
    let showed: Entries[] = [];
    last.read();
    for (let round = 0; round < 50; round++) {
      showed = last.shown();
      await last.sync();
      if (!last.choose()) break;
    }
    expect(last.log.deals.filter((d) => d.state === "waiting")).toEqual([]);
    const stored = server.game("g1");
    expect(stored.map((d) => d.entries)).toEqual(showed);
    // Nothing stored twice: every key once.
    const keys = stored.map((d) => d.clientKey).filter((k): k is string => k !== null);
    expect(new Set(keys).size).toBe(keys.length);
    // And the record is one the rules accept, as every phone showed it.
    expect(scoreGame({ ...server.setup, deals: stored.map((d) => ({ entries: d.entries })) }).deals).toHaveLength(
      stored.length,
    );
  });
});
