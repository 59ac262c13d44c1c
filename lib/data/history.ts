/** The history of evenings a user owns or played in: the list with filters, and the games behind statistics. */
import "server-only";
import { getDb } from "@/lib/db/client";
import { requireSignedIn, type Actor, type Role } from "./access";
import { hasControlCharacters } from "./input";
import { summariesOfEvenings } from "./game-summary";
import { playsForMoney, type Stakes } from "@/lib/rules";
import { gameMoney, type SummarizedGame } from "@/lib/stats/players";

export const HISTORY_PAGE_SIZE = 20;

export interface HistoryFilters {
  player?: string;
  variant?: string;
  /** YYYY-MM-DD, inclusive. */
  from?: string;
  to?: string;
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

/** Newest first, a page at a time; a fixed number of queries whatever the page shows. */
export async function listHistory(
  actor: Actor,
  filters: HistoryFilters = {},
): Promise<{ items: HistoryItem[]; page: number; pages: number; total: number }> {
  const { userId } = requireSignedIn(actor);
  const where = {
    AND: [
      { OR: [{ ownerId: userId }, { members: { some: { userId } } }] },
      ...(isText(filters.player) ? [{ players: { some: { name: filters.player } } }] : []),
      ...(isText(filters.variant) ? [{ variant: filters.variant }] : []),
      ...(isDate(filters.from) ? [{ date: { gte: new Date(`${filters.from}T00:00:00Z`) } }] : []),
      ...(isDate(filters.to) ? [{ date: { lte: new Date(`${filters.to}T00:00:00Z`) } }] : []),
    ],
  };
  const db = getDb();
  const total = await db.evening.count({ where });
  const pages = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(filters.page ?? 1) || 1), pages);
  const rows = await db.evening.findMany({
    where,
    orderBy: [{ date: "desc" }, { createdAt: "desc" }],
    skip: (page - 1) * HISTORY_PAGE_SIZE,
    take: HISTORY_PAGE_SIZE,
    select: {
      id: true,
      title: true,
      date: true,
      place: true,
      variant: true,
      status: true,
      ownerId: true,
      ruleSetName: true,
      stakes: true,
      players: { select: { name: true } },
    },
  });
  // Winners and money come from the statistics cache, so the page never reads the deals themselves.
  const games = new Map<string, SummarizedGame[]>();
  for (const game of await summariesOfEvenings(rows.map((e) => e.id))) {
    const list = games.get(game.eveningId);
    if (list) list.push(game);
    else games.set(game.eveningId, [game]);
  }
  const items: HistoryItem[] = [];
  for (const e of rows) {
    const winners: string[][] = [];
    const pinned = e.stakes as Stakes | null;
    const stakes = playsForMoney(pinned) ? pinned : null;
    const money = stakes ? { currency: stakes.currency, net: {} as Record<string, number> } : null;
    for (const game of games.get(e.id) ?? []) {
      if (game.summary.winners.length) winners.push(game.summary.winners);
      for (const [p, net] of Object.entries(gameMoney(game) ?? {})) money!.net[p] = (money!.net[p] ?? 0) + net;
    }
    items.push({
      id: e.id,
      title: e.title,
      date: e.date,
      place: e.place,
      variant: e.variant,
      status: e.status,
      role: e.ownerId === userId ? "owner" : "member",
      players: e.players.map((p) => p.name),
      winners,
      ruleSetName: e.ruleSetName,
      money,
    });
  }
  return { page, pages, total, items };
}
