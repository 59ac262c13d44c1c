/**
 * The writes of recording a deal, as plain SQL (decision 005). Recording a deal is the hot path of an evening
 * (bench:deal); each ORM call there costs the query compiler more than the database spends on the row, so
 * its statements are written out once, for both databases: the deal and its entries, and — used by edits and
 * deletions too — the edit-history line and the statistics summary. The version claim is
 * `markEveningChanged` (lib/data/changes.ts); everything else stays on the ORM.
 *
 * The SQL is the common subset of SQLite and PostgreSQL (quoted identifiers, multi-row VALUES, ON CONFLICT);
 * the one difference — a JSON parameter needs a cast on PostgreSQL — is `json()` below. Columns the ORM fills
 * by itself (`@updatedAt`, `@default(now())`) are given explicitly, in the same format the ORM writes.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { databaseProvider, empty, sql, join, type Sql, type Tx } from "@/lib/db/client";
import type { GameSummary } from "@/lib/stats/summary";
import { memberSql } from "./access";
import { changePayload, EVENING_CHANNEL } from "./changes";
import type { EntryRow } from "./game-record";

/** A JSON parameter; null and undefined are stored as SQL NULL. */
function json(value: unknown) {
  const text = jsonText(value);
  if (text === null) return null;
  return databaseProvider() === "postgresql" ? sql`CAST(${text} AS JSONB)` : sql`${text}`;
}

/** A JSON value as text for a cast, null as NULL. */
function jsonText(value: unknown): string | null {
  return value === undefined || value === null ? null : JSON.stringify(value);
}

/** A collision-free id for rows made here rather than by Prisma's default. */
function newId(): string {
  return `d${Date.now().toString(36)}${randomBytes(9).toString("base64url")}`;
}

export interface RecordedRows {
  gameId: string;
  number: number;
  userId: string;
  clientKey: string | null;
  entries: EntryRow[];
}

/**
 * The statements that store a deal, its entries and its line in the edit history. The line names the deal and
 * who recorded it without repeating its entries: they are the deal's rows, and an edit's line keeps what it
 * replaced.
 */
export function recordedDealStatements(rows: RecordedRows, now: Date): Sql[] {
  const { gameId, number, userId } = rows;
  const dealId = newId();
  const values = rows.entries.map(
    (e) => sql`(${dealId}, ${e.seat}, ${e.plays}, ${json(e.exchanged)}, ${e.tricks}, ${e.revoke})`,
  );
  return [
    sql`
      INSERT INTO "Deal" ("id", "gameId", "number", "recordedById", "recordedAt", "updatedAt", "clientKey")
      VALUES (${dealId}, ${gameId}, ${number}, ${userId}, ${now}, ${now}, ${rows.clientKey})`,
    sql`INSERT INTO "DealEntry" ("dealId", "seat", "plays", "exchanged", "tricks", "revoke") VALUES ${join(values)}`,
    editStatement({ gameId, dealNumber: number, action: "record", byId: userId }, now),
  ];
}

/** Who writes the deal, and the evening's version the game was known at. */
export interface Claim {
  eveningId: string;
  version: number;
  userId: string;
  /**
   * A session of `userId` not yet checked by this process (decision 017): the claim takes a row only while it is
   * live — the check and the write in one round trip.
   */
  session?: string;
}

/**
 * PostgreSQL: recording a deal as one statement — one round trip, atomic by itself, no interactive transaction. It
 * claims the evening's next version from `claim.version` only, only while the evening is open and the user owns it
 * or sits at it, and only then stores the deal, its entries and its edit-history line and tells every instance
 * (NOTIFY, decision 007). It gives back one row when it wrote, none when the claim failed (nothing written).
 */
