import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { getEvening } from "@/lib/data/evening-view";
import { loadSummaries } from "@/lib/data/game-summary";
import { listHistory } from "@/lib/data/history";
import { exportAll, exportEvening, importEvenings, previewImport } from "@/lib/data/transfer";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";

/** A redeal: nobody plays. */
const voidDeal = (players: string[]) => ({
  entries: Object.fromEntries(players.map((p) => [p, { plays: false }])),
});

/**
 * A backup of `count` evenings of one game of 120 redeals each (two evenings to one of the import's short
 * transactions), the last evening with a player no other evening has.
 */
async function backupFile(count: number, lastPlayer = "Cecilia") {
  const owner = await newActor("pending");
  const { eveningId } = await newEvening(owner);
  const one = JSON.parse(JSON.stringify(await exportEvening(owner, eveningId)));
  const evenings = Array.from({ length: count }, (_, i) => {
    const players = ["Anna", "Bo", i === count - 1 ? lastPlayer : "Cecilia"];
    return {
      ...one,
      title: `Kväll ${i + 1}`,
      games: [
        {
          ...one.games[0],
          players,
          firstDealer: players[0],
          deals: Array.from({ length: 120 }, () => voidDeal(players)),
        },
      ],
    };
  });
  return { format: "protokoll.backup", version: 1, evenings, ruleSets: [] };
}

/** What the account sees of its evenings: history, statistics and its backup. */
async function seen(actor: { userId: string }) {
  const [history, summaries, backup] = await Promise.all([listHistory(actor), loadSummaries(actor), exportAll(actor)]);
  return { history: history.total, games: summaries.length, backup: backup.evenings.length };
}

/** Runs `work` while watching the account after each turn of the event loop, until `work` settles. */
async function watching<T>(actor: { userId: string }, work: Promise<T>, onPending?: () => Promise<void>) {
  const looks: { stored: number; seen: Awaited<ReturnType<typeof seen>> }[] = [];
  let settled = false;
  const done = work
    .then(
      (value) => value,
      (error: unknown) => error,
    )
    .finally(() => (settled = true));
  while (!settled) {
    const stored = await getDb().evening.count({ where: { ownerId: actor.userId } });
    const look = { stored, seen: await seen(actor) };
    if (settled) break; // the import completed during this look: it saw the after, not the during
    looks.push(look);
    if (stored > 0 && onPending) await onPending().finally(() => (onPending = undefined));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { looks, result: await done };
}

describeWithDatabase("an import in progress", () => {
  it("writes its evenings pending: nobody sees any of them until the last is written, then all at once", async () => {
    const file = await backupFile(6);
    const actor = await newActor("importer");
    const { looks, result } = await watching(actor, importEvenings(actor, file));
    expect(result).toMatchObject({ created: expect.any(Array), skipped: 0 });
    // The import was caught part-way: evenings were stored, yet none of them was seen.
    const midway = looks.filter((l) => l.stored > 0 && l.stored < 6);
    expect(midway.length).toBeGreaterThan(0);
    for (const look of looks) expect(look.seen).toEqual({ history: 0, games: 0, backup: 0 });
    expect(await seen(actor)).toEqual({ history: 6, games: 6, backup: 6 });
  });

  it("a failed import leaves nothing behind, though some of its evenings were already written", async () => {
    const file = await backupFile(6, "Dag");
    const actor = await newActor("importer");
    const before = await fingerprint();
    // Dag's person row, made at the start, vanishes while the first evenings are written: the last evening
    // cannot be written.
    const { looks, result } = await watching(actor, importEvenings(actor, file), async () => {
      await getDb().person.deleteMany({ where: { ownerId: actor.userId, name: "Dag" } });
    });
    expect(result).toBeInstanceOf(Error);
    expect(looks.some((l) => l.stored > 0)).toBe(true);
    expect(await fingerprint()).toEqual(before);
    expect(await seen(actor)).toEqual({ history: 0, games: 0, backup: 0 });
  });

  it("what an import left pending when the server stopped is never seen, and the next import writes it again", async () => {
    const file = await backupFile(2);
    const actor = await newActor("importer");
    const { created } = await importEvenings(actor, file);
    // As if the server had stopped before the import completed: both evenings still pending, one from long ago.
    const db = getDb();
    await db.evening.update({ where: { id: created[0]! }, data: { importing: new Date() } });
    await db.evening.update({ where: { id: created[1]! }, data: { importing: new Date(Date.now() - 3_600_000) } });
    expect(await seen(actor)).toEqual({ history: 0, games: 0, backup: 0 });
    await expect(getEvening(actor, created[0]!)).rejects.toMatchObject({ code: "not_found" });
    expect((await previewImport(actor, file)).evenings.map((e) => e.duplicate)).toEqual([false, false]);

    const again = await importEvenings(actor, file);
    expect(again).toMatchObject({ skipped: 0 });
    expect(again.created).toHaveLength(2);
    expect(await db.evening.count({ where: { ownerId: actor.userId } })).toBe(2);
    expect(await seen(actor)).toEqual({ history: 2, games: 2, backup: 2 });
    expect((await getEvening(actor, again.created[0]!)).games[0]!.record.deals).toHaveLength(120);
    // Imported once more: nothing new.
    expect(await importEvenings(actor, file)).toMatchObject({ created: [], skipped: 2 });
  });
});
