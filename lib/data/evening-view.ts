/** Reading an evening: the view a page shows, every game scored, and its version. Permission checks inside. */
import "server-only";
import { dateColumn, getDb, jsonColumn, readRows, sql } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { evaluateGame, type GameRecord, type GameResult, type Stakes, RulesError } from "@/lib/rules";
import { memberSql, requireRole, requireSignedIn, type Actor, type Role } from "./access";
import { EDIT_LINES } from "@/lib/schemas/sizes";
import { isId } from "@/lib/schemas/ids";
import { toGameRecord, type StoredGame } from "./game-record";

export interface GameView {
  id: string;
  number: number;
  record: GameRecord;
  result: GameResult;
  /** The key each deal was recorded with (null when none): the deal's identity, whatever its number now. */
  keys: (string | null)[];
}

export interface MemberView {
  userId: string;
  username: string;
}

export interface EditView {
  id: string;
  gameNumber: number;
  dealNumber: number;
  action: "record" | "edit" | "delete";
  by: string;
  at: Date;
}

export interface EveningView {
  id: string;
  title: string;
  date: Date;
  place: string | null;
  variant: string;
  houseRules: Record<string, unknown>;
  /** Stakes pinned for the evening (minor units), or null when it is not played for money. */
  stakes: Stakes | null;
  /** The saved rule set it was started from, by its name then. */
  ruleSetName: string | null;
  /** Whether the share link shows the money. */
  shareMoney: boolean;
  /** Whether the live scoreboard shows the odds of the game in play. */
  showOdds: boolean;
  status: string;
  version: number;
  role: Role;
  /** The name of who is looking (the owner or a member). */
  viewer: string;
  ownerId: string;
  ownerName: string;
  members: MemberView[];
  /** Only for the owner: the token of the link that lets others join. */
  inviteToken: string | null;
  /** Only for the owner: the token of the live scoreboard's share link (null when switched off). */
  shareToken: string | null;
  /** The group the evening is kept for, and whether the reader is one of its members. */
  group: { id: string; name: string; member: boolean } | null;
  games: GameView[];
  /** The edit history, newest first. */
  edits: EditView[];
}

interface GameSeatRow {
  id: string;
  number: number | bigint;
  firstDealerSeat: number | bigint;
  seat: number | bigint;
  name: string;
}

interface DealEntryRow {
  gameId: string;
  number: number | bigint;
  clientKey: string | null;
  seat: number | bigint;
  plays: boolean | number | bigint;
  exchanged: unknown;
  tricks: number | bigint | null;
  revoke: boolean | number | bigint;
}

/**
 * The evening's games with their seats and every deal's entries, in two reads of flat rows (an evening's review
 * reads hundreds of entries; bench:history), in the shape toGameRecord reads.
 */
export async function storedGamesOf(eveningId: string): Promise<(StoredGame & { id: string; number: number })[]> {
  const [seats, entries] = await readRows<[GameSeatRow[], DealEntryRow[]]>(
    sql`
      SELECT g."id" AS "id", g."number" AS "number", g."firstDealerSeat" AS "firstDealerSeat",
             gs."seat" AS "seat", p."name" AS "name"
      FROM "Game" g
      JOIN "GameSeat" gs ON gs."gameId" = g."id"
      JOIN "EveningPlayer" p ON p."id" = gs."playerId"
      WHERE g."eveningId" = ${eveningId}
      ORDER BY g."number", gs."seat"`,
    sql`
      SELECT d."gameId" AS "gameId", d."number" AS "number", d."clientKey" AS "clientKey", e."seat" AS "seat",
             e."plays" AS "plays",
             e."exchanged" AS "exchanged", e."tricks" AS "tricks", e."revoke" AS "revoke"
      FROM "Game" g
      JOIN "Deal" d ON d."gameId" = g."id"
      JOIN "DealEntry" e ON e."dealId" = d."id"
      WHERE g."eveningId" = ${eveningId}
      ORDER BY d."gameId", d."number", e."seat"`,
  );
  const games = new Map<string, StoredGame & { id: string; number: number }>();
  for (const row of seats) {
    let game = games.get(row.id);
    if (!game) {
      game = {
        id: row.id,
        number: Number(row.number),
        firstDealerSeat: Number(row.firstDealerSeat),
        seats: [],
        deals: [],
      };
      games.set(row.id, game);
    }
    game.seats.push({ seat: Number(row.seat), player: { name: row.name } });
  }
  let deal: StoredGame["deals"][number] | null = null;
  for (const row of entries) {
    const game = games.get(row.gameId)!;
    const number = Number(row.number);
    if (!deal || game.deals.at(-1) !== deal || deal.number !== number) {
      deal = { number, entries: [], clientKey: row.clientKey };
      game.deals.push(deal);
    }
    deal.entries.push({
      seat: Number(row.seat),
      plays: Boolean(Number(row.plays)),
      exchanged: jsonColumn(row.exchanged),
      tricks: row.tricks === null ? null : Number(row.tricks),
      revoke: Boolean(Number(row.revoke)),
    });
  }
  return [...games.values()];
}

/** An evening's own columns as a raw read gives them (each driver its own way: see readRows). */
export interface EveningColumns {
  id: string;
  title: string;
  date: unknown;
  place: string | null;
  variant: string;
  houseRules: unknown;
  stakes: unknown;
  shareMoney: boolean | number | bigint;
  showOdds: boolean | number | bigint;
  status: string;
  version: number | bigint;
  ownerId: string;
  shareToken: string | null;
  groupId: string | null;
}

