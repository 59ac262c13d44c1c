import { expect, it, vi } from "vitest";
import { recordDeal } from "@/lib/data/deals";
import { oddsOf } from "@/lib/data/odds";
import { getScoreboardForEvening, getScoreboardWithOdds, getShareLink, setShowOdds } from "@/lib/data/share";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";

/** The evening as the live hub reads it: its version and the game in play whose odds are wanted. */
const read = async (eveningId: string) => {
  const found = (await getScoreboardForEvening(eveningId))!;
  return { version: found.scoreboard.version, inPlay: found.inPlay };
};

/** An evening whose first deal Bo played alone (12 → 7), as the live hub reads it. */
const afterBoAlone = async () => {
  const owner = await newActor("owner");
  const { eveningId, gameId } = await newEvening(owner);
  await recordDeal(owner, {
    gameId,
    number: 1,
    entries: { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } },
  });
  return { owner, eveningId, ...(await read(eveningId)) };
};

describeWithDatabase("the live odds of an evening's game in play", () => {
  it("add up to 1 for the version asked, are the same when asked again; switched off, none are asked", async () => {
    const { owner, eveningId, version, inPlay } = await afterBoAlone();
    const odds = (await oddsOf(eveningId, version, inPlay!))!;
    expect(Object.keys(odds)).toEqual(["Anna", "Bo", "Cecilia"]);
    expect(Object.values(odds).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    // Bo played alone: the favourite.
    expect(odds.Bo).toBeGreaterThan(Math.max(odds.Anna!, odds.Cecilia!));
    expect(await oddsOf(eveningId, version, inPlay!)).toEqual(odds);

    await setShowOdds(owner, eveningId, false);
    expect((await read(eveningId)).inPlay).toBeNull();
  });

  it("come with the scoreboard a polling viewer reads: the stream's odds for that version; switched off, none", async () => {
    const { owner, eveningId, version, inPlay } = await afterBoAlone();
    const token = (await getShareLink(owner, eveningId))!;
    const polled = (await getScoreboardWithOdds(token))!;
    expect(polled.version).toBe(version);
    expect(polled.odds).toEqual(await oddsOf(eveningId, version, inPlay!));
    expect(polled.odds!.Bo).toBeGreaterThan(polled.odds!.Anna!);
    await setShowOdds(owner, eveningId, false);
    expect((await getScoreboardWithOdds(token))!.odds).toBeNull();
  });

  it("a position the evening has moved past before its turn is dropped; the newest one is worked out", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    const before = await read(eveningId);
    await recordDeal(owner, {
      gameId,
      number: 1,
      entries: { Anna: { plays: true }, Bo: { plays: false }, Cecilia: { plays: false } },
    });
    const after = await read(eveningId);
    const [stale, fresh] = await Promise.all([
      oddsOf(eveningId, before.version, before.inPlay!),
      oddsOf(eveningId, after.version, after.inPlay!),
    ]);
    expect(stale).toBeNull();
    expect(fresh!.Anna).toBeGreaterThan(fresh!.Bo!);
  });

  it("positions overtaken before they finish make the next ones wait longer for a slice, until one finishes", async () => {
    const { eveningId, version, inPlay } = await afterBoAlone();
    // The patience each position asks for before a slice; the first is overtaken at its first pause.
    const asked: Record<string, number[]> = { first: [], second: [], third: [] };
    let overtaking: Promise<Record<string, number> | null> | null = null;
    const first = oddsOf(eveningId, version, inPlay!, async (longest) => {
      asked.first!.push(longest);
      if (asked.first!.length === 2)
        overtaking = oddsOf(eveningId, version + 1, inPlay!, async (l) => void asked.second!.push(l));
    });
    expect(await first).toBeNull();
    expect(await overtaking).not.toBeNull();
    expect(await oddsOf(eveningId, version + 2, inPlay!, async (l) => void asked.third!.push(l))).not.toBeNull();
    // (Where the patience starts depends on positions asked for before; it is 1 in a process just started.)
    const start = asked.first![0]!;
    expect(asked.first).toEqual([start, start]);
    expect(new Set(asked.second)).toEqual(new Set([Math.min(start * 2, 50)]));
    expect(asked.second!.length).toBeGreaterThan(1);
    expect(new Set(asked.third)).toEqual(new Set([1]));
  });

  it("favour no one for a start score the game's deals cannot bring down within the rollouts' cap", async () => {
    const owner = await newActor("owner");
    const { eveningId } = await newEvening(owner, { houseRules: { startScore: 900 } });
    const { version, inPlay } = await read(eveningId);
    const odds = (await oddsOf(eveningId, version, inPlay!))!;
    for (const p of ["Anna", "Bo", "Cecilia"]) expect(odds[p], p).toBeCloseTo(1 / 3, 1);
  });

  it("learn again when the history changes, and only then: the same position, the same odds until it does", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const { owner, eveningId, version, inPlay } = await afterBoAlone();
      const first = await oddsOf(eveningId, version, inPlay!);
      // Three more evenings of the owner's: Anna plays every deal alone, and wins each — enough of her to outweigh
      // the table's own rates (a player's few deals count against 20 of the table's: one short evening does not).
      for (let evening = 0; evening < 3; evening++) {
        const other = await newEvening(owner, { houseRules: { startScore: 30 } });
        for (let number = 1; number <= 6; number++)
          await recordDeal(owner, {
            gameId: other.gameId,
            number,
            entries: { Anna: { plays: true }, Bo: { plays: false }, Cecilia: { plays: false } },
          });
      }
      // Within five minutes of learning, the model stands (two tables of a group would relearn every deal).
      expect(await oddsOf(eveningId, version + 1, inPlay!)).toEqual(first);
      vi.setSystemTime(Date.now() + 5 * 60_000 + 1_000);
      const learned = (await oddsOf(eveningId, version + 2, inPlay!))!;
      expect(learned).not.toEqual(first);
      // At this table whoever leads plays (Anna, from the lead, every deal) and whoever is behind passes: Bo, who
      // leads here, is likelier to win than the prior said; Anna, who plays, likelier than Cecilia, who never did.
      expect(learned.Bo).toBeGreaterThan(first!.Bo! + 0.1);
      expect(learned.Anna).toBeGreaterThan(learned.Cecilia!);
      // Nothing changed since: the model learned then stands, however long.
      vi.setSystemTime(Date.now() + 60 * 60_000);
      expect(await oddsOf(eveningId, version + 3, inPlay!)).toEqual(learned);
    } finally {
      vi.useRealTimers();
    }
  });

  it("none are asked for a game that has ended", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner, { houseRules: { startScore: 5 } });
    await recordDeal(owner, {
      gameId,
      number: 1,
      entries: { Anna: { plays: true }, Bo: { plays: false }, Cecilia: { plays: false } },
    });
    expect((await read(eveningId)).inPlay).toBeNull();
  });
});
