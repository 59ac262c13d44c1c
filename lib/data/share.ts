/**
 * The live scoreboard behind a share link: what anyone holding the link may see (read-only, nothing else),
 * and the owner's control of the link.
 */
import "server-only";
import { dateColumn, getDb, jsonColumn, readRows, sql } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import {
  evaluateGame,
  isVariantId,
  playsForMoney,
  resolveHouseRules,
  type DealResult,
  type GameRecord,
  type Stakes,
} from "@/lib/rules";
import { requireRole, type Actor } from "./access";
import { inTransaction, markEveningChanged } from "./changes";
import { newToken } from "./tokens";
import { storedGamesOf, type EveningColumns } from "./evening-view";
import { toGameRecord } from "./game-record";
import { oddsOf, type OddsPosition } from "./odds";
import { boardGamesAt, headAt } from "./scoreboard-cache";
import { groupGames, listSeasons, pickSeason } from "./seasons";
import { seasonTable } from "@/lib/stats/season";

export interface ScoreboardGame {
  number: number;
  players: string[];
  startScore: number;
  scores: Record<string, number>;
  limpa: Record<string, number>;
  winners: string[];
  nextDealer: string | null;
  forehand: string | null;
  firstDeal: boolean;
  trumpCompulsion: boolean;
  deals: ScoreboardDeal[];
}

/** What the sheet shows of one deal: the rules engine's result of it, slimmed for the link. */
export type ScoreboardDeal = Pick<DealResult, "number" | "void" | "dealer" | "scores" | "limpa" | "trumpCompulsion">;

/** Everything a share link shows. No ids, accounts or links: only the sheet. */
export interface Scoreboard {
  version: number;
  title: string;
  date: string;
  place: string | null;
  variant: string;
  ended: boolean;
  /** The stakes, only when the evening is played for money and its owner shows the money on the link. */
  stakes: Stakes | null;
  games: ScoreboardGame[];
  /**
   * Between games of a group's evening (its last game won): the group's current season table of this game, as TV
   * mode shows it — each player's points and wins, in table order. Null otherwise.
   */
  season: { name: string; rows: { player: string; rank: number; points: number; wins: number }[] } | null;
  /**
   * Each player's chance of winning the game in play (decision 022), when the owner shows the odds and they have
   * been computed for this version: the live scoreboard's second frame of a version carries them.
   */
  odds: Record<string, number> | null;
}

/** The season table a group's evening shows between games (see `Scoreboard.season`). */
async function seasonBetweenGames(
  groupId: string | null,
  variant: string,
  games: ScoreboardGame[],
): Promise<Scoreboard["season"]> {
  if (!groupId || !isVariantId(variant) || !games.at(-1)?.winners.length) return null;
  const season = pickSeason(await listSeasons(groupId, variant));
  const table = seasonTable(await groupGames(groupId, variant, season), { best: season.bestEvenings });
  return { name: season.name, rows: table.map(({ player, rank, points, wins }) => ({ player, rank, points, wins })) };
}

/** A game as the link shows it, scored by the rules engine. */
function scoreboardGameOf(number: number, record: GameRecord): ScoreboardGame {
  const result = evaluateGame(record).result!;
  const next = result.nextDeal;
  return {
    number,
    players: record.players,
    startScore: resolveHouseRules(record.variant, record.houseRules).startScore,
    scores: result.scores,
    limpa: result.limpa,
    winners: result.winners,
    nextDealer: next?.dealer ?? null,
    forehand: next?.forehand ?? null,
    firstDeal: next?.firstDeal ?? false,
    trumpCompulsion: result.trumpCompulsion,
    deals: result.deals.map((d) => ({
      number: d.number,
      void: d.void,
      dealer: d.dealer,
      scores: d.scores,
      limpa: d.limpa,
      trumpCompulsion: d.trumpCompulsion,
    })),
  };
}

type ScoreboardEvening = NonNullable<Awaited<ReturnType<typeof scoreboardEvening>>>;

