import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { AppError } from "@/lib/errors";
import { createScorer, scoreGame } from "@/lib/rules";
import { randomDeal, seeded } from "@/tests/support/random-game";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";

const EVENINGS = 5;
const DEALS_PER_PHONE = 8;

describeWithDatabase("races: two phones per evening recording at once", () => {
  it("every acknowledged deal is stored exactly once, numbers have no gaps, and the scores are the engine's", async () => {
    const owner = await newActor("race");
    const counts = { sent: 0, acknowledged: 0, refused: 0 };
    const acknowledged = new Map<string, Set<string>>(); // gameId → client keys
    const games: { eveningId: string; gameId: string }[] = [];
    for (let e = 0; e < EVENINGS; e++) games.push(await newEvening(owner, { houseRules: { startScore: 200 } }));
    const players = ["Anna", "Bo", "Cecilia"];

    async function phone(game: { gameId: string }, index: number) {
      const rnd = seeded(game.gameId.length * 31 + index);
      for (let i = 0; i < DEALS_PER_PHONE; i++) {
        // The phone's view of the game: the stored deals, as it would have them after its last refresh.
        const stored = await getDb().deal.count({ where: { gameId: game.gameId } });
        const created = createScorer({
          variant: "knektpass",
          players,
          houseRules: { startScore: 200 },
          firstDealer: "Cecilia",
          deals: [],
        });
        if (!created.ok) throw new Error("setup");
        const deal = randomDeal(rnd, created.scorer); // valid as any deal of a long Knektpass game
        const clientKey = `${game.gameId}-${index}-${i}`;
        counts.sent++;
        try {
          await recordDeal(owner, {
            gameId: game.gameId,
            number: stored + 1,
            entries: deal.entries as never,
            clientKey,
          });
          counts.acknowledged++;
          acknowledged.get(game.gameId)!.add(clientKey);
        } catch (error) {
          if (!(error instanceof AppError) || error.code !== "conflict") throw error;
          counts.refused++;
        }
      }
    }
    for (const g of games) acknowledged.set(g.gameId, new Set());
    await Promise.all(games.flatMap((g) => [phone(g, 0), phone(g, 1)]));

    let stored = 0;
    for (const g of games) {
      const deals = await getDb().deal.findMany({
        where: { gameId: g.gameId },
        orderBy: { number: "asc" },
        select: { number: true, clientKey: true },
      });
      stored += deals.length;
      expect(deals.map((d) => d.number)).toEqual(deals.map((_, i) => i + 1));
      expect(new Set(deals.map((d) => d.clientKey))).toEqual(acknowledged.get(g.gameId));
      const evening = await getEvening(owner, g.eveningId);
      expect(evening.games[0]!.result).toEqual(scoreGame(evening.games[0]!.record));
    }
    console.log(
      `races: sent=${counts.sent} acknowledged=${counts.acknowledged} stored=${stored} refused=${counts.refused}`,
    );
    expect(stored).toBe(counts.acknowledged);
    expect(counts.acknowledged + counts.refused).toBe(counts.sent);
    expect(counts.acknowledged).toBeGreaterThan(EVENINGS * DEALS_PER_PHONE * 0.5);
  });
});
