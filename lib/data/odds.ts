/**
 * The live odds of an evening's game in play (decision 022), for the live scoreboard: computed off the request
 * path (in slices between other work), once per evening version and process, seeded by evening and version so every
 * instance shows the same numbers. Learned from the latest games of the same game in the evening's group (or its
 * owner's evenings) and the evening's own; the prior when there are none.
 */
import "server-only";
import { getDb } from "@/lib/db/client";
import { scorerAfter, type VariantId } from "@/lib/rules";
import { learnModel, seededRandom, seedOf, winChancesInSlices } from "@/lib/stats/odds";
import { gameInclude, toGameRecord } from "./game-record";

/** How many recorded games the model learns from. */
const HISTORY_GAMES = 60;
const MAX_KEPT = 100;
const kept = new Map<string, Promise<Record<string, number> | null>>();

const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

async function compute(eveningId: string, version: number): Promise<Record<string, number> | null> {
  const db = getDb();
  const evening = await db.evening.findUnique({
    where: { id: eveningId },
    select: {
      variant: true,
      houseRules: true,
      showOdds: true,
      groupId: true,
      ownerId: true,
      games: { orderBy: { number: "desc" }, take: 1, include: gameInclude },
    },
  });
  const game = evening?.games[0];
  if (!evening || !evening.showOdds || !game) return null;
  const record = toGameRecord(evening, game);
  const standing = scorerAfter(record, { detail: false });
  if (!standing.ok || standing.scorer.isOver) return null;
  const history = await db.game.findMany({
    where: {
      id: { not: game.id },
      evening: {
        variant: evening.variant,
        importing: null,
        ...(evening.groupId ? { groupId: evening.groupId } : { ownerId: evening.ownerId }),
      },
    },
    orderBy: { createdAt: "desc" },
    take: HISTORY_GAMES,
    include: { ...gameInclude, evening: { select: { variant: true, houseRules: true } } },
  });
  const model = learnModel(
    evening.variant as VariantId,
    history.map((g) => toGameRecord(g.evening, g)),
  );
  return winChancesInSlices(standing.scorer, model, seededRandom(seedOf(`${eveningId}@${version}`)), giveWay);
}

/** The odds of the evening's game in play at `version`, or null (switched off, no game in play). */
export function oddsOf(eveningId: string, version: number): Promise<Record<string, number> | null> {
  const key = `${eveningId}@${version}`;
  let odds = kept.get(key);
  if (!odds) {
    odds = compute(eveningId, version).catch((error: unknown) => {
      console.error("[odds] could not compute", error);
      return null;
    });
    kept.set(key, odds);
    if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  }
  return odds;
}
