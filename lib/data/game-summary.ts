/**
 * The statistics cache (GameSummary): written when a deal is edited or deleted and when a game is imported,
 * but not when a deal is recorded — the hot path of an evening (bench:deal). It is checked against the game's
 * deal count when read: a recorded deal puts the count ahead, and the next statistics page refolds the summary
 * from the deals and keeps it. `npm run db:rebuild-stats` rebuilds every summary from scratch.
 */
import "server-only";
import { dateColumn, getDb, join, jsonColumn, readRows, sql, type Sql, type Tx } from "@/lib/db/client";
import { evaluateGame, playsForMoney, type GameRecord, type GameResult, type Stakes } from "@/lib/rules";
import type { SummarizedGame } from "@/lib/stats/players";
import { SUMMARY_VERSION, summarizeGame, type GameSummary } from "@/lib/stats/summary";
import { requireSignedIn, visibleSql, type Actor } from "./access";
import { gameInclude } from "./game-record";
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
  date: unknown;
  gameId: string;
  gameNumber: number | bigint;
  dealCount: number | bigint | null;
  /** When the stored summary was written (null when there is none). */
  summaryAt: unknown;
  /** The game's deal count: its highest deal number (numbers run 1..n), one index seek per game. */
  deals: number | bigint | null;
}

interface StoredSummaryRow {
  gameId: string;
  dealCount: number | bigint;
  summaryAt: unknown;
  summary: unknown;
}

/**
 * Summaries already read, parsed, by game: the statistics pages read every game of a history (thousands), and
 * parsing megabytes of JSON per page was most of their time (bench:history). A derived cache like the game
 * cache (STYLE.md 2): an entry is used only while the stored row is the one it was read from (same write time
 * and deal count), so writes on any instance and restarts never show a stale summary.
 */
const MAX_PARSED = 20_000;
const parsed = new Map<string, { key: string; summary: GameSummary }>();

const rowKey = (dealCount: unknown, at: unknown) =>
  `${Number(dealCount)}@${at instanceof Date ? at.getTime() : String(at)}`;

function cachedSummary(gameId: string, key: string): GameSummary | null {
  const entry = parsed.get(gameId);
  if (!entry || entry.key !== key) return null;
  parsed.delete(gameId); // most recently used last
  parsed.set(gameId, entry);
  return entry.summary;
}

function rememberSummary(gameId: string, key: string, summary: GameSummary): void {
  parsed.delete(gameId);
  parsed.set(gameId, { key, summary });
  if (parsed.size > MAX_PARSED) parsed.delete(parsed.keys().next().value!);
}

/**
 * Every game of the user's evenings, summarized, in the order played: one indexed read of the stored
 * summaries, whatever the history's size (bench:history).
 */
export async function loadSummaries(actor: Actor): Promise<SummarizedGame[]> {
  const { userId } = requireSignedIn(actor);
  return summarizedGames(visibleSql(userId));
}

/** The games of these evenings, summarized, in the order played (the history list's page). */
export async function summariesOfEvenings(eveningIds: string[]): Promise<SummarizedGame[]> {
  return eveningIds.length ? summarizedGames(sql`e."id" IN (${join(eveningIds)})`) : [];
}

/** Up to this many summaries not parsed yet are read by their games' ids; more, by the evenings they are in. */
const BY_ID = 500;

/**
 * The games of the evenings `where` picks (`e`, never one an import is still writing), summarized: one read of the games with each one's deal count
 * (its highest deal number: deals run 1..n, one index seek) and when its summary was stored; then the stored
 * summaries not parsed already (none, when the same pages are read again). A summary behind its game's deals
 * (a deal recorded since), or stored by an older version of the summary, is refolded from the deals and kept.
 */
export async function summarizedGames(where: Sql): Promise<SummarizedGame[]> {
  const [games] = await readRows<[SummaryRow[]]>(sql`
    SELECT e."id" AS "eveningId", e."stakes" AS "stakes", e."date" AS "date", g."id" AS "gameId",
           g."number" AS "gameNumber",
           s."dealCount" AS "dealCount", s."updatedAt" AS "summaryAt",
           (SELECT MAX(d."number") FROM "Deal" d WHERE d."gameId" = g."id") AS "deals"
    FROM "Evening" e
    JOIN "Game" g ON g."eveningId" = e."id"
    LEFT JOIN "GameSummary" s ON s."gameId" = g."id"
    WHERE (${where}) AND e."importing" IS NULL
    ORDER BY e."date", e."createdAt", e."id", g."number"`);
  const summaries = new Map<string, GameSummary>();
  const unread: string[] = [];
  for (const row of games) {
    if (row.dealCount === null || Number(row.dealCount) !== Number(row.deals ?? 0)) continue; // refolded below
    const cached = cachedSummary(row.gameId, rowKey(row.dealCount, row.summaryAt));
    if (cached) summaries.set(row.gameId, cached);
    else unread.push(row.gameId);
  }
  if (unread.length) {
    const columns = sql`s."gameId" AS "gameId", s."dealCount" AS "dealCount", s."updatedAt" AS "summaryAt",
      s."summary" AS "summary"`;
    const [stored] = await readRows<[StoredSummaryRow[]]>(
      unread.length <= BY_ID
        ? sql`SELECT ${columns} FROM "GameSummary" s WHERE s."gameId" IN (${join(unread)})`
        : sql`SELECT ${columns} FROM "Evening" e
          JOIN "Game" g ON g."eveningId" = e."id"
          JOIN "GameSummary" s ON s."gameId" = g."id"
          WHERE ${where}`,
    );
    for (const row of stored) {
      const summary = jsonColumn(row.summary) as GameSummary;
      if (summary.version !== SUMMARY_VERSION) continue; // stored before its figures were all kept: refolded below
      rememberSummary(row.gameId, rowKey(row.dealCount, row.summaryAt), summary);
      summaries.set(row.gameId, summary);
    }
  }
  const out: SummarizedGame[] = [];
  const stakesOf = new Map<string, Stakes | null>();
  for (const row of games) {
    let stakes = stakesOf.get(row.eveningId);
    if (stakes === undefined) {
      const pinned = jsonColumn(row.stakes) as Stakes | null;
      stakes = playsForMoney(pinned) ? pinned : null;
      stakesOf.set(row.eveningId, stakes);
    }
    // Only games whose stored count was current are in `summaries`; the second read sees that row or a
    // newer one (an edit written in between), never an older one.
    const summary = summaries.get(row.gameId) ?? (await rebuildGame(row.gameId))?.summary ?? null;
    if (summary)
      out.push({
        eveningId: row.eveningId,
        game: row.gameId,
        gameNumber: Number(row.gameNumber),
        date: dateColumn(row.date).toISOString().slice(0, 10),
        players: summary.players,
        summary,
        ...(stakes ? { stakes } : {}),
      });
  }
  return out;
}

/** Rebuilds every game's summary from its deals (the `db:rebuild-stats` command). */
export async function rebuildAllSummaries(): Promise<number> {
  const games = await getDb().game.findMany({ select: { id: true } });
  for (const { id } of games) await rebuildGame(id);
  return games.length;
}
