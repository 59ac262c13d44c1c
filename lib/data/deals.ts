/**
 * Deals: record, edit, delete. Each runs in one transaction: permission check, the rules engine over the
 * whole game, then the write — so a refused deal writes nothing, and the unique (game, number) key makes a
 * second phone's copy of the same deal fail instead of being stored twice.
 */
import "server-only";
import { z } from "zod";
import { getDb, jsonColumn, runStatement, sql, sqliteDirect, type Tx } from "@/lib/db/client";
import { AppError, parseInput, refusedByRules } from "@/lib/errors";
import {
  sameEntries,
  scorerAfter,
  evaluateGame,
  scoreGame,
  type DealResult,
  type GameResult,
  type GameRecord,
} from "@/lib/rules";
import type { Entries } from "@/lib/rules";
import { sessionLive, sessionSeenLive } from "@/lib/data/sessions";
import { memberSql, requireSignedIn, type Actor } from "./access";
import {
  asEntries,
  DeleteDealSchema,
  EditDealSchema,
  RecordDealSchema,
  SeenSchema,
  type DeleteDealInput,
  type EditDealInput,
  type RecordDealInput,
} from "@/lib/schemas/deal";
import { IdSchema } from "@/lib/schemas/ids";
import { MAX_DEALS_PER_GAME } from "@/lib/transfer/limits";
import { withDatabaseRetry } from "./retry";
import { gameInclude } from "./game-record";
import { cachedGame, forgetGame, latestGame, rememberGame, writing, type GameState } from "./game-cache";
import { saveSummary } from "./game-summary";
import { announceEveningChange, inTransaction, markEveningChanged, versionClaim } from "./changes";
import { insertEdit, recordedDealStatementPg, recordedDealStatements } from "./deal-sql";
import { toEntryRows, toGameRecord } from "./game-record";
import { isUniqueViolation } from "./prisma-errors";
import { keepAnswer, once, removedKeys, spendKey } from "./applied-changes";
import type { GameDeals } from "@/lib/schemas/deal-api";

/** A deal's input, read by its schema: a deal that cannot be read says so, field by field. */
const parse = <T>(schema: z.ZodType<T>, input: unknown): T =>
  parseInput(schema, input, { key: "errors.dealUnreadable" });

interface HeadRow {
  id: string;
  version: number | bigint;
  variant: string;
  houseRules: unknown;
  status: string;
  ownerId: string;
  member: boolean | number | bigint;
}

/** The evening behind a game, and whether the actor has a seat at it: one statement for the hot path. */
function headQuery(gameId: string, userId: string) {
  return sql`
    SELECT e."id" AS "id", e."version" AS "version", e."variant" AS "variant", e."houseRules" AS "houseRules",
           e."status" AS "status", e."ownerId" AS "ownerId",
           ${memberSql(userId)} AS "member"
    FROM "Game" g JOIN "Evening" e ON e."id" = g."eveningId"
    WHERE g."id" = ${gameId}`;
}

/** The evening of the head row, if the actor may write to its games now; throws otherwise. */
function writableEvening(row: HeadRow | undefined, userId: string) {
  // Not found and not allowed look the same, so game ids can't be probed.
  if (!row || (row.ownerId !== userId && !Number(row.member)))
    throw new AppError("not_found", { key: "errors.noGame" });
  if (row.status !== "open") throw new AppError("conflict", { key: "errors.dealsFrozen" });
  return {
    id: row.id,
    version: Number(row.version),
    variant: row.variant,
    houseRules: jsonColumn(row.houseRules),
    status: row.status,
  };
}

/**
 * Loads a game for writing. One small read checks the actor's right to write and the evening's version; the
 * deals come from the per-process cache when that version matches, else from the database.
 */