/** The evening a live scoreboard shows: one raw read, as it is read again after every deal (decision 013). */
async function scoreboardEvening(where: { shareToken: string } | { id: string }) {
  const [[row]] = await readRows<[EveningColumns[]]>(sql`
    SELECT "id", "title", "date", "place", "variant", "houseRules", "status", "shareToken", "version", "stakes",
           "shareMoney", "groupId", "ownerId", "showOdds"
    FROM "Evening"
    WHERE ${"id" in where ? sql`"id" = ${where.id}` : sql`"shareToken" = ${where.shareToken}`}`);
  return (
    row && {
      ...row,
      date: dateColumn(row.date),
      houseRules: jsonColumn(row.houseRules),
      version: Number(row.version),
      stakes: jsonColumn(row.stakes) as Stakes | null,
      shareMoney: Boolean(row.shareMoney),
      showOdds: Boolean(row.showOdds),
    }
  );
}

async function loadScoreboard(
  where: { shareToken: string } | { id: string },
  hint?: number,
): Promise<{
  eveningId: string;
  shareToken: string | null;
  /** The game in play when its odds are to be shown (decision 022), else null. */
  inPlay: OddsPosition | null;
  scoreboard: Scoreboard;
} | null> {
  // The live update of a deal this process wrote knows the version it made: nothing to read (scoreboard-cache.ts).
  const known = "id" in where && hint !== undefined ? await headAt<ScoreboardEvening>(where.id, hint) : null;
  const evening = known ?? (await scoreboardEvening(where));
  if (!evening) return null;
  const { stakes } = evening;
  // Read again after every deal of a watched evening: only the game a deal changed is built anew (scoreboard-cache.ts).
  const boardGames = await boardGamesAt<ScoreboardGame>(evening.id, evening, scoreboardGameOf, async () =>
    // The games in two reads of flat rows (evening-view.ts).
    (await storedGamesOf(evening.id)).map((game) => {
      const record = toGameRecord(evening, game);
      return { id: game.id, number: game.number, record, board: scoreboardGameOf(game.number, record) };
    }),
  );
  const games = boardGames.map((game) => game.board);
  const inPlay = boardGames.at(-1);
  const oddsOn = inPlay && evening.showOdds && evening.status === "open" && !inPlay.board.winners.length;
  return {
    eveningId: evening.id,
    shareToken: evening.shareToken,
    inPlay: oddsOn
      ? { gameId: inPlay.id, groupId: evening.groupId, ownerId: evening.ownerId, record: inPlay.record }
      : null,
    scoreboard: {
      version: evening.version,
      title: evening.title,
      date: evening.date.toISOString().slice(0, 10),
      place: evening.place,
      variant: evening.variant,
      ended: evening.status !== "open",
      stakes: evening.shareMoney && playsForMoney(stakes) ? stakes : null,
      games,
      season: await seasonBetweenGames(evening.groupId, evening.variant, games),
      odds: null,
    },
  };
}

/** A share token is 32 base64url characters; anything else is not one, without asking the database. */
export function isShareTokenShaped(token: unknown): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{32}$/.test(token);
}

/** The scoreboard for a share link, or null when the link does not (or no longer) work. */
export async function getScoreboardByToken(token: string) {
  if (!isShareTokenShaped(token)) return null;
  return loadScoreboard({ shareToken: token });
}

/** How long the polling fallback's answer waits for the odds of its version before it goes without them. */
const ODDS_WAIT_MS = 2_000;

/**
 * The scoreboard a link shows with the odds of its game in play (the answer to viewers who poll): the same odds
 * the stream sends for that version (kept per version, so a crowd of polls works them out once), or none when
 * they take longer than `ODDS_WAIT_MS` — the next poll brings them.
 */
