/**
 * A group's seasons, season tables and records: read from the stored per-game summaries (lib/data/game-summary.ts)
 * with the group's merges applied (lib/stats/season.ts adds them up) — never by refolding deals.
 */
import "server-only";
import { dateColumn, getDb, join, readRows, sql } from "@/lib/db/client";
import { AppError, parseInput } from "@/lib/errors";
import { VARIANT_IDS, type VariantId } from "@/lib/rules";
import {
  groupRecords,
  readAsOne,
  seasonTable,
  type GroupRecord,
  type SeasonGame,
  type SeasonRow,
} from "@/lib/stats/season";
import type { Actor } from "./access";
import { summarizedGames } from "./game-summary";
import { canonicalOf, requireGroupRole } from "./groups";
import { inTransaction } from "./changes";
import { SeasonSchema, type SeasonInput } from "@/lib/schemas/group";
import { isId } from "@/lib/schemas/ids";

export interface Season {
  /** A defined season's id, or the year of a calendar-year season ("2026"). */
  key: string;
  /** Null for a calendar year. */
  id: string | null;
  name: string;
  /** First and last day, both included (YYYY-MM-DD). */
  startsOn: string;
  endsOn: string;
  bestEvenings: number | null;
}

const day = (d: Date) => d.toISOString().slice(0, 10);
const today = () => day(new Date());

/**
 * The seasons of a group for one game, newest first: the ones its admins defined, or — when there are none — the
 * calendar years from the group's first evening of that game to this year.
 */
export async function listSeasons(groupId: string, variant: VariantId): Promise<Season[]> {
  const [defined, [first]] = await readRows<[StoredSeason[], { first: unknown }[]]>(
    sql`${SEASON_COLUMNS} WHERE s."groupId" = ${groupId} AND s."variant" = ${variant}
      ORDER BY s."startsOn" DESC, s."createdAt" DESC`,
    sql`SELECT MIN(e."date") AS "first" FROM "Evening" e
      WHERE e."groupId" = ${groupId} AND e."variant" = ${variant} AND e."importing" IS NULL`,
  );
  if (defined.length) return defined.map(toSeason);
  const thisYear = new Date().getUTCFullYear();
  const firstYear = first?.first ? dateColumn(first.first).getUTCFullYear() : thisYear;
  const years: Season[] = [];
  for (let y = Math.max(thisYear, firstYear); y >= Math.min(firstYear, thisYear); y--)
    years.push({
      key: String(y),
      id: null,
      name: String(y),
      startsOn: `${y}-01-01`,
      endsOn: `${y}-12-31`,
      bestEvenings: null,
    });
  return years;
}

interface StoredSeason {
  id: string;
  variant: string;
  name: string;
  startsOn: unknown;
  endsOn: unknown;
  bestEvenings: number | bigint | null;
}

const SEASON_COLUMNS = sql`SELECT s."id" AS "id", s."variant" AS "variant", s."name" AS "name",
  s."startsOn" AS "startsOn", s."endsOn" AS "endsOn", s."bestEvenings" AS "bestEvenings" FROM "Season" s`;

const toSeason = (s: StoredSeason): Season => ({
  key: s.id,
  id: s.id,
  name: s.name,
  startsOn: day(dateColumn(s.startsOn)),
  endsOn: day(dateColumn(s.endsOn)),
  bestEvenings: s.bestEvenings === null ? null : Number(s.bestEvenings),
});

/** The seasons an admin defined, of both games, by first day (the group page's list of them). */
export async function definedSeasons(groupId: string): Promise<(Season & { variant: VariantId })[]> {
  const [rows] = await readRows<[StoredSeason[]]>(
    sql`${SEASON_COLUMNS} WHERE s."groupId" = ${groupId} ORDER BY s."startsOn", s."createdAt"`,
  );
  return rows.map((row) => ({ ...toSeason(row), variant: row.variant as VariantId }));
}

/** The season `key` names, or the current one (the newest that has begun), or the newest. */
export function pickSeason(seasons: Season[], key?: unknown): Season {
  const named = seasons.find((s) => s.key === key);
  if (named) return named;
  const now = today();
  return (
    seasons.find((s) => s.startsOn <= now && now <= s.endsOn) ?? seasons.find((s) => s.startsOn <= now) ?? seasons[0]!
  );
}

/**
 * The group's games of one game (variant), optionally within a season, in the order played, each player read as
 * the group's player they are (merges followed, current names).
 */
/**
 * The group's games already read and folded, by group, game and range: a derived cache like the parsed summaries
 * (docs/conventions.md 2). An entry is used only while its stamp — the count, version sum and latest change of the
 * range's evenings (every change to an evening moves its version and time on) and the group's players with their merges
 * and names — is the one read now, so a change on any instance is never missed.
 */
