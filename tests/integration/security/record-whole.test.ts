import { expect, it } from "vitest";
import { deleteDeal, editDeal, recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { endEvening, startGame } from "@/lib/data/evenings";
import { describeInvite, joinEvening, removeMember } from "@/lib/data/members";
import { exportEvening, importEvenings } from "@/lib/data/transfer";
import { getDb } from "@/lib/db/client";
import { translate } from "@/lib/i18n/dictionaries";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";
import { lone } from "@/tests/support/records";

/** An evening of 5 points a game whose first game Anna won with one deal, with a member. */
async function wonFirstGame() {
  const owner = await newActor("owner");
  const member = await newActor("member");
  const { eveningId, gameId } = await newEvening(owner, { houseRules: { startScore: 5 } });
  await getDb().eveningMember.create({ data: { eveningId, userId: member.userId } });
  await recordDeal(owner, { gameId, number: 1, entries: lone("Anna") });
  expect((await getEvening(owner, eveningId)).games[0]!.result.winners).toEqual(["Anna"]);
  return { owner, member, eveningId, gameId };
}

describeWithDatabase("the record stays whole", () => {
  it("once the next game has started, a change that takes the earlier game's win away is refused; changing who won is not", async () => {
    const { owner, eveningId, gameId } = await wonFirstGame();
    await startGame(owner, { eveningId, players: ["Bo", "Cecilia", "Anna"], firstDealerSeat: 0 });
    const before = await fingerprint();
    for (const change of [
      () => deleteDeal(owner, { gameId, number: 1 }),
      () => editDeal(owner, { gameId, number: 1, entries: lone("nobody") }),
    ]) {
      const error = await change().catch((e) => e);
      expect(error).toMatchObject({ code: "conflict" });
      expect(translate(error.text, "en")).toBe(
        "Game 1 was won and game 2 has started: this change would take game 1's win away, so it was not saved.",
      );
    }
    expect(await fingerprint()).toEqual(before);
    await editDeal(owner, { gameId, number: 1, entries: lone("Bo") });
    const evening = await getEvening(owner, eveningId);
    expect(evening.games[0]!.result.winners).toEqual(["Bo"]);
    // And so the owner's export imports again.
    const other = await newActor("other");
    const { created } = await importEvenings(other, JSON.parse(JSON.stringify(await exportEvening(owner, eveningId))));
    expect((await getEvening(other, created[0]!)).games.map((g) => g.result)).toEqual(
      evening.games.map((g) => g.result),
    );
  });

  it("a member seats the evening's players anew; only the owner brings a new player, never one that looks like a player", async () => {
    const { owner, member, eveningId } = await wonFirstGame();
    const before = await fingerprint();
    const refused = await startGame(member, { eveningId, players: ["Anna", "Bo", "Dag"], firstDealerSeat: 0 }).catch(
      (e) => e,
    );
    expect(refused).toMatchObject({ code: "forbidden" });
    expect(translate(refused.text, "en")).toBe("Only the evening's owner can bring a new player to the table (Dag).");
    const lookAlike = await startGame(owner, {
      eveningId,
      players: ["\u0410nna", "Bo", "Cecilia"],
      firstDealerSeat: 0,
    }).catch((e) => e);
    expect(translate(lookAlike.fieldMessages.players[0], "en")).toBe(
      "“Anna” and “\u0410nna” look like the same person: give one of them another name",
    );
    expect(await fingerprint()).toEqual(before);
    await startGame(member, { eveningId, players: ["Cecilia", "Anna", "Bo"], firstDealerSeat: 1 });
    expect((await getEvening(owner, eveningId)).games).toHaveLength(2);
  });

  it("removing a member replaces the invite link; an ended evening's link admits nobody", async () => {
    const { owner, member, eveningId } = await wonFirstGame();
    const { inviteToken } = await getDb().evening.findUniqueOrThrow({
      where: { id: eveningId },
      select: { inviteToken: true },
    });
    await removeMember(owner, eveningId, member.userId);
    await expect(joinEvening(member, inviteToken!)).rejects.toMatchObject({ code: "not_found" });
    const { inviteToken: replaced } = await getDb().evening.findUniqueOrThrow({
      where: { id: eveningId },
      select: { inviteToken: true },
    });
    expect(replaced).not.toBe(inviteToken);
    await endEvening(owner, eveningId);
    const newcomer = await newActor("newcomer");
    const before = await fingerprint();
    expect(await describeInvite(replaced!)).toBeNull();
    await expect(joinEvening(newcomer, replaced!)).rejects.toMatchObject({ code: "not_found" });
    expect(await fingerprint()).toEqual(before);
  });
});
