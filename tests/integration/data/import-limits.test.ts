import { expect, it } from "vitest";
import { recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { exportAll, exportEvening, importEvenings, previewImport } from "@/lib/data/transfer";
import { getDb } from "@/lib/db/client";
import { translate } from "@/lib/i18n/dictionaries";
import { IMPORT_LIMITS } from "@/lib/transfer/limits";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";

const PLAYERS = ["Anna", "Bo", "Cecilia"];
/** A redeal: nobody plays. */
const voidDeal = () => ({ entries: Object.fromEntries(PLAYERS.map((p) => [p, { plays: false }])) });

/** An exported evening of one game of `deals` redeals, as a file holds it. */
async function eveningFile(deals: number) {
  const owner = await newActor("limits");
  const { eveningId } = await newEvening(owner);
  const file = JSON.parse(JSON.stringify(await exportEvening(owner, eveningId)));
  file.games[0].deals = Array.from({ length: deals }, voidDeal);
  return file;
}

describeWithDatabase("the import's limits", () => {
  it("a game of as many deals as the limit imports; the next deal is refused there too, however it comes", async () => {
    const file = await eveningFile(IMPORT_LIMITS.dealsPerGame);
    const other = await newActor("other");
    const { created } = await importEvenings(other, file);
    const evening = await getEvening(other, created[0]!);
    expect(evening.games[0]!.record.deals).toHaveLength(IMPORT_LIMITS.dealsPerGame);
    const before = await fingerprint();
    const refused = await recordDeal(other, {
      gameId: evening.games[0]!.id,
      number: IMPORT_LIMITS.dealsPerGame + 1,
      entries: voidDeal().entries,
    }).catch((e) => e);
    expect(refused).toMatchObject({ code: "validation", status: 400 });
    expect(translate(refused.text, "en")).toBe(
      `This game has ${IMPORT_LIMITS.dealsPerGame} deals, the most a game may have. Start the next game.`,
    );
    expect(await fingerprint()).toEqual(before);
  });

  it("a file past a limit is refused before any of it is checked, naming the limit, and nothing is written", async () => {
    const other = await newActor("other");
    const tooLong = await eveningFile(IMPORT_LIMITS.dealsPerGame + 1);
    const one = await eveningFile(1);
    const before = await fingerprint();
    for (const attempt of [() => importEvenings(other, tooLong), () => previewImport(other, tooLong)]) {
      const error = await attempt().catch((e) => e);
      expect(error).toMatchObject({ code: "validation" });
      expect(translate(error.text, "en")).toBe(
        `Game 1 of evening 1 has ${IMPORT_LIMITS.dealsPerGame + 1} deals; a game may have at most ${IMPORT_LIMITS.dealsPerGame}. Nothing was imported.`,
      );
      expect(translate(error.text, "sv")).toContain("Inget importerades");
    }
    const backup = {
      format: "protokoll.backup",
      version: 1,
      evenings: Array.from({ length: IMPORT_LIMITS.evenings + 1 }, () => one),
    };
    const error = await importEvenings(other, backup).catch((e) => e);
    expect(translate(error.text, "en")).toBe(
      `The file holds ${IMPORT_LIMITS.evenings + 1} evenings; at most ${IMPORT_LIMITS.evenings} are imported from one file. Nothing was imported.`,
    );
    const manyDeals = {
      ...backup,
      evenings: Array.from({ length: IMPORT_LIMITS.deals / IMPORT_LIMITS.dealsPerGame + 1 }, () => tooLong).map(
        (e) => ({ ...e, games: [{ ...e.games[0], deals: e.games[0].deals.slice(1) }] }),
      ),
    };
    expect(translate((await importEvenings(other, manyDeals).catch((e) => e)).text, "en")).toMatch(
      /^The file holds \d+ deals; at most 20000 are imported from one file\./,
    );
    expect(await fingerprint()).toEqual(before);
  });

  it("a backup of 2,000 evenings and 6,000 players imports whole: no statement binds more values than SQLite takes", async () => {
    const owner = await newActor("big");
    await newEvening(owner);
    const backup = JSON.parse(JSON.stringify(await exportAll(owner)));
    const [model] = backup.evenings;
    backup.evenings = Array.from({ length: IMPORT_LIMITS.evenings }, (_, i) => {
      const players = [`A${i}`, `B${i}`, `C${i}`];
      return {
        ...model,
        title: `Kväll ${i}`,
        games: [{ ...model.games[0], players, firstDealer: players[0], deals: [] }],
      };
    });
    const other = await newActor("restorer");
    const { created } = await importEvenings(other, backup);
    expect(created).toHaveLength(IMPORT_LIMITS.evenings);
    expect(await getDb().evening.count({ where: { ownerId: other.userId, importing: null } })).toBe(
      IMPORT_LIMITS.evenings,
    );
    // The same file again: every evening found, nothing written twice.
    expect(await importEvenings(other, backup)).toMatchObject({ created: [], skipped: IMPORT_LIMITS.evenings });
  }, 300_000);
});
