/**
 * The statistics cache (GameSummary): written when a deal is edited or deleted and when a game is imported,
 * but not when a deal is recorded — the hot path of an evening (bench:deal). It is checked against the game's
 * deal count when read: a recorded deal puts the count ahead, and the next statistics page refolds the summary
 * from the deals and keeps it. `npm run db:rebuild-stats` rebuilds every summary from scratch.
 */
import "server-only";
import { dateColumn, getDb, join, jsonColumn, readRows, sql, type Sql, type Tx } from "@/lib/db/client";
import {
  evaluateGame,
  playsForMoney,
  type GameRecord,
  type GameResult,
  type Stakes,
  type VariantId,
} from "@/lib/rules";
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

/** An evening `where` picks, with what its games' summaries are kept by. */
interface EveningRow {
  eveningId: string;
  version: number | bigint;
  stakes: unknown;
  date: unknown;
  variant: string;
}

/** A game of an evening read anew, with its stored summary (none when there is none). */
interface GameRow {
  eveningId: string;
  gameId: string;
  gameNumber: number | bigint;
  dealCount: number | bigint | null;
  summary: unknown;
  /** The game's deal count: its highest deal number (numbers run 1..n), one index seek per game. */
  deals: number | bigint | null;
}

/**
 * The summarized games of evenings already read, by evening, with the evening's version then. The statistics
 * pages read every game of a history (thousands); reading and parsing them all per page was most of their time
 * (bench:history). Every write that changes what a game's summary is folded from — a deal recorded, edited or
 * deleted, a game started — moves its evening's version on, on any instance, in the same transaction
 * (lib/data/changes.ts, the one-statement deal of decision 005); an evening's date and stakes are never changed
 * once written. So an entry is used only while its evening is still at that version, and writes anywhere and
 * restarts never show a stale figure (docs/conventions.md 2, a derived cache like the game cache). Kept per process.
 */
interface KeptEvening {
  version: number;
  games: SummarizedGame[];
}
const MAX_KEPT_GAMES = 20_000;
const globalForSummaries = globalThis as typeof globalThis & {
  protokollSummaries?: { evenings: Map<string, KeptEvening>; games: number };
};
const keptHere = () => (globalForSummaries.protokollSummaries ??= { evenings: new Map(), games: 0 });

function keptGames(eveningId: string, version: number): SummarizedGame[] | null {
  const entry = keptHere().evenings.get(eveningId);
  return entry && entry.version === version ? entry.games : null;
}

function keep(eveningId: string, version: number, games: SummarizedGame[]): void {
  const kept = keptHere();
  const earlier = kept.evenings.get(eveningId);
  if (earlier) kept.games -= earlier.games.length;
  kept.evenings.delete(eveningId); // most recently written last
  kept.evenings.set(eveningId, { version, games });
  kept.games += games.length;
  for (const [oldest, entry] of kept.evenings) {
    if (kept.games <= MAX_KEPT_GAMES) break;
    kept.evenings.delete(oldest);
    kept.games -= entry.games.length;
  }
}

/**
 * Every game of the user's evenings, summarized, in the order played: one indexed read of the evenings,
 * whatever the history's size, and of the games of those changed since they were last read (bench:history).
 */
export async function loadSummaries(actor: Actor): Promise<SummarizedGame[]> {
  const { userId } = requireSignedIn(actor);
  return summarizedGames(visibleSql(userId));
}

/** The games of these evenings, summarized, in the order played (the history list's page). */
export async function summariesOfEvenings(eveningIds: string[]): Promise<SummarizedGame[]> {
  return eveningIds.length ? summarizedGames(sql`e."id" IN (${join(eveningIds)})`) : [];
}

/** Up to this many evenings not kept are read by their ids; more, by `where` again. */
const BY_ID = 500;

/**
 * The games of the evenings `where` picks (`e`, never one an import is still writing), summarized, in the order
 * played: one read of the evenings with their versions; then, for those not kept at that version, one read of
 * their games with each one's stored summary and deal count (its highest deal number: deals run 1..n, one index
 * seek). A summary behind its game's deals (a deal recorded since), or stored by an older version of the summary,
 * is refolded from the deals and kept. What is read is kept by the version read first: a write in between
 * makes the next read read it again, never show less.
 */
export async function summarizedGames(where: Sql): Promise<SummarizedGame[]> {
  const [evenings] = await readRows<[EveningRow[]]>(sql`
    SELECT e."id" AS "eveningId", e."version" AS "version", e."stakes" AS "stakes", e."date" AS "date",
      e."variant" AS "variant"
    FROM "Evening" e
    WHERE (${where}) AND e."importing" IS NULL
    ORDER BY e."date", e."createdAt", e."id"`);
  const missing = evenings.filter((e) => !keptGames(e.eveningId, Number(e.version)));
  if (missing.length) await readEvenings(where, missing);
  const out: SummarizedGame[] = [];
  for (const e of evenings) out.push(...(keptGames(e.eveningId, Number(e.version)) ?? []));
  return out;
}

/** Reads the games of these evenings and keeps them, summarized, by the version each was read at. */
async function readEvenings(where: Sql, evenings: EveningRow[]): Promise<void> {
  const columns = sql`g."eveningId" AS "eveningId", g."id" AS "gameId", g."number" AS "gameNumber",
    s."dealCount" AS "dealCount", s."summary" AS "summary",
    (SELECT MAX(d."number") FROM "Deal" d WHERE d."gameId" = g."id") AS "deals"`;
  const [rows] = await readRows<[GameRow[]]>(
    evenings.length <= BY_ID
      ? sql`SELECT ${columns} FROM "Game" g LEFT JOIN "GameSummary" s ON s."gameId" = g."id"
        WHERE g."eveningId" IN (${join(evenings.map((e) => e.eveningId))})`
      : sql`SELECT ${columns} FROM "Evening" e
        JOIN "Game" g ON g."eveningId" = e."id"
        LEFT JOIN "GameSummary" s ON s."gameId" = g."id"
        WHERE (${where}) AND e."importing" IS NULL`,
  );
  const gamesOf = new Map<string, GameRow[]>();
  for (const row of rows) gamesOf.set(row.eveningId, [...(gamesOf.get(row.eveningId) ?? []), row]);
  for (const evening of evenings) {
    const pinned = jsonColumn(evening.stakes) as Stakes | null;
    const stakes = playsForMoney(pinned) ? pinned : null;
    const date = dateColumn(evening.date).toISOString().slice(0, 10);
    const games: SummarizedGame[] = [];
    const inOrder = (gamesOf.get(evening.eveningId) ?? []).sort((a, b) => Number(a.gameNumber) - Number(b.gameNumber));
    for (const row of inOrder) {
      const stored =
        row.dealCount !== null && Number(row.dealCount) === Number(row.deals ?? 0)
          ? (jsonColumn(row.summary) as GameSummary)
          : null;
      const summary = stored?.version === SUMMARY_VERSION ? stored : ((await rebuildGame(row.gameId))?.summary ?? null);
      if (summary)
        games.push({
          eveningId: evening.eveningId,
          game: row.gameId,
          gameNumber: Number(row.gameNumber),
          date,
          variant: evening.variant as VariantId,
          players: summary.players,
          summary,
          ...(stakes ? { stakes } : {}),
        });
    }
    keep(evening.eveningId, Number(evening.version), games);
  }
}

/** Rebuilds every game's summary from its deals (the `db:rebuild-stats` command). */
export async function rebuildAllSummaries(): Promise<number> {
  const games = await getDb().game.findMany({ select: { id: true } });
  for (const { id } of games) await rebuildGame(id);
  return games.length;
}
