/**
 * The live odds of an evening's game in play (decision 022), for the live scoreboard: computed off the request
 * path, one position at a time per process in slices between other work, once per evening version, seeded by
 * evening and version so every instance shows the same numbers. Learned from the latest games of the same game in
 * the evening's group (or its owner's evenings) and the evening's earlier games; the prior when there are none.
 */
import "server-only";
import { dateColumn, getDb, readRows, sql } from "@/lib/db/client";
import { scorerAfter, type VariantId } from "@/lib/rules";
import { learnModel, seededRandom, seedOf, winChancesInSlices, type DealModel } from "@/lib/stats/odds";
import { gameInclude, toGameRecord } from "./game-record";

/** How many recorded games the model learns from. */
const HISTORY_GAMES = 60;
const MAX_KEPT = 100;
const kept = new Map<string, Promise<Record<string, number> | null>>();

/**
 * One position at a time: the positions asked for wait their turn here, so however many evenings are being
 * watched, the process gives at most one slice of rollouts between two turns of its other work.
 */
let turn: Promise<unknown> = Promise.resolve();
/** The newest version asked for, per evening: an older position still waiting or being worked out is dropped. */
const newest = new Map<string, number>();

class Overtaken extends Error {}

const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The learned models, by group (or owner) and game: a derived cache (STYLE.md 2), used while its stamp — the
 * count, version sum and latest change of the other evenings it learns from, and the game in play (the evening's
 * earlier games join the history when a new game starts) — is the one read now. A deal recorded at the table
 * being watched moves none of it, so the model is learned again only when the history changes.
 */
const MAX_MODELS = 50;
const models = new Map<string, { stamp: string; model: DealModel }>();

interface Scope {
  id: string;
  variant: string;
  groupId: string | null;
  ownerId: string;
}

async function modelOf(evening: Scope, gameId: string): Promise<DealModel> {
  const inScope = evening.groupId ? sql`e."groupId" = ${evening.groupId}` : sql`e."ownerId" = ${evening.ownerId}`;
  const [[changes]] = await readRows<[{ n: unknown; versions: unknown; latest: unknown }[]]>(
    sql`SELECT COUNT(*) AS "n", SUM(e."version") AS "versions", MAX(e."updatedAt") AS "latest" FROM "Evening" e
      WHERE ${inScope} AND e."variant" = ${evening.variant} AND e."importing" IS NULL AND e."id" <> ${evening.id}`,
  );
  const key = JSON.stringify([evening.groupId ?? `owner ${evening.ownerId}`, evening.variant]);
  const stamp = JSON.stringify([
    String(changes?.n),
    String(changes?.versions),
    changes?.latest ? dateColumn(changes.latest).getTime() : null,
    gameId,
  ]);
  const known = models.get(key);
  if (known?.stamp === stamp) return known.model;
  const history = await getDb().game.findMany({
    where: {
      id: { not: gameId },
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
  models.delete(key);
  models.set(key, { stamp, model });
  if (models.size > MAX_MODELS) models.delete(models.keys().next().value!);
  return model;
}

async function compute(eveningId: string, version: number): Promise<Record<string, number> | null> {
  const overtaken = () => newest.get(eveningId) !== version;
  if (overtaken()) return null;
  const evening = await getDb().evening.findUnique({
    where: { id: eveningId },
    select: {
      id: true,
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
  const standing = scorerAfter(toGameRecord(evening, game), { detail: false });
  if (!standing.ok || standing.scorer.isOver) return null;
  const model = await modelOf(evening, game.id);
  const pause = async () => {
    await giveWay();
    if (overtaken()) throw new Overtaken();
  };
  return winChancesInSlices(standing.scorer, model, seededRandom(seedOf(`${eveningId}@${version}`)), pause);
}

/**
 * The odds of the evening's game in play at `version`, or null (switched off, no game in play, or the evening moved
 * on to a newer version before they were worked out).
 */
export function oddsOf(eveningId: string, version: number): Promise<Record<string, number> | null> {
  const key = `${eveningId}@${version}`;
  let odds = kept.get(key);
  if (odds) return odds;
  newest.set(eveningId, Math.max(newest.get(eveningId) ?? version, version));
  odds = turn
    .then(() => compute(eveningId, version))
    .catch((error: unknown) => {
      if (!(error instanceof Overtaken)) console.error("[odds] could not compute", error);
      if (kept.get(key) === odds) kept.delete(key);
      return null;
    })
    .finally(() => {
      if (newest.get(eveningId) === version) newest.delete(eveningId);
    });
  turn = odds;
  kept.set(key, odds);
  if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
  return odds;
}