interface EveningRow extends EveningColumns {
  ruleSetName: string | null;
  ownerName: string;
  inviteToken: string | null;
  /** The reader's own name, when the reader is the owner or a member. */
  viewer: string | null;
  member: boolean | number | bigint;
  groupName: string | null;
  /** Whether the reader is a member of the evening's group (and may open its page). */
  inGroup: boolean | number | bigint | null;
}

interface MemberRow {
  userId: string;
  username: string;
}

interface EditRow {
  id: string;
  gameId: string;
  dealNumber: number | bigint;
  action: string;
  by: string | null;
  at: unknown;
}

/**
 * An evening with every game scored by the rules engine, for its owner and members. One batch of flat reads
 * (decision 013): the evening with its owner and the reader's own row, its members, its games' seats and
 * entries, and the newest lines of its edit history with their authors' names. Nothing read leaves this
 * function before the reader's role is checked.
 */
export async function getEvening(actor: Actor, eveningId: string): Promise<EveningView> {
  const { userId } = requireSignedIn(actor);
  if (!isId(eveningId)) throw new AppError("not_found", { key: "errors.noEvening" });
  // Read together: nothing read leaves before the role is checked below.
  const [[[evening], members, edits], games] = await Promise.all([
    readRows<[EveningRow[], MemberRow[], EditRow[]]>(
      sql`
      SELECT e."id" AS "id", e."title" AS "title", e."date" AS "date", e."place" AS "place",
             e."variant" AS "variant", e."houseRules" AS "houseRules", e."stakes" AS "stakes",
             e."ruleSetName" AS "ruleSetName", e."shareMoney" AS "shareMoney", e."showOdds" AS "showOdds",
             e."status" AS "status",
             e."version" AS "version", e."ownerId" AS "ownerId", o."username" AS "ownerName",
             e."inviteToken" AS "inviteToken", e."shareToken" AS "shareToken", r."username" AS "viewer",
             e."groupId" AS "groupId", gr."name" AS "groupName",
             (SELECT COUNT(*) FROM "GroupMember" gm WHERE gm."groupId" = e."groupId" AND gm."userId" = ${userId})
               AS "inGroup",
             ${memberSql(userId)}
               AS "member"
      FROM "Evening" e
      JOIN "User" o ON o."id" = e."ownerId"
      LEFT JOIN "User" r ON r."id" = ${userId}
      LEFT JOIN "Group" gr ON gr."id" = e."groupId"
      WHERE e."id" = ${eveningId} AND e."importing" IS NULL`,
      sql`
      SELECT m."userId" AS "userId", u."username" AS "username"
      FROM "EveningMember" m JOIN "User" u ON u."id" = m."userId"
      WHERE m."eveningId" = ${eveningId}
      ORDER BY m."createdAt"`,
      sql`
      SELECT d."id" AS "id", d."gameId" AS "gameId", d."dealNumber" AS "dealNumber", d."action" AS "action",
             u."username" AS "by", d."at" AS "at"
      FROM "DealEdit" d
      JOIN "Game" g ON g."id" = d."gameId"
      LEFT JOIN "User" u ON u."id" = d."byId"
      WHERE g."eveningId" = ${eveningId}
      ORDER BY d."at" DESC, d."dealNumber" DESC
      LIMIT ${EDIT_LINES}`,
    ),
    storedGamesOf(eveningId),
  ]);
  const role: Role | null = evening?.ownerId === userId ? "owner" : evening && Number(evening.member) ? "member" : null;
  if (!evening || !role) throw new AppError("not_found", { key: "errors.noEvening" });
  const gameNumbers = new Map(games.map((g) => [g.id, g.number]));
  const houseRules = (jsonColumn(evening.houseRules) ?? {}) as Record<string, unknown>;
  return {
    id: evening.id,
    title: evening.title,
    date: dateColumn(evening.date),
    place: evening.place,
    variant: evening.variant,
    houseRules,
    stakes: (jsonColumn(evening.stakes) ?? null) as Stakes | null,
    ruleSetName: evening.ruleSetName,
    shareMoney: Boolean(Number(evening.shareMoney)),
    showOdds: Boolean(Number(evening.showOdds)),
    status: evening.status,
    version: Number(evening.version),
    role,
    viewer: evening.viewer ?? "?",
    ownerId: evening.ownerId,
    ownerName: evening.ownerName,
    members,
    inviteToken: role === "owner" ? evening.inviteToken : null,
    shareToken: role === "owner" ? evening.shareToken : null,
    group: evening.groupId
      ? { id: evening.groupId, name: evening.groupName ?? "", member: Number(evening.inGroup ?? 0) > 0 }
      : null,
    edits: edits.map((e) => ({
      id: e.id,
      gameNumber: gameNumbers.get(e.gameId)!,
      dealNumber: Number(e.dealNumber),
      action: e.action as EditView["action"],
      by: e.by ?? "?",
      at: dateColumn(e.at),
    })),
    games: games.map((game) => {
      const record = toGameRecord({ variant: evening.variant, houseRules }, game);
      const evaluation = evaluateGame(record);
      // Stored deals were accepted by the engine one by one, so a stored game always scores.
      if (!evaluation.ok) throw new RulesError(evaluation.problems);
      // Each deal's key: what an edit or deletion names, so it never lands on another deal of the same entries.
      const keys = game.deals.map((d) => d.clientKey ?? null);
      return { id: game.id, number: game.number, record, result: evaluation.result, keys };
    }),
  };
}

/** The evening's version, bumped on every change: phones compare it to know when to reload. */
export async function getEveningVersion(actor: Actor, eveningId: string): Promise<number> {
  const db = getDb();
  await requireRole(db, actor, eveningId, ["owner", "member"]);
  const evening = await db.evening.findUniqueOrThrow({ where: { id: eveningId }, select: { version: true } });
  return evening.version;
}
