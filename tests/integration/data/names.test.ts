import fc from "fast-check";
import { expect, it } from "vitest";
import { recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { createEvening } from "@/lib/data/evenings";
import { exportEvening, importEvenings } from "@/lib/data/transfer";
import { eveningToCsv } from "@/lib/transfer/csv";
import { translate } from "@/lib/i18n/dictionaries";
import { hasForbiddenCharacters, nameKey } from "@/lib/schemas/names";
import type { DealRecord } from "@/lib/rules";
import { describeWithDatabase, fingerprint, newActor } from "@/tests/support/data";
import { randomGame, seeded } from "@/tests/support/random-game";

/** Names as people type them — and as an attacker would: the names of Object.prototype's own properties. */
const NAME = fc
  .oneof(
    fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty", "valueOf", "Åsa", "Ölgubben"),
    fc.string({ unit: "grapheme", minLength: 1, maxLength: 12 }),
  )
  .map((n) => n.trim().normalize("NFC"))
  .filter((n) => n.length > 0 && n.length <= 40 && !hasForbiddenCharacters(n) && nameKey(n).length > 0);
const TABLE = fc.uniqueArray(NAME, { minLength: 3, maxLength: 5, selector: nameKey });

/** The game's deals with its seats P1…Pn renamed to `names`. */
function renamed(deals: DealRecord[], names: string[]): DealRecord[] {
  return deals.map((deal) => ({
    entries: Object.fromEntries(
      Object.entries(deal.entries).map(([seat, e]) => [names[Number(seat.slice(1)) - 1]!, e]),
    ),
  }));
}

describeWithDatabase("any name is safe", () => {
  it("an evening of arbitrary names — __proto__ and constructor among them — scores, settles, exports and imports the same", async () => {
    const owner = await newActor("names");
    const other = await newActor("other");
    let seed = 1;
    await fc.assert(
      fc.asyncProperty(TABLE, async (names) => {
        const game = randomGame(seeded(seed++), {
          variant: "knektpass",
          players: names.length,
          houseRules: {},
          maxDeals: 12,
        });
        const firstDealerSeat = Number(game.firstDealer!.slice(1)) - 1;
        const { id } = await createEvening(owner, {
          title: "Namnkväll",
          date: "2026-12-04",
          variant: "knektpass",
          players: names,
          firstDealerSeat,
          stakes: { currency: "SEK", perGame: 100, perPoint: 10, perLimpa: 50 },
        });
        const evening = await getEvening(owner, id);
        const gameId = evening.games[0]!.id;
        const deals = renamed(game.deals, names);
        for (const [i, deal] of deals.entries())
          await recordDeal(owner, { gameId, number: i + 1, entries: deal.entries });
        const stored = await getEvening(owner, id);
        expect(stored.games[0]!.record.players).toEqual(names);
        expect(Object.keys(stored.games[0]!.result.scores).sort()).toEqual([...names].sort());
        for (const n of names) expect(typeof stored.games[0]!.result.scores[n]).toBe("number");
        const file = await exportEvening(owner, id);
        const settlement = (file as { settlement?: { net: Record<string, number> } }).settlement;
        if (settlement) expect(Object.values(settlement.net).reduce((a, b) => a + b, 0)).toBe(0);
        expect(eveningToCsv(file).length).toBeGreaterThan(0);
        const { created } = await importEvenings(other, JSON.parse(JSON.stringify(file)));
        const copy = await getEvening(other, created[0]!);
        expect(copy.games.map((g) => g.result)).toEqual(stored.games.map((g) => g.result));
        const again = await exportEvening(other, created[0]!);
        expect((again as { settlement?: unknown }).settlement).toEqual(settlement);
      }),
      { numRuns: 12 },
    );
  });

  it("two names that are one person — by case, by form, by an invisible or a look-alike letter — are refused, saying which", async () => {
    const owner = await newActor("names");
    const pairs = [
      ["Anna", "anna"],
      ["Bo", "Bo\u200b"],
      ["Anna", "\u0410nna"],
      ["Ola", "O1a"],
    ];
    for (const [a, b] of pairs) {
      const before = await fingerprint();
      const error = await createEvening(owner, {
        title: "Kväll",
        date: "2026-12-04",
        variant: "knektpass",
        players: [a!, b!, "Cecilia"],
        firstDealerSeat: 0,
      }).catch((e) => e);
      expect(error, `${a} / ${b}: ${error?.message} ${JSON.stringify(error?.fieldMessages)}`).toMatchObject({
        code: "validation",
      });
      expect(error.fieldMessages, `${a} / ${b}: ${JSON.stringify(error.fieldMessages)}`).toHaveProperty("players");
      expect(translate(error.fieldMessages.players[0], "en")).toBe(
        `“${a!.normalize("NFC")}” and “${b!.normalize("NFC")}” look like the same person: give one of them another name`,
      );
      expect(await fingerprint()).toEqual(before);
    }
    // The same name in two Unicode forms is one name once stored in NFC: the rules engine says it is there twice.
    const twice = await createEvening(owner, {
      title: "Kväll",
      date: "2026-12-04",
      variant: "knektpass",
      players: ["\u00c5sa", "A\u030asa", "Cecilia"],
      firstDealerSeat: 0,
    }).catch((e) => e);
    expect(twice.problems.map((p: { code: string; player: string }) => [p.code, p.player])).toEqual([
      ["players.duplicate", "\u00c5sa"],
    ]);
    for (const bad of ["Bo\u202e", "Anna\u0085", "\u2066Dag"]) {
      const error = await createEvening(owner, {
        title: "Kväll",
        date: "2026-12-04",
        variant: "knektpass",
        players: [bad, "Cecilia", "Dag"],
        firstDealerSeat: 0,
      }).catch((e) => e);
      expect(error).toMatchObject({ code: "validation" });
    }
    const title = await createEvening(owner, {
      title: "Kv\u202eäll",
      date: "2026-12-04",
      variant: "knektpass",
      players: ["Anna", "Bo", "Cecilia"],
      firstDealerSeat: 0,
    }).catch((e) => e);
    expect(title).toMatchObject({ code: "validation" });
  });
});