async function loadGame(tx: Tx, actor: Actor, gameId: string): Promise<GameState & { userId: string }> {
  const { userId } = requireSignedIn(actor);
  const evening = writableEvening((await tx.$queryRaw<HeadRow[]>(headQuery(gameId, userId)))[0], userId);
  const cached = cachedGame(gameId, evening.version);
  if (cached) return { ...cached, userId };
  const game = await tx.game.findUniqueOrThrow({
    where: { id: gameId },
    select: {
      firstDealerSeat: true,
      seats: gameInclude.seats,
      deals: {
        orderBy: { number: "asc" },
        select: { number: true, clientKey: true, entries: gameInclude.deals.select.entries },
      },
    },
  });
  // Read after the version: if a write landed in between, the version has moved on and this entry never matches.
  const state: GameState = {
    eveningId: evening.id,
    version: evening.version,
    record: toGameRecord(evening, game),
    clientKeys: game.deals.map((d) => d.clientKey),
    removedKeys: await removedKeys(tx, gameId),
  };
  rememberGame(gameId, state);
  return { ...state, userId };
}

/**
 * Claims the next version of the evening, or fails if anyone changed it since it was read: the check that
 * makes validate-then-write safe when phones or instances write at once.
 */
async function claimVersion(tx: Tx, state: GameState, now: Date): Promise<number> {
  if (!(await markEveningChanged(tx, state.eveningId, "deals", { expectedVersion: state.version, now })))
    throw new RaceLost();
  return state.version + 1;
}

/** Another write to the evening committed between this one's read and its write. */
class RaceLost extends AppError {
  constructor() {
    super("conflict", { key: "errors.race" });
  }
}

function snapshot(record: GameRecord, number: number): Entries | null {
  return record.deals[number - 1]?.entries ?? null;
}

/**
 * Deal `number` as stored, to be changed: refused when there is none, or when it is not the deal the phone saw —
 * other entries, or another deal's key (one of the same entries that moved into its number).
 */
function dealToChange(
  state: GameState,
  number: number,
  expected: z.infer<typeof SeenSchema>,
  expectedKey: string | undefined,
): Entries {
  const before = snapshot(state.record, number);
  if (!before) throw new AppError("not_found", { key: "errors.noDeal", params: { n: number } });
  const otherDeal = expectedKey !== undefined && state.clientKeys[number - 1] !== expectedKey;
  if (otherDeal || (expected && !sameEntries(before, asEntries(expected)))) {
    throw new AppError("conflict", { key: "errors.dealChanged", params: { n: number } });
  }
  return before;
}

export interface RecordedDeal {
  number: number;
  /** The deal's result; null for a repeat of a deal deleted since (decision 023). */
  result: DealResult | null;
  /** True when this was a retry of a deal already stored. */
  duplicate: boolean;
  /**
   * The evening's version this write made (absent for a retry): a phone that sees exactly the next version of
   * what it shows applies the deal itself instead of reloading.
   */
  version?: number;
}

function duplicateOf(state: GameState, clientKey: string | undefined): RecordedDeal | null {
  const index = clientKey ? state.clientKeys.indexOf(clientKey) : -1;
  const removed = clientKey ? state.removedKeys?.get(clientKey) : undefined;
  // Recorded, then deleted: a late repeat of its recording is answered, never stored again.
  if (index < 0 && removed !== undefined) return { number: removed, result: null, duplicate: true };
  if (index < 0) return null;
  const result = evaluateGame(state.record).result!;
  return { number: index + 1, result: result.deals[index]!, duplicate: true };
}

export async function recordDeal(actor: Actor, input: RecordDealInput, unconfirmed?: string): Promise<RecordedDeal> {
  const parsed = parse(RecordDealSchema, input);
  return withDatabaseRetry(async () => {
    let confirmed = actor;
    if (unconfirmed !== undefined && actor) {
      // PostgreSQL, a session not checked lately (lib/auth/session.ts): the deal's statement checks it, and
      // writes only while it is live. Otherwise it is checked here before anything else is looked at.
      const own = parsed.account === undefined || parsed.account === actor.userId;
      const stored =
        own && !(await sqliteDirect()) ? await recordInOneStatement(actor, parsed, false, unconfirmed) : null;
      if (stored) {
        sessionSeenLive(unconfirmed, actor.userId);
        return stored;
      }
      if (!(await sessionLive(unconfirmed, actor.userId))) confirmed = null;
    }
    if (parsed.account !== undefined && parsed.account !== requireSignedIn(confirmed).userId)
      throw new AppError("unauthenticated", { key: "errors.otherAccount" });
    return recordParsedDeal(confirmed, parsed);
  });
}

