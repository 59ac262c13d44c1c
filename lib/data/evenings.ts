/** Evenings: create, list, load, start the next game, end. Permission checks inside every operation. */
import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { dateColumn, getDb, jsonColumn, readRows, sql, type Tx } from "@/lib/db/client";
import { AppError, invalidInput, refusedByRules } from "@/lib/errors";
import {
  evaluateGame,
  MAX_NAME_LENGTH,
  parseSetup,
  VARIANTS,
  type GameRecord,
  type GameResult,
  type Stakes,
  RulesError,
} from "@/lib/rules";
import { inTransaction, markEveningChanged } from "./changes";
import { memberSql, requireRole, requireSignedIn, type Actor, type Role } from "./access";
import { distinctPeople, EveningDetailsSchema } from "@/lib/schemas/evening";
import { EDIT_LINES } from "@/lib/schemas/sizes";
import { nameKey } from "@/lib/schemas/names";
import { IMPORT_LIMITS } from "@/lib/transfer/limits";
import { IdSchema, isId, TextSchema } from "./input";
import { toGameRecord, type StoredGame } from "./game-record";
import { checkRules, getRuleSet } from "./rule-sets";

/** An unguessable token for links: 192 random bits. */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}

const Name = TextSchema(MAX_NAME_LENGTH, "field.nameNeeded");

export const CreateEveningSchema = EveningDetailsSchema.extend({
  players: z.array(Name).min(1, "field.addPlayers").max(10, "field.atMostPlayers").superRefine(distinctPeople),
  firstDealerSeat: z.number().int().min(0).max(9).default(0),
  /** A saved rule set of the actor's: its house rules and stakes are copied to the evening (pinned). */
  ruleSetId: IdSchema.optional(),
  /** Stakes in whole minor units, when no rule set is named; null or absent: not played for money. */
  stakes: z.unknown().nullish(),
});
export type CreateEveningInput = z.input<typeof CreateEveningSchema>;

export const StartGameSchema = z.object({
  eveningId: IdSchema,
  players: z.array(Name).min(1).max(10).superRefine(distinctPeople),
  firstDealerSeat: z.number().int().min(0).max(9),
});
export type StartGameInput = z.input<typeof StartGameSchema>;

/** Checks players, variant and house rules with the rules engine; throws a validation error listing its problems. */
function checkSetup(record: Omit<GameRecord, "deals">): void {
  const { problems } = parseSetup({ ...record, deals: [] });
  if (problems.length) throw refusedByRules(problems);
}

async function seatPlayers(tx: Tx, ownerId: string, eveningId: string, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const existing = await tx.eveningPlayer.findUnique({
      where: { eveningId_name: { eveningId, name } },
      select: { id: true },
    });
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const person = await tx.person.upsert({
      where: { ownerId_name: { ownerId, name } },
      create: { ownerId, name },
      update: {},
      select: { id: true },
    });
    const player = await tx.eveningPlayer.create({
      data: { eveningId, personId: person.id, name },
      select: { id: true },
    });
    ids.push(player.id);
  }
  return ids;
}

export async function createEvening(actor: Actor, input: CreateEveningInput): Promise<{ id: string }> {
  const { userId } = requireSignedIn(actor);
  const parsed = CreateEveningSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const data = parsed.data;
  let rules: { houseRules: Record<string, unknown>; stakes?: unknown } = data;
  let ruleSetName: string | null = null;
  if (data.ruleSetId) {
    const set = await getRuleSet(actor, data.ruleSetId);
    if (set.variant !== data.variant) {
      const params = { name: set.name, set: VARIANTS[set.variant].name, game: VARIANTS[data.variant].name };
      throw new AppError("validation", { key: "errors.ruleSetOtherGame", params });
    }
    rules = set;
    ruleSetName = set.name;
  }
  const { houseRules, stakes } = checkRules(data.variant, rules.houseRules, rules.stakes);
  checkSetup({
    variant: data.variant,
    houseRules,
    players: data.players,
    firstDealer: data.players[data.firstDealerSeat] ?? "\u0000no such seat",
  });
  return getDb().$transaction(async (tx) => {
    const evening = await tx.evening.create({
      data: {
        ownerId: userId,
        title: data.title,
        date: new Date(`${data.date}T00:00:00Z`),
        place: data.place || null,
        variant: data.variant,
        houseRules: houseRules as object,
        stakes: stakes ? { ...stakes } : undefined,
        ruleSetName,
        shareToken: newToken(),
        inviteToken: newToken(),
      },
      select: { id: true },
    });
    const playerIds = await seatPlayers(tx, userId, evening.id, data.players);
    await tx.game.create({
      data: {
        eveningId: evening.id,
        number: 1,
        firstDealerSeat: data.firstDealerSeat,
        seats: { create: playerIds.map((playerId, seat) => ({ seat, playerId })) },
      },
    });
    return evening;
  });
}

