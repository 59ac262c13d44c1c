/**
 * The statistics cache (GameSummary): written when a deal is edited or deleted and when a game is imported,
 * but not when a deal is recorded — the hot path of an evening (bench:deal). It is checked against the game's
 * deal count when read: a recorded deal puts the count ahead, and the next statistics page refolds the summary
 * from the deals and keeps it. `npm run db:rebuild-stats` rebuilds every summary from scratch.
 */
import "server-only";
import { getDb, join, jsonColumn, readRows, sql, type Sql, type Tx } from "@/lib/db/client";
import { evaluateGame, playsForMoney, type GameRecord, type GameResult, type Stakes } from "@/lib/rules";
import type { SummarizedGame } from "@/lib/stats/players";
import { summarizeGame, type GameSummary } from "@/lib/stats/summary";
import { requireSignedIn, type Actor } from "./access";
import { gameInclude } from "./evenings";
import { toGameRecord } from "./game-record";
import { upsertSummary } from "./deal-sql";

export async function saveSummary(
  tx: Pick<Tx, "$executeRaw">,
  gameId: string,
  record: GameRecord,
  result?: GameResult | null,
): Promise<void> {
  const scored = result ?? evaluateGame(record).result;
  if (!scored) return;
  await upsertSummary(tx, gameId, record.deals.length, summarizeGame(record, scored), new Date());
}

/** Recomputes one game's summary from its stored deals. */
async function rebuildGame(gameId: string): Promise<{ record: GameRecord; summary: GameSummary } | null> {
  const db = getDb();
  const game = await db.game.findUnique({
    where: { id: gameId },
    include: { ...gameInclude, evening: { select: { variant: true, houseRules: true } } },
  });
  if (!game) return null;
  const record = toGameRecord(game.evening, game);
  const result = evaluateGame(record).result;
  if (!result) return null;
  await saveSummary(db, gameId, record, result);
  return { record, summary: summarizeGame(record, result) };
}

interface SummaryRow {
  eveningId: string;
  stakes: unknown;
  gameId: string;
  dealCount: number | bigint | null;
  summary: unknown;
  /** The game's deal count: its highest deal number (numbers run 1..n), one index seek per game. */
  deals: number | bigint | null;
}

/** The evenings the user owns or sits at (`e` in the queries below). */
const mineSql = (userId: string) => sql`(e."ownerId" = ${userId}
    OR EXISTS (SELECT 1 FROM "EveningMember" m WHERE m."eveningId" = e."id" AND m."userId" = ${userId}))`;

/**
 * Every game of the user's evenings, summarized, in the order played: one indexed read of the stored
 * summaries, whatever the history's size (bench:history).
 */
export async function loadSummaries(actor: Actor): Promise<SummarizedGame[]> {
  const { userId } = requireSignedIn(actor);
  return summarizedGames(mineSql(userId));
}

/** The games of these evenings, summarized, in the order played (the history list's page). */
export async function summariesOfEvenings(eveningIds: string[]): Promise<SummarizedGame[]> {
  return eveningIds.length ? summarizedGames(sql`e."id" IN (${join(eveningIds)})`) : [];
}

/**
 * The games of the evenings `where` picks (`e`), summarized: one read of the stored summaries with each game's
 * deal count (its highest deal number: deals run 1..n, one index seek). A summary behind its game's deals (a
 * deal recorded since), or stored before the players were kept in it, is refolded from the deals and kept.
 */
async function summarizedGames(where: Sql): Promise<SummarizedGame[]> {
  const [games] = await readRows<[SummaryRow[]]>(sql`
    SELECT e."id" AS "eveningId", e."stakes" AS "stakes", g."id" AS "gameId",
           s."dealCount" AS "dealCount", s."summary" AS "summary",
           (SELECT MAX(d."number") FROM "Deal" d WHERE d."gameId" = g."id") AS "deals"
    FROM "Evening" e
    JOIN "Game" g ON g."eveningId" = e."id"
    LEFT JOIN "GameSummary" s ON s."gameId" = g."id"
    WHERE ${where}
    ORDER BY e."date", e."createdAt", e."id", g."number"`);
  const out: SummarizedGame[] = [];
  const stakesOf = new Map<string, Stakes | null>();
  for (const row of games) {
    let stakes = stakesOf.get(row.eveningId);
    if (stakes === undefined) {
      const pinned = jsonColumn(row.stakes) as Stakes | null;
      stakes = playsForMoney(pinned) ? pinned : null;
      stakesOf.set(row.eveningId, stakes);
    }
    const stored = row.summary === null ? null : (jsonColumn(row.summary) as GameSummary);
    const current = stored && Array.isArray(stored.players) && Number(row.dealCount) === Number(row.deals ?? 0);
    const summary = current ? stored : ((await rebuildGame(row.gameId))?.summary ?? null);
    if (summary)
      out.push({ eveningId: row.eveningId, players: summary.players, summary, ...(stakes ? { stakes } : {}) });
  }
  return out;
}

/** Rebuilds every game's summary from its deals (the `db:rebuild-stats` command). */
export async function rebuildAllSummaries(): Promise<number> {
  const games = await getDb().game.findMany({ select: { id: true } });
  for (const { id } of games) await rebuildGame(id);
  return games.length;
}