/** What recording a deal into a game in `state` comes to: a retry's answer, or the deal to store and its result. */
type Decision = { duplicate: RecordedDeal } | { deal: GameRecord["deals"][number]; result: DealResult };

/** Checks the deal against the game as it stands (the rules engine over every deal); throws its refusal. */
function decide(state: GameState, { number, entries, clientKey }: z.infer<typeof RecordDealSchema>): Decision {
  const duplicate = duplicateOf(state, clientKey);
  if (duplicate) return { duplicate };
  const { record } = state;
  const next = record.deals.length + 1;
  if (number > next) throw new AppError("conflict", { key: "errors.dealNotNext", params: { n: number, next } });
  if (number !== next) throw new AppError("conflict", { key: "errors.dealTaken", params: { n: number, next } });
  if (number > MAX_DEALS_PER_GAME)
    throw new AppError("validation", { key: "errors.gameFull", params: { max: MAX_DEALS_PER_GAME } });
  const deal = { entries: asEntries(entries) };
  const created = scorerAfter(record);
  if (!created.ok) throw refusedByRules(created.problems);
  const pushed = created.scorer.push(deal);
  if (!pushed.ok) throw refusedByRules(pushed.problems);
  return { deal, result: pushed.result! };
}

/** The game's state once `deal` is stored, at the version the write claimed. */
function stateAfter(state: GameState, deal: GameRecord["deals"][number], clientKey: string | undefined): GameState {
  return {
    ...state,
    version: state.version + 1,
    changedFrom: state.version,
    record: { ...state.record, deals: [...state.record.deals, deal] },
    clientKeys: [...state.clientKeys, clientKey ?? null],
  };
}

/** The rows that store `deal`. */
function rowsOf(
  state: GameState,
  userId: string,
  input: z.infer<typeof RecordDealSchema>,
  deal: GameRecord["deals"][number],
) {
  return {
    gameId: input.gameId,
    number: input.number,
    userId,
    clientKey: input.clientKey ?? null,
    entries: toEntryRows(state.record.players, deal.entries),
  };
}

async function recordParsedDeal(actor: Actor, input: z.infer<typeof RecordDealSchema>): Promise<RecordedDeal> {
  const { gameId, number, clientKey } = input;
  const db = getDb();
  try {
    let direct = await recordWithoutTransaction(actor, input, false);
    // The game not cached at the evening's version (its first deal, or a change elsewhere in the evening): read it
    // once (no transaction: the read is checked against the version by the write), then write it so.
    if (!direct) {
      await loadGame(db, actor, gameId);
      direct = await recordWithoutTransaction(actor, input, true);
    }
    if (direct) return direct;
    return await inTransaction(async (tx) => {
      const state = await loadGame(tx, actor, gameId);
      const decision = decide(state, input);
      if ("duplicate" in decision) return decision.duplicate;
      // The writes are plain SQL (lib/data/deal-sql.ts): this is the path every deal of an evening takes.
      const now = new Date();
      await claimVersion(tx, state, now);
      for (const statement of recordedDealStatements(rowsOf(state, state.userId, input, decision.deal), now))
        await tx.$executeRaw(statement);
      // The statistics summary is not written here: it is a cache of the deals, and a count behind the
      // game's deals marks it stale, so the next statistics page refolds it (game-summary.ts).
      const after = stateAfter(state, decision.deal, clientKey);
      return { number, result: decision.result, duplicate: false, version: after.version, after };
    }).then(({ after, ...recorded }: RecordedDeal & { after?: GameState }) => {
      if (after) rememberGame(gameId, after); // only once committed
      return recorded;
    });
  } catch (error) {
    if (!isUniqueViolation(error) && !(error instanceof RaceLost)) throw error;
    // Lost a race. Either this was a retry racing its own first attempt (then the deal is stored once and
    // this answer says so), or another phone stored this deal first.
    forgetGame(gameId);
    const state = await db.$transaction((tx) => loadGame(tx, actor, gameId)).catch(() => null);
    const duplicate = state && duplicateOf(state, clientKey);
    if (duplicate) return duplicate;
    if (state && state.record.deals.length >= number)
      throw new AppError("conflict", { key: "errors.dealJustTaken", params: { n: number } });
    throw error instanceof AppError ? error : new RaceLost();
  }
}

