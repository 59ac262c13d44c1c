import { expect, it } from "vitest";
import { recordDeal } from "@/lib/data/deals";
import { getScoreboardByToken, getShareLink, setShareMoney } from "@/lib/data/share";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";

describeWithDatabase("share link and money", () => {
  it("the link shows the stakes only once the owner turns the money on, and again not once it is off", async () => {
    const owner = await newActor("owner");
    const stakes = { currency: "SEK", perGame: 500 };
    const { eveningId, gameId } = await newEvening(owner, { stakes });
    await recordDeal(owner, {
      gameId,
      number: 1,
      entries: { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } },
    });
    const token = (await getShareLink(owner, eveningId))!;
    const before = (await getScoreboardByToken(token))!.scoreboard;
    expect(before.stakes).toBeNull();
    expect(JSON.stringify(before)).not.toContain("SEK");

    await setShareMoney(owner, eveningId, true);
    const shown = (await getScoreboardByToken(token))!.scoreboard;
    expect(shown.stakes).toEqual({ currency: "SEK", perGame: 500, perPoint: 0, perLimpa: 0 });
    // A change every open viewer hears of.
    expect(shown.version).toBeGreaterThan(before.version);

    await setShareMoney(owner, eveningId, false);
    expect((await getScoreboardByToken(token))!.scoreboard.stakes).toBeNull();
  });

  it("an evening not played for money shows no stakes even with the money turned on", async () => {
    const owner = await newActor("owner");
    const { eveningId } = await newEvening(owner);
    await setShareMoney(owner, eveningId, true);
    const token = (await getShareLink(owner, eveningId))!;
    expect((await getScoreboardByToken(token))!.scoreboard.stakes).toBeNull();
  });
});
