/**
 * A group's season table and records (README "Seasons and records"), added up from per-game summaries
 * (lib/stats/summary.ts) — never from the deals, so a season of thousands of games reads stored figures only.
 * Pure: tested on hand-computed seasons; the data layer passes the games of one group and game, in the order
 * played, with merged players already read as one (lib/data/groups.ts).
 */
import type { VariantId } from "@/lib/rules";
import { nameKey } from "@/lib/schemas/names";
import { gameMoney, type MoneyLine, type SummarizedGame } from "./players";
import type { GameSummary } from "./summary";

/** A game of a season, with where it was played (for the records' links). */
export interface SeasonGame extends SummarizedGame {
  /** The game's reference: its id in the app, the record's file in the `score` command. */
  game: string;
}

/**
 * The points scheme, per finished game: one point for every player you finish ahead of, and one more for the
 * win. The winners (as the rules engine names them) are ahead of everyone else; the others are ordered by
 * their final score, and an equal score beats no one. An unfinished game gives no points. So a win is always
 * worth the most, second place still counts, a win at a table of six is worth more than one at a table of
 * three, and two players on the same score get the same.
 */
export function gamePoints(summary: GameSummary): Record<string, number> {
  const points: Record<string, number> = Object.fromEntries(summary.players.map((p) => [p, 0]));
  if (!summary.finished) return points;
  const others = summary.players.filter((p) => !summary.winners.includes(p));
  for (const w of summary.winners) points[w] = 1 + others.length;
  for (const p of others) {
    const score = summary.byPlayer[p]!.finalScore;
    points[p] = others.filter((q) => summary.byPlayer[q]!.finalScore > score).length;
  }
  return points;
}

export interface SeasonRow {
  player: string;
  /** 1 + the players with more points, or as many points and more wins. */
  rank: number;
  points: number;
  /** Evenings the player sat at, and how many of them count towards the points (best N, or all). */
  evenings: number;
  counted: number;
  /** Games the player sat in, finished or not. */
  games: number;
  /** Finished games won; a shared win counts for every winner. */
  wins: number;
  limpas: number;
  loneWins: number;
  /** Net over the season's evenings played for money, per currency (empty when none). */
  money: MoneyLine[];
}

export interface SeasonOptions {
  /** Count only each player's best N evenings (by points); all evenings when null or absent. */
  best?: number | null;
}

/** The season table, in table order: points, then wins, then name. */
export function seasonTable(games: SeasonGame[], options: SeasonOptions = {}): SeasonRow[] {
  const rows = new Map<
    string,
    Omit<SeasonRow, "rank" | "points" | "evenings" | "counted" | "money"> & {
      byEvening: Map<string, number>;
      money: Map<string, { evenings: Set<string>; net: number }>;
    }
  >();
  for (const g of games) {
    const points = gamePoints(g.summary);
    const net = gameMoney(g);
    for (const p of g.players) {
      let row = rows.get(p);
      if (!row) {
        row = { player: p, games: 0, wins: 0, limpas: 0, loneWins: 0, byEvening: new Map(), money: new Map() };
        rows.set(p, row);
      }
      const s = g.summary.byPlayer[p]!;
      row.games++;
      if (g.summary.winners.includes(p)) row.wins++;
      row.limpas += s.limpas;
      row.loneWins += s.loneWins;
      row.byEvening.set(g.eveningId, (row.byEvening.get(g.eveningId) ?? 0) + points[p]!);
      if (net) {
        const line = row.money.get(g.stakes!.currency) ?? { evenings: new Set<string>(), net: 0 };
        line.evenings.add(g.eveningId);
        line.net += net[p] ?? 0;
        row.money.set(g.stakes!.currency, line);
      }
    }
  }
  const best = options.best ?? null;
  const table = [...rows.values()].map(({ byEvening, money, ...row }) => {
    const perEvening = [...byEvening.values()].sort((a, b) => b - a);
    const counted = best === null ? perEvening : perEvening.slice(0, best);
    return {
      ...row,
      rank: 0,
      points: counted.reduce((sum, p) => sum + p, 0),
      evenings: perEvening.length,
      counted: counted.length,
      money: [...money]
        .map(([currency, l]) => ({ currency, evenings: l.evenings.size, net: l.net }))
        .sort((a, b) => b.evenings - a.evenings || a.currency.localeCompare(b.currency)),
    };
  });
  table.sort((a, b) => b.points - a.points || b.wins - a.wins || a.player.localeCompare(b.player));
  for (const row of table)
    row.rank = 1 + table.filter((o) => o.points > row.points || (o.points === row.points && o.wins > row.wins)).length;
  return table;
}

/** The records a group keeps per game, in the order they are shown. */
export const RECORD_KINDS = [
  "longestRunWithoutLimpa",
  "mostWinsInRow",
  "biggestComeback",
  "mostLoneWinsInEvening",
  "shortestGame",
  "longestGame",
  "largestChange",
] as const;
export type RecordKind = (typeof RECORD_KINDS)[number];

export interface GroupRecord {
  record: RecordKind;
  /** Who holds it; for the length of a game, its winners (a shared win names each). */
  players: string[];
  /** Deals, games, points or lone wins, by the record; a change keeps its sign (+ is up, − is down). */
  value: number;
  evening: string;
  /** The game it was set in (null for a record of a whole evening). */
  game: string | null;
  /** The deal it was set on (null for a record of whole games). */
  deal: number | null;
  date: string | null;
  /** A comeback's: who had the best score when the holder was furthest behind. */
  against?: string[];
}