/**
 * Recording a deal of a game this process knows without an interactive transaction: on SQLite one synchronous
 * transaction (recordDirect), on PostgreSQL one statement (recordInOneStatement). Null when the game is not known
 * at the evening's version: the caller reads it (which checks the actor's right) and tries again, or takes the
 * interactive transaction. `allowed`: the actor's right to write was checked at the cached version.
 */
async function recordWithoutTransaction(
  actor: Actor,
  input: z.infer<typeof RecordDealSchema>,
  allowed: boolean,
): Promise<RecordedDeal | null> {
  return (await sqliteDirect()) ? recordDirect(actor, input) : recordInOneStatement(actor, input, allowed);
}

/**
 * PostgreSQL, with the game in this process's cache: the deal is checked against the cached game and written in
 * one statement (lib/data/deal-sql.ts) that claims the evening's next version only from the cached one and only
 * for someone who may write — one round trip instead of the interactive transaction's eight. Null when that claim
 * fails (someone changed the evening, or the actor may not write) or, before the actor's right is known, when the
 * deal is refused or a retry: the general path then answers, after its own checks, so nothing about a game is
 * told to someone who may not see it. `session`: the actor's session when this process has not checked it lately —
 * the claim then takes a row only while it is live too, and a null answer leaves the check to the caller.
 */
async function recordInOneStatement(
  actor: Actor,
  input: z.infer<typeof RecordDealSchema>,
  allowed: boolean,
  session?: string,
): Promise<RecordedDeal | null> {
  const { userId } = requireSignedIn(actor);
  const state = latestGame(input.gameId);
  if (!state) return null;
  let decision: Decision;
  try {
    decision = decide(state, input);
  } catch (error) {
    if (allowed) throw error;
    return null;
  }
  if ("duplicate" in decision) return allowed ? decision.duplicate : null;
  const now = new Date();
  const rows = rowsOf(state, userId, input, decision.deal);
  const claim = { eveningId: state.eveningId, version: state.version, userId, session };
  const after = stateAfter(state, decision.deal, input.clientKey);
  // Under way until remembered: the live scoreboard may hear of it (NOTIFY) before this answer (game-cache.ts).
  const stored = await writing(state.eveningId, async () => {
    if ((await runStatement(recordedDealStatementPg(rows, claim, now), { prepared: true })) !== 1) return false;
    rememberGame(input.gameId, after);
    return true;
  });
  if (!stored) return null;
  return { number: input.number, result: decision.result, duplicate: false, version: after.version };
}

/**
 * SQLite, with the game in this process's cache (every deal of an evening after the first): the whole
 * recording — the permission and version check, the rules engine, the writes — as one synchronous
 * transaction on the app's connection (lib/db/sqlite-statements.ts). Null when the game is not cached at the
 * stored version; the general path then loads it.
 */
async function recordDirect(actor: Actor, input: z.infer<typeof RecordDealSchema>): Promise<RecordedDeal | null> {
  const direct = await sqliteDirect();
  if (!direct) return null;
  const { userId } = requireSignedIn(actor);
  const outcome = await direct.transaction((db) => {
    const evening = writableEvening(db.all<HeadRow>(headQuery(input.gameId, userId))[0], userId);
    const state = cachedGame(input.gameId, evening.version);
    if (!state) return null;
    const decision = decide(state, input);
    if ("duplicate" in decision) return { recorded: decision.duplicate, after: null };
    const now = new Date();
    db.run(versionClaim(state.eveningId, state.version, now));
    for (const statement of recordedDealStatements(rowsOf(state, userId, input, decision.deal), now)) db.run(statement);
    const after = stateAfter(state, decision.deal, input.clientKey);
    const recorded = { number: input.number, result: decision.result, duplicate: false, version: after.version };
    return { recorded, after };
  });
  if (!outcome) return null;
  if (outcome.after) {
    rememberGame(input.gameId, outcome.after);
    announceEveningChange(outcome.after.eveningId, "deals", outcome.after.version);
  }
  return outcome.recorded;
}

