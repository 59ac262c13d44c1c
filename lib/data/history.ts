/** The history of evenings a user owns or played in: the list with filters, and the games behind statistics. */
import "server-only";
import { dateColumn, join, jsonColumn, readRows, sql, type Sql } from "@/lib/db/client";
import { requireSignedIn, visibleSql, type Actor, type Role } from "./access";
import { hasControlCharacters } from "@/lib/rules";
import { summariesOfEvenings } from "./game-summary";
import { playsForMoney, type Stakes } from "@/lib/rules";
import { gameMoney } from "@/lib/stats/players";
import { nameKey } from "@/lib/schemas/names";

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryFilters {
  player?: string;
  variant?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
  /** Only the evenings of this group (one of the user's). */
  group?: string;
  /** From 1. */
  page?: number;
}

export interface HistoryItem {
  id: string;
  title: string;
  date: Date;
  place: string | null;
  variant: string;
  status: string;
  role: Role;
  players: string[];
  /** Winners of each finished game, in order. */
  winners: string[][];
  /** The saved rule set the evening was started from, by its name then. */
  ruleSetName: string | null;
  /** For an evening played for money: each player's net so far, in minor units. */
  money: { currency: string; net: Record<string, number> } | null;
}

const isText = (s: string | undefined): s is string =>
  typeof s === "string" && s.length <= 80 && !hasControlCharacters(s);
const isDate = (s: string | undefined): s is string =>
  typeof s === "string" && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s));

interface HistoryRow {
  id: string;
  title: string;
  date: unknown;
  place: string | null;
  variant: string;
  status: string;
  ownerId: string;
  ruleSetName: string | null;
  stakes: unknown;
  /** How many evenings the filters match in all (the same on every row). */
  total: number | bigint | string;
}

interface PlayerRow {
  eveningId: string;
  name: string;
}

/** Rows grouped by their evening, in the order they came. */
function byEvening<T extends { eveningId: string }>(rows: T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const row of rows) {
    const list = groups.get(row.eveningId);
    if (list) list.push(row);
    else groups.set(row.eveningId, [row]);
  }
  return groups;
}

/**
 * Every spelling of `name` in the evenings the user sees that names one person with it ("Anna", "ANNA", " anna":
 * decision 015), so that filtering by a player finds all of his evenings, as the players' pages count them.
 */
async function spellingsOf(userId: string, name: string): Promise<string[]> {
  const [rows] = await readRows<[{ name: string }[]]>(sql`
    SELECT DISTINCT p."name" AS "name" FROM "EveningPlayer" p JOIN "Evening" e ON e."id" = p."eveningId"
    WHERE ${visibleSql(userId)}`);
  const key = nameKey(name);
  return [name, ...rows.map((r) => r.name).filter((n) => n !== name && nameKey(n) === key)];
}

/** Past any history's last page (the last is shown for a number past it): keeps the offset a small number. */
const MAX_PAGE = 100_000;

/** Newest first, a page at a time; a fixed number of queries whatever the page shows (decision 013). */
export async function listHistory(
  actor: Actor,
  filters: HistoryFilters = {},
): Promise<{ items: HistoryItem[]; page: number; pages: number; total: number }> {
  const { userId } = requireSignedIn(actor);
  const conditions: Sql[] = [visibleSql(userId)];
  if (isText(filters.player))
    conditions.push(
      sql`EXISTS (SELECT 1 FROM "EveningPlayer" p WHERE p."eveningId" = e."id"
        AND p."name" IN (${join(await spellingsOf(userId, filters.player))}))`,
    );
  if (isText(filters.variant)) conditions.push(sql`e."variant" = ${filters.variant}`);
  if (isText(filters.group)) conditions.push(sql`e."groupId" = ${filters.group}`);
  if (isDate(filters.from)) conditions.push(sql`e."date" >= ${new Date(`${filters.from}T00:00:00Z`)}`);
  if (isDate(filters.to)) conditions.push(sql`e."date" <= ${new Date(`${filters.to}T00:00:00Z`)}`);
  const where = join(conditions, " AND ");
  const pageOf = async (page: number) => {
    const [rows] = await readRows<[HistoryRow[]]>(sql`
      SELECT e."id" AS "id", e."title" AS "title", e."date" AS "date", e."place" AS "place",
             e."variant" AS "variant", e."status" AS "status", e."ownerId" AS "ownerId",
             e."ruleSetName" AS "ruleSetName", e."stakes" AS "stakes", COUNT(*) OVER () AS "total"
      FROM "Evening" e
      WHERE ${where}
      ORDER BY e."date" DESC, e."createdAt" DESC, e."id" DESC
      LIMIT ${HISTORY_PAGE_SIZE} OFFSET ${(page - 1) * HISTORY_PAGE_SIZE}`);
    return rows;
  };
  // A page number from the address: anything but a sensible whole number is the first page.
  const wanted = Math.floor(filters.page ?? 1);
  const asked = Number.isSafeInteger(wanted) && wanted >= 1 && wanted <= MAX_PAGE ? wanted : 1;
  let rows = await pageOf(asked);
  let page = asked;
  let total = rows.length ? Number(rows[0]!.total) : 0;
  if (!rows.length && asked > 1) {
    // Past the last page: the last page instead (its rows also say how many there are).
    const [[count]] = await readRows<[{ n: number | bigint | string }[]]>(
      sql`SELECT COUNT(*) AS "n" FROM "Evening" e WHERE ${where}`,
    );
    total = Number(count?.n ?? 0);
    page = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
    rows = await pageOf(page);
  }
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const ids = rows.map((e) => e.id);
  // Players and winners of the page's evenings; winners and money come from the statistics cache, so the page
  // never reads the deals themselves.
  const [[players], summaries] = await Promise.all([
    ids.length
      ? readRows<[PlayerRow[]]>(sql`
          SELECT p."eveningId" AS "eveningId", p."name" AS "name" FROM "EveningPlayer" p
          WHERE p."eveningId" IN (${join(ids)})
          ORDER BY p."eveningId", p."personId"`)
      : Promise.resolve<[PlayerRow[]]>([[]]),
    summariesOfEvenings(ids),
  ]);
  const namesOf = byEvening(players);
  const games = byEvening(summaries);
  const items: HistoryItem[] = [];
  for (const e of rows) {
    const winners: string[][] = [];
    const pinned = jsonColumn(e.stakes) as Stakes | null;
    const stakes = playsForMoney(pinned) ? pinned : null;
    const nets = new Map<string, number>();
    for (const game of games.get(e.id) ?? []) {
      if (game.summary.winners.length) winners.push(game.summary.winners);
      for (const [p, net] of Object.entries(gameMoney(game) ?? {})) nets.set(p, (nets.get(p) ?? 0) + net);
    }
    const money = stakes ? { currency: stakes.currency, net: Object.fromEntries(nets) } : null;
    items.push({
      id: e.id,
      title: e.title,
      date: dateColumn(e.date),
      place: e.place,
      variant: e.variant,
      status: e.status,
      role: e.ownerId === userId ? "owner" : "member",
      players: (namesOf.get(e.id) ?? []).map((p) => p.name),
      winners,
      ruleSetName: e.ruleSetName,
      money,
    });
  }
  return { page, pages, total, items };
}
