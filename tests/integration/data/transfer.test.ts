import { expect, it } from "vitest";
import { recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { createRuleSet, listRuleSets } from "@/lib/data/rule-sets";
import { exportAll, exportEvening, importEvenings, previewImport } from "@/lib/data/transfer";
import { describeWithDatabase, fingerprint, historyFromDeals, newActor, newEvening } from "@/tests/support/data";
import { lone } from "@/tests/support/records";

describeWithDatabase("export and import", () => {
  it("an evening exported by one account and imported by another scores identically, once", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner, { houseRules: { startScore: 5 } });
    await recordDeal(owner, {
      gameId,
      number: 1,
      entries: {
        Anna: { plays: true, exchanged: [1, 1], tricks: 3 },
        Bo: { plays: true, tricks: 2 },
        Cecilia: { plays: false },
      },
    });
    await recordDeal(owner, { gameId, number: 2, entries: lone("Anna") });
    const exported = await exportEvening(owner, eveningId);
    expect(exported).toMatchObject({
      format: "protokoll.evening",
      title: "Torsdagskväll",
      variant: "knektpass",
      houseRules: { startScore: 5 },
    });
    expect(exported.games[0]!.deals).toHaveLength(2);

    const other = await newActor("other");
    const file = JSON.parse(JSON.stringify(exported));
    const preview = await previewImport(other, file);
    expect(preview.evenings).toEqual([{ title: "Torsdagskväll", date: "2026-12-03", games: 1, duplicate: false }]);
    expect(preview.people.map((p) => p.existing)).toEqual([false, false, false]);
    const { created, skipped } = await importEvenings(other, file);
    expect([created.length, skipped]).toEqual([1, 0]);
    const original = await getEvening(owner, eveningId);
    const copy = await getEvening(other, created[0]!);
    expect(copy.games.map((g) => g.result)).toEqual(original.games.map((g) => g.result));
    expect(copy.role).toBe("owner");

    const before = await fingerprint();
    expect(await importEvenings(other, file)).toEqual({ created: [], skipped: 1, ruleSets: 0, groups: 0, invite: [] });
    expect(await fingerprint()).toEqual(before);
    expect((await previewImport(other, file)).evenings[0]!.duplicate).toBe(true);
    expect((await previewImport(other, file)).people.every((p) => p.existing)).toBe(true);
  });

  it("a corrupted file is refused with every problem, and nothing is written", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: lone("Bo") });
    const backup = await exportAll(owner);
    expect(backup.evenings.map((e) => e.title)).toEqual(["Torsdagskväll"]);
    const broken = JSON.parse(JSON.stringify(backup));
    broken.evenings[0].games[0].deals[0].entries.Bo.tricks = -1;
    broken.evenings.push({ ...broken.evenings[0], variant: "whist" });
    const other = await newActor("other");
    const before = await fingerprint();
    const error = await importEvenings(other, broken).catch((e) => e);
    expect(error).toMatchObject({ code: "validation" });
    expect(error.fields.file).toEqual([
      "Evening 1, game 1: deal 1, Bo: tricks must be a whole number 0–5, not -1",
      'Evening 2: unknown game "whist".',
    ]);
    expect(await fingerprint()).toEqual(before);
    expect(eveningId).toBeTruthy();
  });

  it("stakes, the rule set's name and the saved sets travel with a backup; the settlement comes out the same", async () => {
    const owner = await newActor("owner");
    const set = await createRuleSet(owner, {
      name: "Torsdagar",
      variant: "knektpass",
      houseRules: { startScore: 10 },
      stakes: { currency: "SEK", perGame: 500, perPoint: 50 },
    });
    const { eveningId, gameId } = await newEvening(owner, { ruleSetId: set.id });
    for (let n = 1; n <= 2; n++) await recordDeal(owner, { gameId, number: n, entries: lone("Bo") });
    const backup = JSON.parse(JSON.stringify(await exportAll(owner)));
    // Bo wins from 10; Anna and Cecilia, still at 10, each pay 5 kr + 10 × 50 öre.
    expect(backup.evenings[0]).toMatchObject({
      ruleSet: "Torsdagar",
      stakes: { currency: "SEK", perGame: 500, perPoint: 50, perLimpa: 0 },
      settlement: { net: { Anna: -1000, Bo: 2000, Cecilia: -1000 } },
    });
    expect(backup.ruleSets).toEqual([
      {
        name: "Torsdagar",
        variant: "knektpass",
        houseRules: { startScore: 10 },
        stakes: { currency: "SEK", perGame: 500, perPoint: 50, perLimpa: 0 },
      },
    ]);

    // Another account already has a set by that name: theirs is kept; the evening still comes in whole.
    const other = await newActor("other");
    await createRuleSet(other, { name: "Torsdagar", variant: "norrlands-knack", houseRules: {} });
    expect((await previewImport(other, backup)).ruleSets).toEqual([{ name: "Torsdagar", existing: true }]);
    const { created, ruleSets } = await importEvenings(other, backup);
    expect(ruleSets).toBe(0);
    expect((await listRuleSets(other)).map((r) => r.variant)).toEqual(["norrlands-knack"]);
    const copy = await getEvening(other, created[0]!);
    const original = await getEvening(owner, eveningId);
    expect(copy).toMatchObject({ ruleSetName: "Torsdagar", stakes: original.stakes, houseRules: original.houseRules });
    expect(copy.games.map((g) => g.result)).toEqual(original.games.map((g) => g.result));

    // A third account gets the set too.
    const third = await newActor("third");
    expect((await importEvenings(third, backup)).ruleSets).toBe(1);
    expect(await listRuleSets(third)).toMatchObject([{ name: "Torsdagar", houseRules: { startScore: 10 } }]);
  });

  it("export needs a seat at the table", async () => {
    const owner = await newActor("owner");
    const stranger = await newActor("stranger");
    const { eveningId } = await newEvening(owner);
    await expect(exportEvening(stranger, eveningId)).rejects.toMatchObject({ code: "not_found" });
    await expect(exportEvening(null, eveningId)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(importEvenings(null, {})).rejects.toMatchObject({ code: "unauthenticated" });
  });
});