/** Scores the game as it would be with the change, or throws the engine's problems. */
function rescore(record: GameRecord, deals: GameRecord["deals"]) {
  const evaluation = evaluateGame({ ...record, deals });
  if (!evaluation.ok) throw refusedByRules(evaluation.problems);
  return evaluation.result;
}

/**
 * A game that was won stays won once a later game has started (decision 016): the next game began from its
 * result, and an evening whose earlier game is unfinished is not an evening the rules know — its export would
 * not import again. Changing who won is allowed; taking the win away is refused.
 */
async function keepWonBehindLaterGames(tx: Tx, state: GameState, gameId: string, after: GameResult): Promise<void> {
  if (after.winners.length || !scoreGame(state.record).winners.length) return;
  const { number } = await tx.game.findUniqueOrThrow({ where: { id: gameId }, select: { number: true } });
  const later = await tx.game.count({ where: { eveningId: state.eveningId, number: { gt: number } } });
  if (later)
    throw new AppError("conflict", { key: "errors.laterGameStarted", params: { n: number, next: number + 1 } });
}

/**
 * What an edit or a deletion made: the deal's number and the evening's version after it; `duplicate` when it
 * is the first answer given again to a repeat of the change's key (nothing was changed this time).
 */
export interface ChangedDeal {
  number: number;
  version: number;
  duplicate?: true;
}

/** Runs a keyed change of a game once (lib/data/applied-changes.ts); a change without a key every time. */
function onceForKey(
  actor: Actor,
  key: string | undefined,
  kind: "edit" | "delete",
  apply: () => Promise<ChangedDeal>,
): Promise<ChangedDeal> {
  const userId = key ? requireSignedIn(actor).userId : "";
  return once(key ? { userId, key, kind } : null, apply, (read) => getDb().$transaction((tx) => read(tx)));
}

export async function editDeal(actor: Actor, input: EditDealInput): Promise<ChangedDeal> {
  const parsed = parse(EditDealSchema, input);
  return withDatabaseRetry(() => onceForKey(actor, parsed.key, "edit", () => editParsedDeal(actor, parsed)));
}

async function editParsedDeal(
  actor: Actor,
  { gameId, number, entries, expected, expectedKey, key, clientKey }: z.infer<typeof EditDealSchema>,
): Promise<ChangedDeal> {
  forgetGame(gameId);
  const version = await inTransaction(async (tx) => {
    const state = await loadGame(tx, actor, gameId);
    const before = dealToChange(state, number, expected, expectedKey);
    // Keep mine names this phone's own recording, which the game never stored: a key the game holds or held (this
    // deal's too — another account's recording) is never taken over.
    if (clientKey && (state.clientKeys.includes(clientKey) || state.removedKeys?.has(clientKey)))
      throw new AppError("conflict", { key: "errors.keyReused" });
    const deals = state.record.deals.map((d, i) => (i === number - 1 ? { entries: asEntries(entries) } : d));
    const result = rescore(state.record, deals);
    await keepWonBehindLaterGames(tx, state, gameId, result);
    const now = new Date();
    const claimed = await claimVersion(tx, state, now);
    await saveSummary(tx, gameId, { ...state.record, deals }, result);
    const deal = await tx.deal.findUniqueOrThrow({
      where: { gameId_number: { gameId, number } },
      select: { id: true },
    });
    if (clientKey) await tx.deal.update({ where: { id: deal.id }, data: { clientKey, recordedById: state.userId } });
    await tx.dealEntry.deleteMany({ where: { dealId: deal.id } });
    await tx.dealEntry.createMany({
      data: toEntryRows(state.record.players, asEntries(entries)).map((row) => ({ ...row, dealId: deal.id })),
    });
    await insertEdit(
      tx,
      { gameId, dealNumber: number, action: "edit", byId: state.userId, before, after: entries },
      now,
    );
    if (key) await keepChangeAnswer(tx, state, key, "edit", { number, version: claimed });
    return claimed;
  });
  forgetGame(gameId);
  return { number, version };
}

