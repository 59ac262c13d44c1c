import { expect, it } from "vitest";
import { recordDeal } from "@/lib/data/deals";
import { oddsOf } from "@/lib/data/odds";
import { setShowOdds } from "@/lib/data/share";
import { getDb } from "@/lib/db/client";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";

const versionOf = async (eveningId: string) =>
  (await getDb().evening.findUniqueOrThrow({ where: { id: eveningId }, select: { version: true } })).version;

describeWithDatabase("the live odds of an evening's game in play", () => {
  it("add up to 1 for the version asked, are the same when asked again, and are none once switched off", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    await recordDeal(owner, {
      gameId,
      number: 1,
      entries: { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } },
    });
    const version = await versionOf(eveningId);
    const odds = (await oddsOf(eveningId, version))!;
    expect(Object.keys(odds)).toEqual(["Anna", "Bo", "Cecilia"]);
    expect(Object.values(odds).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    // Bo played alone (12 → 7): the favourite.
    expect(odds.Bo).toBeGreaterThan(Math.max(odds.Anna!, odds.Cecilia!));
    expect(await oddsOf(eveningId, version)).toEqual(odds);

    await setShowOdds(owner, eveningId, false);
    expect(await oddsOf(eveningId, await versionOf(eveningId))).toBeNull();
  });

  it("a position the evening has moved past before its turn is dropped; the newest one is worked out", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    const before = await versionOf(eveningId);
    await recordDeal(owner, {
      gameId,
      number: 1,
      entries: { Anna: { plays: true }, Bo: { plays: false }, Cecilia: { plays: false } },
    });
    const after = await versionOf(eveningId);
    const [stale, fresh] = await Promise.all([oddsOf(eveningId, before), oddsOf(eveningId, after)]);
    expect(stale).toBeNull();
    expect(fresh!.Anna).toBeGreaterThan(fresh!.Bo!);
  });

  it("favour no one for a start score the game's deals cannot bring down within the rollouts' cap", async () => {
    const owner = await newActor("owner");
    const { eveningId } = await newEvening(owner, { houseRules: { startScore: 900 } });
    expect(await oddsOf(eveningId, await versionOf(eveningId))).toEqual({ Anna: 1 / 3, Bo: 1 / 3, Cecilia: 1 / 3 });
  });
});
