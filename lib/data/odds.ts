/**
 * The live odds of an evening's game in play (decision 022), for the live scoreboard: computed off the request
 * path, one position at a time per process, in slices between other work and only while `whenIdle` lets them (the
 * live hub waits for the deals being saved and the live updates being sent, lib/runtime/foreground.ts); once per
 * evening version, seeded by the game so every instance shows the same numbers. Learned from the latest
 * games of the same game in the evening's group (or its owner's evenings) and the evening's earlier games; the
 * prior when there are none.
 */
import "server-only";
import { dateColumn, getDb, readRows, sql } from "@/lib/db/client";
import { scorerAfter, type GameRecord } from "@/lib/rules";
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

/**
 * How long a position waits at most for a quiet moment before it takes a slice anyway, as a multiple of the
 * waiter's own bound (`whenIdle`, 20 ms on the server): 1 while positions get finished; doubled for each position
 * the evening moves past before it is done, up to 50 (a second), back to 1 once one is finished. A process so busy
 * that its positions are thrown away before they finish would otherwise keep putting forced slices in front of the
 * deals for nothing.
 */
const PATIENCE = { least: 1, most: 50 };
let patience = PATIENCE.least;

const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The learned models, by group (or owner), game and game in play (the evening's earlier games join the history when
 * a new game starts): a derived cache (docs/conventions.md 2), used while its stamp — the count, version sum and
 * latest change of the other evenings it learns from — is the one read now: one small aggregate per position, none
 * while the model is younger than `FRESH_MS`. A deal
 * recorded at the table being watched moves none of it, so the model is learned again only when the history
 * changes (an evening of the group recorded, edited or deleted, a new game started) — but not more than once in
 * `FRESH_MS`: two tables of a group playing at once change each other's history with every deal, a deal more among
 * 60 games hardly moves the model, and reading 60 games and learning from them holds the process for tens of
 * milliseconds (bench:deal, 50 tables of 10 owners: every 30 s cost the deals a third at p95).
 */
const MAX_MODELS = 200;
const FRESH_MS = 5 * 60_000;
const models = new Map<string, { stamp: string; learnedAt: number; model: Promise<DealModel> }>();

/** A game in play whose odds are wanted: read with the scoreboard (lib/data/share.ts), so no second read. */
export interface OddsPosition {
  gameId: string;
  groupId: string | null;
  ownerId: string;
  record: GameRecord;
}

async function modelOf(eveningId: string, position: OddsPosition): Promise<DealModel> {
  const { groupId, ownerId, gameId, record } = position;
  // Per game in play: its history is every other game (its evening's earlier ones included).
  const key = JSON.stringify([groupId ?? `owner ${ownerId}`, record.variant, gameId]);
  const known = models.get(key);
  if (known && Date.now() - known.learnedAt < FRESH_MS) return known.model;
  const inScope = groupId ? sql`e."groupId" = ${groupId}` : sql`e."ownerId" = ${ownerId}`;
  const [[changes]] = await readRows<[{ n: unknown; versions: unknown; latest: unknown }[]]>(
    sql`SELECT COUNT(*) AS "n", SUM(e."version") AS "versions", MAX(e."updatedAt") AS "latest" FROM "Evening" e
      WHERE ${inScope} AND e."variant" = ${record.variant} AND e."importing" IS NULL AND e."id" <> ${eveningId}`,
  );
  const stamp = JSON.stringify([
    String(changes?.n),
    String(changes?.versions),
    changes?.latest ? dateColumn(changes.latest).getTime() : null,
  ]);
  if (known?.stamp === stamp) return known.model;
  const model = getDb()
    .game.findMany({
      where: {
        id: { not: gameId },
        evening: { variant: record.variant, importing: null, ...(groupId ? { groupId } : { ownerId }) },
      },
      orderBy: { createdAt: "desc" },
      take: HISTORY_GAMES,
      include: { ...gameInclude, evening: { select: { variant: true, houseRules: true } } },
    })
    .then((history) =>
      learnModel(
        record.variant,
        history.map((g) => toGameRecord(g.evening, g)),
      ),
    );
  model.catch(() => models.get(key)?.model === model && models.delete(key));
  models.delete(key);
  models.set(key, { stamp, learnedAt: Date.now(), model });
  if (models.size > MAX_MODELS) models.delete(models.keys().next().value!);
  return model;
}

/** Waits for a quiet moment, or at most `patience` times its own bound (lib/runtime/foreground.ts). */
type WhenIdle = (patience: number) => Promise<void>;

async function compute(
  eveningId: string,
  version: number,
  position: OddsPosition,
  whenIdle: WhenIdle,
): Promise<Record<string, number> | null> {
  const overtaken = () => newest.get(eveningId) !== version;
  await whenIdle(patience);
  if (overtaken()) return null;
  const standing = scorerAfter(position.record, { detail: false });
  if (!standing.ok || standing.scorer.isOver) return null;
  const model = await modelOf(eveningId, position);
  const pause = async () => {
    await giveWay();
    await whenIdle(patience);
    if (overtaken()) {
      patience = Math.min(PATIENCE.most, patience * 2);
      throw new Overtaken();
    }
  };
  // Seeded by the game, not the version: every position of a game draws the same numbers (common random numbers),
  // so a deal that changes nothing (a redeal) changes nothing shown, and every instance shows the same.
  const chances = await winChancesInSlices(standing.scorer, model, seededRandom(seedOf(position.gameId)), pause);
  patience = PATIENCE.least;
  return chances;
}

/**
 * The odds of the evening's game in play at `version`, or null (switched off, no game in play, or the evening moved
 * on to a newer version before they were worked out).
 */
export function oddsOf(
  eveningId: string,
  version: number,
  position: OddsPosition,
  whenIdle: WhenIdle = () => Promise.resolve(),
): Promise<Record<string, number> | null> {
  const key = `${eveningId}@${version}`;
  let odds = kept.get(key);
  if (odds) return odds;
  newest.set(eveningId, Math.max(newest.get(eveningId) ?? version, version));
  odds = turn
    .then(() => compute(eveningId, version, position, whenIdle))
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