export const gameInclude = {
  seats: { select: { seat: true, player: { select: { name: true } } } },
  deals: {
    orderBy: { number: "asc" },
    select: {
      number: true,
      recordedAt: true,
      entries: { select: { seat: true, plays: true, exchanged: true, tricks: true, revoke: true } },
    },
  },
} as const;

/** An evening with every game and its deals: what scoring, export and the scoreboard read. */
export const eveningWithGamesSelect = {
  id: true,
  title: true,
  date: true,
  place: true,
  variant: true,
  houseRules: true,
  status: true,
  games: { orderBy: { number: "asc" }, include: gameInclude },
} as const;

export interface GameView {
  id: string;
  number: number;
  record: GameRecord;
  result: GameResult;
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
async function storedGamesOf(eveningId: string): Promise<(StoredGame & { id: string; number: number })[]> {
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
      SELECT d."gameId" AS "gameId", d."number" AS "number", e."seat" AS "seat", e."plays" AS "plays",
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
      deal = { number, entries: [] };
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

interface EveningRow {
  id: string;
  title: string;
  date: unknown;
  place: string | null;
  variant: string;
  houseRules: unknown;
  stakes: unknown;
  ruleSetName: string | null;
  shareMoney: boolean | number | bigint;
  status: string;
  version: number | bigint;
  ownerId: string;
  ownerName: string;
  inviteToken: string | null;
  shareToken: string | null;
  /** The reader's own name, when the reader is the owner or a member. */
  viewer: string | null;
  member: boolean | number | bigint;
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
             e."ruleSetName" AS "ruleSetName", e."shareMoney" AS "shareMoney", e."status" AS "status",
             e."version" AS "version", e."ownerId" AS "ownerId", o."username" AS "ownerName",
             e."inviteToken" AS "inviteToken", e."shareToken" AS "shareToken", r."username" AS "viewer",
             ${memberSql(userId)}
               AS "member"
      FROM "Evening" e
      JOIN "User" o ON o."id" = e."ownerId"
      LEFT JOIN "User" r ON r."id" = ${userId}
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
    status: evening.status,
    version: Number(evening.version),
    role,
    viewer: evening.viewer ?? "?",
    ownerId: evening.ownerId,
    ownerName: evening.ownerName,
    members,
    inviteToken: role === "owner" ? evening.inviteToken : null,
    shareToken: role === "owner" ? evening.shareToken : null,
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
      return { id: game.id, number: game.number, record, result: evaluation.result };
    }),
  };
}

/** Starts the next game with the seats given; the current game must be over. */
export async function startGame(actor: Actor, input: StartGameInput): Promise<{ id: string; number: number }> {
  const parsed = StartGameSchema.safeParse(input);
  if (!parsed.success) throw invalidInput(parsed.error);
  const { eveningId, players, firstDealerSeat } = parsed.data;
  return inTransaction(async (tx) => {
    const role = await requireRole(tx, actor, eveningId, ["owner", "member"]);
    const evening = await tx.evening.findUniqueOrThrow({
      where: { id: eveningId },
      include: { games: { orderBy: { number: "desc" }, take: 1, include: gameInclude } },
    });
    if (evening.status !== "open") throw new AppError("conflict", { key: "errors.eveningEnded" });
    const last = evening.games[0];
    // As many games as an evening may bring to an import, so its export always imports again.
    if ((last?.number ?? 0) >= IMPORT_LIMITS.gamesPerEvening)
      throw new AppError("conflict", { key: "errors.eveningFull", params: { max: IMPORT_LIMITS.gamesPerEvening } });
    if (last && !evaluateGame(toGameRecord(evening, last)).result?.winners.length) {
      throw new AppError("conflict", { key: "errors.gameInProgress", params: { n: last.number } });
    }
    checkSetup({
      variant: evening.variant as GameRecord["variant"],
      houseRules: evening.houseRules as object,
      players,
      firstDealer: players[firstDealerSeat] ?? "\u0000",
    });
    await checkNewSeats(tx, role, eveningId, players);
    const playerIds = await seatPlayers(tx, evening.ownerId, eveningId, players);
    const game = await tx.game.create({
      data: {
        eveningId,
        number: (last?.number ?? 0) + 1,
        firstDealerSeat,
        seats: { create: playerIds.map((playerId, seat) => ({ seat, playerId })) },
      },
      select: { id: true, number: true },
    });
    await markEveningChanged(tx, eveningId, "game");
    return game;
  });
}