const MAX_FOLDED = 200;
const folded = new Map<string, { stamp: string; games: SeasonGame[] }>();

export async function groupGames(groupId: string, variant: VariantId | null, season?: Season): Promise<SeasonGame[]> {
  const ofGame = variant ? sql` AND e."variant" = ${variant}` : sql``;
  const range = season
    ? sql` AND e."date" >= ${new Date(`${season.startsOn}T00:00:00Z`)} AND e."date" <= ${new Date(`${season.endsOn}T00:00:00Z`)}`
    : sql``;
  const [[changes], players] = await readRows<
    [{ n: unknown; versions: unknown; latest: unknown }[], { id: string; name: string; mergedIntoId: string | null }[]]
  >(
    sql`SELECT COUNT(*) AS "n", SUM(e."version") AS "versions", MAX(e."updatedAt") AS "latest" FROM "Evening" e
      WHERE e."groupId" = ${groupId}${ofGame}${range} AND e."importing" IS NULL`,
    sql`SELECT p."id" AS "id", p."name" AS "name", p."mergedIntoId" AS "mergedIntoId"
      FROM "GroupPlayer" p WHERE p."groupId" = ${groupId} ORDER BY p."id"`,
  );
  const key = JSON.stringify([groupId, variant, season?.startsOn, season?.endsOn]);
  const stamp = JSON.stringify([
    String(changes?.n),
    String(changes?.versions),
    changes?.latest ? dateColumn(changes.latest).getTime() : null,
    players,
  ]);
  const known = folded.get(key);
  if (known?.stamp === stamp) return known.games;

  const [games, [seats]] = await Promise.all([
    summarizedGames(sql`e."groupId" = ${groupId}${ofGame}${range}`),
    readRows<[{ eveningId: string; name: string; groupPlayerId: string | null }[]]>(sql`
      SELECT ep."eveningId" AS "eveningId", ep."name" AS "name", ep."groupPlayerId" AS "groupPlayerId"
      FROM "EveningPlayer" ep JOIN "Evening" e ON e."id" = ep."eveningId"
      WHERE e."groupId" = ${groupId}${ofGame}${range}`),
  ]);
  const byId = new Map(players.map((p) => [p.id, p]));
  const asOne = new Map<string, Map<string, string>>();
  for (const seat of seats) {
    if (!seat.groupPlayerId || !byId.has(seat.groupPlayerId)) continue;
    const names = asOne.get(seat.eveningId) ?? new Map<string, string>();
    names.set(seat.name, canonicalOf(byId, seat.groupPlayerId).name);
    asOne.set(seat.eveningId, names);
  }
  const result = games.flatMap((g) => {
    const names = asOne.get(g.eveningId);
    const game = { ...g, game: g.game! };
    return names ? readAsOne([game], (n) => names.get(n) ?? n) : [game];
  });
  folded.delete(key);
  folded.set(key, { stamp, games: result });
  if (folded.size > MAX_FOLDED) folded.delete(folded.keys().next().value!);
  return result;
}

/** Every game of the group (both games), merged players read as one: the players' pages filtered to a group. */
export async function groupSummaries(actor: Actor, groupId: unknown): Promise<SeasonGame[]> {
  const { groupId: id } = await requireGroupRole(getDb(), actor, groupId, ["admin", "member"]);
  return groupGames(id, null);
}

export interface SeasonView {
  seasons: Season[];
  season: Season;
  /** The season is over (its last day has passed). */
  finished: boolean;
  table: SeasonRow[];
}

/** A season's table of a group, with the group's name (the season page names it). */
export async function seasonView(
  actor: Actor,
  groupId: unknown,
  variant: unknown,
  key?: unknown,
): Promise<SeasonView & { groupName: string }> {
  const { groupId: id } = await requireGroupRole(getDb(), actor, groupId, ["admin", "member"]);
  const game = parseVariant(variant);
  const [seasons, group] = await Promise.all([
    listSeasons(id, game),
    getDb().group.findUnique({ where: { id }, select: { name: true } }),
  ]);
  const season = pickSeason(seasons, key);
  return { ...tableOf(seasons, season, await groupGames(id, game, season)), groupName: group?.name ?? "" };
}

/** The season's table over the group's games (those of the season are picked out of a longer list). */
function tableOf(seasons: Season[], season: Season, games: SeasonGame[]): SeasonView {
  const { startsOn, endsOn, bestEvenings: best } = season;
  const table = fromGames(games, `table ${startsOn} ${endsOn} ${best}`, () =>
    seasonTable(
      games.filter((g) => g.date! >= startsOn && g.date! <= endsOn),
      { best },
    ),
  );
  return { seasons, season, finished: season.endsOn < today(), table };
}