/**
 * The group's records over these games of one game (variant), in the order played. The first to set a value
 * holds it: an equal value later does not take it over. Knektpass has no limpa, so no run without one.
 */
export function groupRecords(games: SeasonGame[], variant: VariantId): GroupRecord[] {
  const held = new Map<RecordKind, GroupRecord>();
  const at = (g: SeasonGame, deal: number | null) => ({
    evening: g.eveningId,
    game: g.game,
    deal,
    date: g.date ?? null,
  });
  const offer = (
    record: RecordKind,
    players: string[],
    value: number,
    where: Omit<GroupRecord, "record" | "players" | "value">,
    better: (value: number, held: number) => boolean = (v, h) => v > h,
  ) => {
    const current = held.get(record);
    if (!current || better(value, current.value)) held.set(record, { record, players, value, ...where });
  };

  const runs = new Map<string, { length: number; end: ReturnType<typeof at> | null }>();
  const streaks = new Map<string, number>();
  const loneByEvening = new Map<string, { player: string; evening: SeasonGame; wins: number }>();
  for (const g of games) {
    const { summary } = g;
    for (const p of g.players) {
      const s = summary.byPlayer[p]!;
      if (variant === "norrlands-knack" && s.deals > 0) {
        const run = runs.get(p) ?? { length: 0, end: null };
        if (s.limpas === 0) {
          run.length += s.deals;
          run.end = at(g, s.lastDeal);
          offer("longestRunWithoutLimpa", [p], run.length, run.end);
        } else {
          const leading = run.length + s.leadingRun;
          if (leading > 0)
            offer("longestRunWithoutLimpa", [p], leading, s.leadingRun ? at(g, s.leadingRunEnd) : run.end!);
          if (s.maxRun > 0) offer("longestRunWithoutLimpa", [p], s.maxRun, at(g, s.maxRunEnd));
          run.length = s.trailingRun;
          run.end = s.trailingRun ? at(g, s.lastDeal) : null;
        }
        runs.set(p, run);
      }
      if (summary.finished) {
        const streak = summary.winners.includes(p) ? (streaks.get(p) ?? 0) + 1 : 0;
        streaks.set(p, streak);
        if (streak > 0) offer("mostWinsInRow", [p], streak, at(g, null));
      }
      if (summary.winners.includes(p) && s.behind > 0)
        offer("biggestComeback", [p], s.behind, {
          ...at(g, s.behindDeal),
          against: s.behindOf.map((seat) => g.players[seat]!),
        });
      if (s.loneWins > 0) {
        const key = JSON.stringify([g.eveningId, p]);
        const lone = loneByEvening.get(key) ?? { player: p, evening: g, wins: 0 };
        lone.wins += s.loneWins;
        loneByEvening.set(key, lone);
      }
      if (s.maxChange !== 0)
        offer("largestChange", [p], s.maxChange, at(g, s.maxChangeDeal), (v, h) => Math.abs(v) > Math.abs(h));
    }
    if (summary.finished) {
      offer("shortestGame", summary.winners, summary.dealCount, at(g, null), (v, h) => v < h);
      offer("longestGame", summary.winners, summary.dealCount, at(g, null));
    }
  }
  for (const { player, evening, wins } of loneByEvening.values())
    offer("mostLoneWinsInEvening", [player], wins, { ...at(evening, null), game: null });

  return RECORD_KINDS.flatMap((kind) => {
    const record = held.get(kind);
    return record ? [record] : [];
  });
}

/**
 * The games with merged players read as one: each name replaced by the name it is merged into (`canonical`).
 * Nothing stored changes; undoing a merge reads the games as they are again. Two names of one game are never
 * merged (the data layer refuses it), so a game's players stay distinct.
 */
export function readAsOne<G extends SummarizedGame>(games: G[], canonical: (name: string) => string): G[] {
  return games.map((g) => {
    if (!g.players.some((p) => canonical(p) !== p)) return g;
    const { summary } = g;
    const players = g.players.map(canonical);
    return {
      ...g,
      players,
      summary: {
        ...summary,
        players,
        winners: summary.winners.map(canonical),
        byPlayer: Object.fromEntries(g.players.map((p) => [canonical(p), summary.byPlayer[p]!])),
      },
    };
  });
}

/**
 * The games with the spellings of one name that decision 015 reads as one person ("Anna", "ANNA", a Cyrillic "А")
 * read as the spelling most games use — the players' pages over every evening, where no group's merges apply. Two
 * spellings that sat in one game (an evening kept from before names were told apart) stay two people.
 */
export function spellingsAsOne<G extends SummarizedGame>(games: G[]): G[] {
  const keys = new Map<string, string>();
  const keyOf = (name: string) => keys.get(name) ?? keys.set(name, nameKey(name)).get(name)!;
  const uses = new Map<string, Map<string, number>>();
  const together = new Set<string>();
  for (const g of games) {
    const seen = new Set<string>();
    for (const p of g.players) {
      const key = keyOf(p);
      if (seen.has(key)) together.add(key);
      seen.add(key);
      const spellings = uses.get(key) ?? uses.set(key, new Map()).get(key)!;
      spellings.set(p, (spellings.get(p) ?? 0) + 1);
    }
  }
  const canonical = new Map<string, string>();
  for (const [key, spellings] of uses) {
    if (spellings.size < 2 || together.has(key)) continue;
    const most = [...spellings].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
    for (const name of spellings.keys()) canonical.set(name, most);
  }
  return canonical.size ? readAsOne(games, (name) => canonical.get(name) ?? name) : games;
}