/** The first answer of a keyed edit or deletion, kept in its transaction (lib/data/applied-changes.ts). */
function keepChangeAnswer(
  tx: Tx,
  state: GameState & { userId: string },
  key: string,
  kind: "edit" | "delete",
  answer: ChangedDeal,
) {
  return keepAnswer(tx, { userId: state.userId, key, eveningId: state.eveningId, kind, answer });
}

export async function deleteDeal(actor: Actor, input: DeleteDealInput): Promise<ChangedDeal> {
  const parsed = parse(DeleteDealSchema, input);
  return withDatabaseRetry(() => onceForKey(actor, parsed.key, "delete", () => deleteParsedDeal(actor, parsed)));
}

async function deleteParsedDeal(
  actor: Actor,
  { gameId, number, expected, expectedKey, key }: z.infer<typeof DeleteDealSchema>,
): Promise<ChangedDeal> {
  forgetGame(gameId);
  const version = await inTransaction(async (tx) => {
    const state = await loadGame(tx, actor, gameId);
    const before = dealToChange(state, number, expected, expectedKey);
    const deals = state.record.deals.filter((_, i) => i !== number - 1);
    const result = rescore(state.record, deals);
    await keepWonBehindLaterGames(tx, state, gameId, result);
    const now = new Date();
    const claimed = await claimVersion(tx, state, now);
    await saveSummary(tx, gameId, { ...state.record, deals }, result);
    const removed = await tx.deal.delete({
      where: { gameId_number: { gameId, number } },
      select: { clientKey: true, recordedById: true },
    });
    // Its recording's key is spent: a late repeat of it is answered as recorded, and not stored again.
    if (removed.clientKey)
      await spendKey(tx, {
        userId: removed.recordedById,
        key: removed.clientKey,
        eveningId: state.eveningId,
        gameId,
        number,
      });
    // Later deals move up one place, through negative numbers: PostgreSQL checks the unique (game, number)
    // key row by row, so a plain decrement could collide with a row not yet moved. n → n − K → n − 1.
    const K = 1_000_000;
    await tx.deal.updateMany({ where: { gameId, number: { gt: number } }, data: { number: { decrement: K } } });
    await tx.deal.updateMany({ where: { gameId, number: { lt: 0 } }, data: { number: { increment: K - 1 } } });
    await insertEdit(tx, { gameId, dealNumber: number, action: "delete", byId: state.userId, before }, now);
    if (key) await keepChangeAnswer(tx, state, key, "delete", { number, version: claimed });
    return claimed;
  });
  forgetGame(gameId);
  return { number, version };
}

export type { GameDeals };

/**
 * The deals of a game as stored, for a phone that queued deals without a signal: it checks each queued deal
 * against this before sending it (stored already, the same deal from another phone, or a conflict). Refused
 * like a write when the evening no longer takes deals.
 */
export async function getGameDeals(actor: Actor, gameId: unknown): Promise<GameDeals> {
  const id = parse(IdSchema, gameId);
  const { state, names } = await withDatabaseRetry(() =>
    getDb().$transaction(async (tx) => {
      const state = await loadGame(tx, actor, id);
      const recorders = await tx.deal.findMany({ where: { gameId: id }, select: { number: true, recordedById: true } });
      const users = await tx.user.findMany({
        where: { id: { in: [...new Set(recorders.map((r) => r.recordedById))] } },
        select: { id: true, username: true },
      });
      const nameOf = new Map(users.map((u) => [u.id, u.username]));
      return { state, names: new Map(recorders.map((r) => [r.number, nameOf.get(r.recordedById) ?? null])) };
    }),
  );
  return {
    players: state.record.players,
    deals: state.record.deals.map((deal, i) => ({
      number: i + 1,
      entries: deal.entries,
      clientKey: state.clientKeys[i] ?? null,
      by: names.get(i + 1) ?? null,
    })),
  };
}