/**
 * The seats of a next game against the evening's players so far (docs/security.md): any member may seat the
 * evening's players anew, only the owner may bring a new one — who joins the owner's list of people — and a
 * new name may not be one of the evening's players written differently.
 */
async function checkNewSeats(tx: Tx, role: Role, eveningId: string, players: string[]): Promise<void> {
  const known = (await tx.eveningPlayer.findMany({ where: { eveningId }, select: { name: true } })).map((p) => p.name);
  const newcomers = players.filter((name) => !known.includes(name));
  if (!newcomers.length) return;
  if (role !== "owner")
    throw new AppError("forbidden", { key: "errors.newPlayerOwnerOnly", params: { name: newcomers[0]! } });
  const seen = new Map(known.map((name) => [nameKey(name), name]));
  for (const name of newcomers) {
    const earlier = seen.get(nameKey(name));
    if (earlier !== undefined)
      throw new AppError(
        "validation",
        { key: "errors.fields" },
        { fields: { players: [{ key: "field.samePerson", params: { a: earlier, b: name } }] } },
      );
    seen.set(nameKey(name), name);
  }
}

export async function endEvening(actor: Actor, eveningId: string): Promise<void> {
  await inTransaction(async (tx) => {
    await requireRole(tx, actor, eveningId, ["owner"]);
    await tx.evening.update({ where: { id: eveningId }, data: { status: "ended" } });
    await markEveningChanged(tx, eveningId, "evening");
  });
}

/** The evening's version, bumped on every change: phones compare it to know when to reload. */
export async function getEveningVersion(actor: Actor, eveningId: string): Promise<number> {
  const db = getDb();
  await requireRole(db, actor, eveningId, ["owner", "member"]);
  const evening = await db.evening.findUniqueOrThrow({ where: { id: eveningId }, select: { version: true } });
  return evening.version;
}

/** Names of people the user has played with, most recent first, to offer when starting an evening. */
export async function listPlayerNames(actor: Actor): Promise<string[]> {
  const { userId } = requireSignedIn(actor);
  const [people] = await readRows<[{ name: string }[]]>(sql`
    SELECT p."name" AS "name" FROM "Person" p
    WHERE p."ownerId" = ${userId}
    ORDER BY p."createdAt" DESC
    LIMIT 200`);
  return people.map((p) => p.name);
}

/** Becomes a member through the owner's invite link. */
export async function joinEvening(actor: Actor, inviteToken: string): Promise<{ id: string; title: string }> {
  const { userId } = requireSignedIn(actor);
  if (!isId(inviteToken)) throw new AppError("not_found", { key: "errors.inviteInvalid" });
  return inTransaction(async (tx) => {
    const evening = await tx.evening.findUnique({
      where: { inviteToken },
      select: { id: true, title: true, ownerId: true, status: true },
    });
    // An ended evening takes no new members: its invite link admits nobody.
    if (!evening || (evening.status !== "open" && evening.ownerId !== userId))
      throw new AppError("not_found", { key: "errors.inviteGone" });
    if (evening.ownerId !== userId) {
      await tx.eveningMember.upsert({
        where: { eveningId_userId: { eveningId: evening.id, userId } },
        create: { eveningId: evening.id, userId },
        update: {},
      });
      await markEveningChanged(tx, evening.id, "members");
    }
    return { id: evening.id, title: evening.title };
  });
}

/** What an invite link shows before joining: the evening's title, for anyone who holds the link. */
export async function describeInvite(inviteToken: string): Promise<{ title: string; owner: string } | null> {
  if (!isId(inviteToken)) return null;
  const evening = await getDb().evening.findUnique({
    where: { inviteToken, status: "open" },
    select: { title: true, owner: { select: { username: true } } },
  });
  return evening ? { title: evening.title, owner: evening.owner.username } : null;
}

export async function removeMember(actor: Actor, eveningId: string, memberId: string): Promise<void> {
  await inTransaction(async (tx) => {
    await requireRole(tx, actor, eveningId, ["owner"]);
    await tx.eveningMember.deleteMany({ where: { eveningId, userId: memberId } });
    // The removed member knows the invite link: it is replaced, so they cannot simply join again.
    await tx.evening.update({ where: { id: eveningId }, data: { inviteToken: newToken() } });
    await markEveningChanged(tx, eveningId, "members");
  });
}

/** Replaces the invite link: the old one stops working. */
export async function rotateInvite(actor: Actor, eveningId: string): Promise<void> {
  await inTransaction(async (tx) => {
    await requireRole(tx, actor, eveningId, ["owner"]);
    await tx.evening.update({ where: { id: eveningId }, data: { inviteToken: newToken() } });
    await markEveningChanged(tx, eveningId, "invite");
  });
}
