import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { deleteDeal, editDeal, recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evenings";
import { scoreGame } from "@/lib/rules";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";

const deal1 = { Anna: { plays: true, exchanged: [2, 0], tricks: 1 }, Bo: { plays: true, exchanged: [1, 2], tricks: 4 }, Cecilia: { plays: true, exchanged: 0, tricks: 0 } };
const lone = (who: "Anna" | "Bo" | "Cecilia") => ({
  Anna: { plays: who === "Anna" },
  Bo: { plays: who === "Bo" },
  Cecilia: { plays: who === "Cecilia" },
});

describeWithDatabase("deals", () => {
  it("records deals and scores the stored game exactly as the rules engine scores the record", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    const first = await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    expect(first.result.scores).toEqual({ Anna: 17, Bo: 8, Cecilia: 12 });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Bo") });
    const evening = await getEvening(owner, eveningId);
    const game = evening.games[0]!;
    expect(game.result).toEqual(scoreGame(game.record));
    expect(game.result.scores).toEqual({ Anna: 17, Bo: 3, Cecilia: 12 });
    expect(game.record.deals[0]!.entries.Anna).toEqual({ plays: true, exchanged: [2, 0], tricks: 1 });
  });

  it("a deal the rules engine refuses writes nothing and names the deal and the player", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    const before = await fingerprint();
    const error = await recordDeal(owner, {
      gameId,
      number: 1,
      entries: { ...deal1, Cecilia: { plays: false, tricks: 2 } },
    }).catch((e) => e);
    expect(error).toMatchObject({ code: "validation" });
    expect(error.problems.map((p: { message: string }) => p.message)).toEqual(["deal 1, Cecilia: passed, so took no tricks"]);
    expect(await fingerprint()).toEqual(before);
  });

  it("a deal from someone without permission writes nothing", async () => {
    const owner = await newActor("owner");
    const stranger = await newActor("stranger");
    const { gameId } = await newEvening(owner);
    const before = await fingerprint();
    await expect(recordDeal(stranger, { gameId, number: 1, entries: deal1 })).rejects.toMatchObject({ code: "not_found" });
    await expect(recordDeal(null, { gameId, number: 1, entries: deal1 })).rejects.toMatchObject({ code: "unauthenticated" });
    expect(await fingerprint()).toEqual(before);
  });

  it("a member may record deals", async () => {
    const owner = await newActor("owner");
    const member = await newActor("member");
    const { eveningId, gameId } = await newEvening(owner);
    await getDb().eveningMember.create({ data: { eveningId, userId: member.userId } });
    await expect(recordDeal(member, { gameId, number: 1, entries: deal1 })).resolves.toMatchObject({ number: 1 });
  });

  it("a second deal with an already used number is refused and writes nothing", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    const before = await fingerprint();
    await expect(recordDeal(owner, { gameId, number: 1, entries: lone("Anna") })).rejects.toMatchObject({ code: "conflict" });
    expect(await fingerprint()).toEqual(before);
  });

  it("the database itself refuses two deals with the same number in one game", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    const before = await fingerprint();
    await expect(getDb().deal.create({ data: { gameId, number: 1, recordedById: owner.userId } })).rejects.toMatchObject({ code: "P2002" });
    expect(await fingerprint()).toEqual(before);
  });

  it("two phones racing to store the same deal: exactly one is stored, the other gets a clear refusal", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    const results = await Promise.allSettled([
      recordDeal(owner, { gameId, number: 1, entries: deal1, clientKey: "phone-one-deal-1" }),
      recordDeal(owner, { gameId, number: 1, entries: lone("Anna"), clientKey: "phone-two-deal-1" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refusal = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refusal.reason).toMatchObject({ code: "conflict" });
    expect(refusal.reason.message).toMatch(/Deal 1 was (just|already) recorded from another phone/);
    expect(await getDb().deal.count({ where: { gameId } })).toBe(1);
  });

  it("a retried submission with the same client key is stored once", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner);
    const input = { gameId, number: 1, entries: deal1, clientKey: "retry-key-0001" };
    const first = await recordDeal(owner, input);
    const retry = await recordDeal(owner, input);
    expect(first.duplicate).toBe(false);
    expect(retry).toMatchObject({ number: 1, duplicate: true });
    expect(await getDb().deal.count({ where: { gameId } })).toBe(1);
  });

  it("editing an earlier deal recomputes everything after it and keeps the history", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: deal1 });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Bo") });
    await editDeal(owner, { gameId, number: 1, entries: { ...deal1, Anna: { plays: true, exchanged: [2, 0], tricks: 2 }, Bo: { plays: true, exchanged: 3, tricks: 3 } } });
    const game = (await getEvening(owner, eveningId)).games[0]!;
    expect(game.result.deals[0]!.scores).toEqual({ Anna: 10, Bo: 9, Cecilia: 12 });
    expect(game.result.scores).toEqual({ Anna: 10, Bo: 4, Cecilia: 12 });
    const history = await getDb().dealEdit.findMany({ where: { gameId }, orderBy: { at: "asc" } });
    expect(history.map((h) => [h.action, h.dealNumber])).toEqual([
      ["record", 1],
      ["record", 2],
      ["edit", 1],
    ]);
    expect(history[2]!.before).toMatchObject({ Anna: { tricks: 1 } });
    expect(history[2]!.byId).toBe(owner.userId);
  });

  it("an edit that would make a later deal invalid is refused and writes nothing", async () => {
    const owner = await newActor("owner");
    const { gameId } = await newEvening(owner, { houseRules: { startScore: 5 } });
    await recordDeal(owner, { gameId, number: 1, entries: deal1 }); // Anna 10, Bo 1, Cecilia 5
    await recordDeal(owner, { gameId, number: 2, entries: lone("Cecilia") }); // Cecilia 0: wins
    const before = await fingerprint();
    // Had deal 1 been Bo alone (Bo 0), the game would end there and deal 2 would come after the win.
    const error = await editDeal(owner, { gameId, number: 1, entries: lone("Bo") }).catch((e) => e);
    expect(error.problems[0]).toMatchObject({ code: "game.over", deal: 2 });
    expect(await fingerprint()).toEqual(before);
  });

  it("deleting a deal moves the later ones up and recomputes", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: lone("Anna") });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Bo") });
    await recordDeal(owner, { gameId, number: 3, entries: lone("Cecilia") });
    await recordDeal(owner, { gameId, number: 4, entries: lone("Cecilia") });
    await deleteDeal(owner, { gameId, number: 2 });
    const game = (await getEvening(owner, eveningId)).games[0]!;
    expect(game.record.deals).toHaveLength(3);
    expect(game.result.scores).toEqual({ Anna: 7, Bo: 12, Cecilia: 2 });
    const numbers = await getDb().deal.findMany({ where: { gameId }, select: { number: true }, orderBy: { number: "asc" } });
    expect(numbers.map((d) => d.number)).toEqual([1, 2, 3]);
  });
});
