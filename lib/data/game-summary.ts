/**
 * The statistics cache (GameSummary): written when a deal is edited or deleted and when a game is imported,
 * but not when a deal is recorded — the hot path of an evening (bench:deal). It is checked against the game's
 * deal count when read: a recorded deal puts the count ahead, and the next statistics page refolds the summary
 * from the deals and keeps it. `npm run db:rebuild-stats` rebuilds every summary from scratch.
 */
import "server-only";
import { getDb, type Tx } from "@/lib/db/client";
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

/** What to select of a game to know its summary: the cached one and whether it is current. */
export const summarySelect = {
  id: true,
  summary: { select: { dealCount: true, summary: true } },
  _count: { select: { deals: true } },
} as const;

/** The game's summary: the cached one when current, else recomputed from the deals (and kept). */
export async function summaryOf(game: {
  id: string;
  summary: { dealCount: number; summary: unknown } | null;
  _count: { deals: number };
}): Promise<GameSummary | null> {
  if (game.summary && game.summary.dealCount === game._count.deals) return game.summary.summary as GameSummary;
  return (await rebuildGame(game.id))?.summary ?? null;
}

/** Every game of the user's evenings, summarized, in the order played — a fixed number of queries. */
export async function loadSummaries(actor: Actor): Promise<SummarizedGame[]> {
  const { userId } = requireSignedIn(actor);
  const evenings = await getDb().evening.findMany({
    where: { OR: [{ ownerId: userId }, { members: { some: { userId } } }] },
    orderBy: [{ date: "asc" }, { createdAt: "asc" }],
    select: {
      id: true,
      stakes: true,
      games: {
        orderBy: { number: "asc" },
        select: { ...summarySelect, seats: { select: { seat: true, player: { select: { name: true } } } } },
      },
    },
  });
  const out: SummarizedGame[] = [];
  for (const evening of evenings) {
    const pinned = evening.stakes as Stakes | null;
    const stakes = playsForMoney(pinned) ? pinned : null;
    for (const game of evening.games) {
      const players = [...game.seats].sort((a, b) => a.seat - b.seat).map((s) => s.player.name);
      const summary = await summaryOf(game);
      if (summary) out.push({ eveningId: evening.id, players, summary, ...(stakes ? { stakes } : {}) });
    }
  }
  return out;
}

/** Rebuilds every game's summary from its deals (the `db:rebuild-stats` command). */
export async function rebuildAllSummaries(): Promise<number> {
  const games = await getDb().game.findMany({ select: { id: true } });
  for (const { id } of games) await rebuildGame(id);
  return games.length;
}