describeWithDatabase("the statistics cache", () => {
  it("is written with every deal, follows edits and deletions, and equals statistics computed from the deals", async () => {
    const { loadSummaries, rebuildAllSummaries } = await import("@/lib/data/game-summary");
    const { editDeal, deleteDeal } = await import("@/lib/data/deals");
    const { playerStats } = await import("@/lib/stats/players");
    const { getDb } = await import("@/lib/db/client");
    const owner = await newActor("stats");
    const { gameId } = await newEvening(owner);
    await recordDeal(owner, { gameId, number: 1, entries: lone("Anna") });
    await recordDeal(owner, {
      gameId,
      number: 2,
      entries: { Anna: { plays: true, tricks: 2 }, Bo: { plays: true, tricks: 3 }, Cecilia: { plays: false } },
    });
    await recordDeal(owner, { gameId, number: 3, entries: lone("Bo") });
    await editDeal(owner, {
      gameId,
      number: 2,
      entries: { Anna: { plays: true, tricks: 4 }, Bo: { plays: true, tricks: 1 }, Cecilia: { plays: false } },
    });
    await deleteDeal(owner, { gameId, number: 1 });
    expect((await getDb().gameSummary.findUniqueOrThrow({ where: { gameId } })).dealCount).toBe(2);
    const fromCache = await loadSummaries(owner);
    const fromDeals = await historyFromDeals(owner);
    for (const name of ["Anna", "Bo", "Cecilia"])
      expect(playerStats(fromCache, name)).toEqual(playerStats(fromDeals, name));
    expect(playerStats(fromCache, "Bo")).toMatchObject({ deals: 2, loneWins: 1, averageChange: -3 });
    // A lost cache is rebuilt from the deals.
    await getDb().gameSummary.deleteMany({ where: { gameId } });
    expect(playerStats(await loadSummaries(owner), "Bo")).toEqual(playerStats(fromDeals, "Bo"));
    expect(await rebuildAllSummaries()).toBeGreaterThan(0);
  });
});