export async function getScoreboardWithOdds(token: string): Promise<Scoreboard | null> {
  const found = await getScoreboardByToken(token);
  if (!found) return null;
  const { eveningId, scoreboard, inPlay } = found;
  if (!inPlay) return scoreboard;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const odds = await Promise.race([
    oddsOf(eveningId, scoreboard.version, inPlay),
    new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), ODDS_WAIT_MS))),
  ]).finally(() => clearTimeout(timer));
  return odds ? { ...scoreboard, odds } : scoreboard;
}

/** Link checks under way, by token (per bundle: it only joins requests that arrive together). */
const linkChecks = new Map<string, Promise<{ eveningId: string; version: number } | null>>();

/**
 * The evening a share link shows and its version, or null when the link does not (or no longer) work. Viewers who
 * open the link together — a crowd reconnecting after a restart or a network blip — share one read.
 */
export async function findShareLink(token: string): Promise<{ eveningId: string; version: number } | null> {
  if (!isShareTokenShaped(token)) return null;
  let check = linkChecks.get(token);
  if (!check) {
    check = readRows<[{ id: string; version: number | bigint }[]]>(
      sql`SELECT "id", "version" FROM "Evening" WHERE "shareToken" = ${token}`,
    )
      .then(([[evening]]) => (evening ? { eveningId: evening.id, version: Number(evening.version) } : null))
      .finally(() => linkChecks.delete(token));
    linkChecks.set(token, check);
  }
  return check;
}

/**
 * The scoreboard of an evening with its current share token (for the live hub). `version`: the one the change
 * that asks for it made, when its writer said (a deal).
 */
export async function getScoreboardForEvening(eveningId: string, version?: number) {
  return loadScoreboard({ id: eveningId }, version);
}

/** The owner's view of the share link. */
export async function getShareLink(actor: Actor, eveningId: string): Promise<string | null> {
  const db = getDb();
  await requireRole(db, actor, eveningId, ["owner"]);
  const evening = await db.evening.findUniqueOrThrow({ where: { id: eveningId }, select: { shareToken: true } });
  return evening.shareToken;
}

/** Replaces the share link: the old one stops working at once and its open viewers are told. */
export async function rotateShareLink(actor: Actor, eveningId: string): Promise<string> {
  const shareToken = newToken();
  await setShareToken(actor, eveningId, shareToken);
  return shareToken;
}

/** Switches the share link off; open viewers are told. */
export async function revokeShareLink(actor: Actor, eveningId: string): Promise<void> {
  await setShareToken(actor, eveningId, null);
}

/** The owner shows or hides the live odds on the share link and TV mode; open viewers see the change at once. */
export async function setShowOdds(actor: Actor, eveningId: string, shown: boolean): Promise<void> {
  await setShareSwitch(actor, eveningId, { showOdds: shown });
}

/** Whether the share link shows who pays whom; open viewers see the change at once. Owner only. */
export async function setShareMoney(actor: Actor, eveningId: string, shareMoney: boolean): Promise<void> {
  await setShareSwitch(actor, eveningId, { shareMoney });
}

/** One of the owner's switches of what the share link shows, told to its open viewers. */
async function setShareSwitch(
  actor: Actor,
  eveningId: string,
  data: { showOdds: boolean } | { shareMoney: boolean },
): Promise<void> {
  await inTransaction(async (tx) => {
    await requireRole(tx, actor, eveningId, ["owner"]);
    await tx.evening.update({ where: { id: eveningId }, data });
    await markEveningChanged(tx, eveningId, "share");
  });
}

async function setShareToken(actor: Actor, eveningId: string, shareToken: string | null): Promise<void> {
  await inTransaction(async (tx) => {
    await requireRole(tx, actor, eveningId, ["owner"]);
    await tx.evening.update({ where: { id: eveningId }, data: { shareToken } });
    await markEveningChanged(tx, eveningId, "share");
  });
}

export function assertShareToken(token: unknown): asserts token is string {
  if (!isShareTokenShaped(token)) throw new AppError("not_found", { key: "errors.shareLink" });
}