/**
 * What a page works out from a list of the group's games (a season's table, the records), kept with the list:
 * `groupGames` hands out the very same list while nothing it was read from changed, so a page read again costs no
 * fold. Shared between requests: what it keeps is never changed in place.
 */
const workedOut = new WeakMap<SeasonGame[], Map<string, unknown>>();

function fromGames<T>(games: SeasonGame[], what: string, work: () => T): T {
  let known = workedOut.get(games);
  if (!known) workedOut.set(games, (known = new Map()));
  if (!known.has(what)) known.set(what, work());
  return known.get(what) as T;
}

/** The group page's season table and records of one game, from one read of the group's games. */
export async function seasonAndRecords(
  actor: Actor,
  groupId: unknown,
  variant: unknown,
  key?: unknown,
): Promise<{ season: SeasonView; records: RecordView[] }> {
  const { groupId: id } = await requireGroupRole(getDb(), actor, groupId, ["admin", "member"]);
  const game = parseVariant(variant);
  const [seasons, games] = await Promise.all([listSeasons(id, game), groupGames(id, game)]);
  const season = pickSeason(seasons, key);
  const records = fromGames(games, "records", () => groupRecords(games, game));
  return { season: tableOf(seasons, season, games), records: await withLinks(records, games) };
}

export interface RecordView extends GroupRecord {
  eveningTitle: string;
  gameNumber: number | null;
}

/** The group's records of one game, with the evening's title and the game's number for their links; its name. */
export async function recordsView(
  actor: Actor,
  groupId: unknown,
  variant: unknown,
): Promise<{ groupName: string; records: RecordView[] }> {
  const { groupId: id } = await requireGroupRole(getDb(), actor, groupId, ["admin", "member"]);
  const game = parseVariant(variant);
  const [games, group] = await Promise.all([
    groupGames(id, game),
    getDb().group.findUnique({ where: { id }, select: { name: true } }),
  ]);
  const records = await withLinks(
    fromGames(games, "records", () => groupRecords(games, game)),
    games,
  );
  return { groupName: group?.name ?? "", records };
}

/** The records with their evenings' titles and their games' numbers. */
async function withLinks(records: GroupRecord[], games: SeasonGame[]): Promise<RecordView[]> {
  const ids = [...new Set(records.map((r) => r.evening))];
  const [rows] = ids.length
    ? await readRows<[{ id: string; title: string }[]]>(
        sql`SELECT e."id" AS "id", e."title" AS "title" FROM "Evening" e WHERE e."id" IN (${join(ids)})`,
      )
    : [[]];
  const titles = new Map(rows.map((e) => [e.id, e.title]));
  const numbers = new Map(games.map((g) => [g.game, g.gameNumber ?? null]));
  return records.map((r) => ({
    ...r,
    eveningTitle: titles.get(r.evening) ?? "",
    gameNumber: r.game ? (numbers.get(r.game) ?? null) : null,
  }));
}

function parseVariant(value: unknown): VariantId {
  if (typeof value === "string" && (VARIANT_IDS as readonly string[]).includes(value)) return value as VariantId;
  throw new AppError("validation", { key: "errors.noSuchGame" });
}

export type { SeasonInput };

function parseSeason(input: unknown) {
  const s = parseInput(SeasonSchema, input);
  return {
    variant: s.variant,
    name: s.name,
    startsOn: new Date(`${s.startsOn}T00:00:00Z`),
    endsOn: new Date(`${s.endsOn}T00:00:00Z`),
    bestEvenings: s.bestEvenings ?? null,
  };
}

/** An admin defines a season (a date range, optionally counting each player's best N evenings). */
export async function createSeason(actor: Actor, groupId: unknown, input: unknown): Promise<{ id: string }> {
  const data = parseSeason(input);
  return inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    return tx.season.create({ data: { groupId: id, ...data }, select: { id: true } });
  });
}

export async function updateSeason(actor: Actor, groupId: unknown, seasonId: unknown, input: unknown): Promise<void> {
  const data = parseSeason(input);
  await inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    const { count } = await tx.season.updateMany({ where: { id: isId(seasonId) ? seasonId : "", groupId: id }, data });
    if (!count) throw new AppError("not_found", { key: "errors.noSeason" });
  });
}

export async function deleteSeason(actor: Actor, groupId: unknown, seasonId: unknown): Promise<void> {
  await inTransaction(async (tx) => {
    const { groupId: id } = await requireGroupRole(tx, actor, groupId, ["admin"]);
    const { count } = await tx.season.deleteMany({ where: { id: isId(seasonId) ? seasonId : "", groupId: id } });
    if (!count) throw new AppError("not_found", { key: "errors.noSeason" });
  });
}