export function recordedDealStatementPg(rows: RecordedRows, claim: Claim, now: Date): Sql {
  const { gameId, number, userId } = rows;
  const dealId = newId();
  // As the ORM stores a DateTime: the UTC time, in a column without a zone.
  const at = sql`CAST(${now.toISOString()} AS TIMESTAMP(3))`;
  const entries = rows.entries.map(
    (e) =>
      sql`(${dealId}, CAST(${e.seat} AS INTEGER), CAST(${e.plays} AS BOOLEAN), CAST(${jsonText(e.exchanged)} AS JSONB),
        CAST(${e.tricks} AS INTEGER), CAST(${e.revoke} AS BOOLEAN))`,
  );
  return sql`
    WITH claimed AS (
      UPDATE "Evening" e SET "version" = e."version" + 1, "updatedAt" = ${at}
      WHERE e."id" = ${claim.eveningId} AND e."version" = ${claim.version} AND e."status" = 'open'
        AND (e."ownerId" = ${claim.userId} OR ${memberSql(claim.userId)})
        ${claim.session === undefined ? empty : liveSessionSql(claim.session, claim.userId, at)}
      RETURNING e."id"
    ), deal AS (
      INSERT INTO "Deal" ("id", "gameId", "number", "recordedById", "recordedAt", "updatedAt", "clientKey")
      SELECT ${dealId}, ${gameId}, CAST(${number} AS INTEGER), ${userId}, ${at}, ${at}, CAST(${rows.clientKey} AS TEXT)
      FROM claimed
    ), entries AS (
      INSERT INTO "DealEntry" ("dealId", "seat", "plays", "exchanged", "tricks", "revoke")
      SELECT v.* FROM (VALUES ${join(entries)}) AS v WHERE EXISTS (SELECT 1 FROM claimed)
    ), edit AS (
      INSERT INTO "DealEdit" ("id", "gameId", "dealNumber", "action", "byId", "at", "before", "after")
      SELECT ${newId()}, ${gameId}, CAST(${number} AS INTEGER), 'record', ${userId}, ${at}, NULL, NULL FROM claimed
    )
    SELECT pg_notify(${EVENING_CHANNEL}, ${changePayload(claim.eveningId, "deals", claim.version + 1)}) FROM claimed`;
}

/** `AND` the session `sid` of `userId` is live at `at` (its row exists and has not lapsed). */
function liveSessionSql(sid: string, userId: string, at: Sql): Sql {
  return sql`AND EXISTS (
    SELECT 1 FROM "AccountSession" s WHERE s."id" = ${sid} AND s."userId" = ${userId} AND s."expiresAt" > ${at})`;
}

/**
 * A line of a game's edit history: who recorded, changed or deleted which deal; an edit keeps the entries
 * before and after, a deletion those before (a recording's entries are the deal's own rows).
 */
export interface EditLine {
  gameId: string;
  dealNumber: number;
  action: "record" | "edit" | "delete";
  byId: string;
  before?: unknown;
  after?: unknown;
}

function editStatement(edit: EditLine, now: Date): Sql {
  return sql`
    INSERT INTO "DealEdit" ("id", "gameId", "dealNumber", "action", "byId", "at", "before", "after")
    VALUES (${newId()}, ${edit.gameId}, ${edit.dealNumber}, ${edit.action}, ${edit.byId}, ${now},
      ${json(edit.before)}, ${json(edit.after)})`;
}

export async function insertEdit(tx: Pick<Tx, "$executeRaw">, edit: EditLine, now: Date): Promise<void> {
  await tx.$executeRaw(editStatement(edit, now));
}

/** Writes a game's statistics summary (lib/data/game-summary.ts), made from its first `dealCount` deals. */
export async function upsertSummary(
  db: Pick<Tx, "$executeRaw">,
  gameId: string,
  dealCount: number,
  summary: GameSummary,
  now: Date,
): Promise<void> {
  await db.$executeRaw`
    INSERT INTO "GameSummary" ("gameId", "dealCount", "summary", "updatedAt")
    VALUES (${gameId}, ${dealCount}, ${json(summary)}, ${now})
    ON CONFLICT ("gameId") DO UPDATE
    SET "dealCount" = excluded."dealCount", "summary" = excluded."summary", "updatedAt" = excluded."updatedAt"`;
}

/**
 * The statements that store an imported game's deals and their entries: multi-row inserts of up to `perStatement`
 * deals each (the import's bulk path; the ORM's per-row work there cost more than the database's).
 */
export function importedDealStatements(
  gameId: string,
  userId: string,
  deals: EntryRow[][],
  now: Date,
  perStatement = 100,
): Sql[] {
  const statements: Sql[] = [];
  for (let from = 0; from < deals.length; from += perStatement) {
    const part = deals
      .slice(from, from + perStatement)
      .map((entries, i) => ({ id: newId(), number: from + i + 1, entries }));
    statements.push(sql`
      INSERT INTO "Deal" ("id", "gameId", "number", "recordedById", "recordedAt", "updatedAt", "clientKey")
      VALUES ${join(part.map((d) => sql`(${d.id}, ${gameId}, ${d.number}, ${userId}, ${now}, ${now}, ${null})`))}`);
    statements.push(sql`
      INSERT INTO "DealEntry" ("dealId", "seat", "plays", "exchanged", "tricks", "revoke")
      VALUES ${join(
        part.flatMap((d) =>
          d.entries.map((e) => sql`(${d.id}, ${e.seat}, ${e.plays}, ${json(e.exchanged)}, ${e.tricks}, ${e.revoke})`),
        ),
      )}`);
  }
  return statements;
}
