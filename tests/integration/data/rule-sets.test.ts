import { expect, it } from "vitest";
import { recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { createRuleSet, deleteRuleSet, getRuleSet, listRuleSets, updateRuleSet } from "@/lib/data/rule-sets";
import { settle } from "@/lib/rules";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";
import { lone } from "@/tests/support/records";

const fredag = {
  name: "Fredagsgänget",
  variant: "knektpass" as const,
  houseRules: { startScore: 10 },
  stakes: { currency: "SEK", perGame: 500, perPoint: 100 },
};

describeWithDatabase("rule sets", () => {
  it("an evening started from a set keeps its own copy: changing or deleting the set changes nothing", async () => {
    const owner = await newActor("owner");
    const set = await createRuleSet(owner, fredag);
    expect(set).toMatchObject({
      name: "Fredagsgänget",
      houseRules: { startScore: 10 },
      stakes: { currency: "SEK", perGame: 500, perPoint: 100, perLimpa: 0 },
    });
    const { eveningId, gameId } = await newEvening(owner, { ruleSetId: set.id, houseRules: { startScore: 40 } });
    for (let n = 1; n <= 2; n++) await recordDeal(owner, { gameId, number: n, entries: lone("Bo") });
    const before = await getEvening(owner, eveningId);
    expect(before).toMatchObject({ ruleSetName: "Fredagsgänget", houseRules: { startScore: 10 } });
    expect(before.games[0]!.result.winners).toEqual(["Bo"]);
    const money = (e: typeof before) =>
      settle(
        e.games.map((g) => ({ players: g.record.players, ...g.result })),
        e.stakes!,
      ).net;
    expect(money(before)).toEqual({ Anna: -1500, Bo: 3000, Cecilia: -1500 });

    await updateRuleSet(owner, set.id, { ...fredag, houseRules: { startScore: 20 }, stakes: { perGame: 10_000 } });
    expect((await getRuleSet(owner, set.id)).stakes).toMatchObject({ perGame: 10_000, perPoint: 0 });
    await deleteRuleSet(owner, set.id);
    const after = await getEvening(owner, eveningId);
    expect(after.houseRules).toEqual(before.houseRules);
    expect(after.stakes).toEqual(before.stakes);
    expect(money(after)).toEqual(money(before));
  });

  it("another account's set is not found; names are unique per account", async () => {
    const owner = await newActor("owner");
    const other = await newActor("other");
    const set = await createRuleSet(owner, fredag);
    await expect(getRuleSet(other, set.id)).rejects.toMatchObject({ code: "not_found" });
    await expect(newEvening(other, { ruleSetId: set.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(createRuleSet(owner, fredag)).rejects.toMatchObject({ code: "conflict" });
    await createRuleSet(other, fredag);
    expect((await listRuleSets(owner)).map((s) => s.name)).toEqual(["Fredagsgänget"]);
  });

  it.each([
    ["negative stakes", { ...fredag, name: "Minus", stakes: { perGame: -500 } }, /perGame must be a whole number/],
    ["an unknown currency", { ...fredag, name: "Kronor", stakes: { currency: "KRONOR" } }, /ISO 4217/],
    [
      "a house rule of the other game",
      { ...fredag, name: "Knack", houseRules: { loneKnocker: "redeal" } },
      /loneKnocker/,
    ],
  ])("%s: a clear error, and nothing is written", async (_, input, message) => {
    const owner = await newActor("owner");
    const before = await fingerprint();
    const error = await createRuleSet(owner, input as never).catch((e) => e);
    expect(error).toMatchObject({ code: "validation" });
    expect(error.message).toMatch(message);
    expect(await fingerprint()).toEqual(before);
  });

  it("a set for the other game, or bad stakes for an evening, is refused and nothing is written", async () => {
    const owner = await newActor("owner");
    const knack = await createRuleSet(owner, { name: "Knack", variant: "norrlands-knack", houseRules: {} });
    const before = await fingerprint();
    const error = await newEvening(owner, { ruleSetId: knack.id }).catch((e) => e);
    expect(error).toMatchObject({ code: "validation" });
    expect(error.message).toBe("The rule set Knack is for Norrlands-Knack, not Knektpass.");
    await expect(newEvening(owner, { stakes: { perLimpa: 1.5 } })).rejects.toMatchObject({ code: "validation" });
    expect(await fingerprint()).toEqual(before);
  });
});
