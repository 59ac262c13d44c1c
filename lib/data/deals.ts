/**
 * Deals: record, edit, delete. Each runs in one transaction: permission check, the rules engine over the
 * whole game, then the write — so a refused deal writes nothing, and the unique (game, number) key makes a
 * second phone's copy of the same deal fail instead of being stored twice.
 */
import "server-only";
import { z } from "zod";
import { getDb, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { createScorer, evaluateGame, MAX_NAME_LENGTH, type DealResult, type EntryRecord, type GameRecord, type Problem } from "@/lib/rules";
import { requireRole, type Actor } from "./access";
import { gameInclude } from "./evenings";
import { toEntryRows, toGameRecord } from "./game-record";
import { isUniqueViolation } from "./prisma-errors";

/** The shape that reaches the engine: bounded in size; the engine checks every value. */
const EntriesSchema = z
  .record(z.string().max(MAX_NAME_LENGTH), z.record(z.string().max(40), z.unknown()))
  .refine((entries) => Object.keys(entries).length <= 10, "at most 10 entries");

/** Entries of the input's shape; the rules engine checks every value before anything is written. */
type Entries = Record<string, EntryRecord>;
const asEntries = (entries: z.infer<typeof EntriesSchema>) => entries as unknown as Entries;

export const RecordDealSchema = z.object({
  gameId: z.string().min(1).max(64),
  /** The number the phone believes it is entering: refused if someone else recorded it first. */
  number: z.number().int().min(1).max(100_000),
  entries: EntriesSchema,
  /** Chosen by the phone per deal, so a retried submission is recognised. */
  clientKey: z.string().min(8).max(64).optional(),
});
export type RecordDealInput = z.input<typeof RecordDealSchema>;

export const EditDealSchema = z.object({
  gameId: z.string().min(1).max(64),
  number: z.number().int().min(1).max(100_000),
  entries: EntriesSchema,
});
export type EditDealInput = z.input<typeof EditDealSchema>;

export const DeleteDealSchema = z.object({
  gameId: z.string().min(1).max(64),
  number: z.number().int().min(1).max(100_000),
});
export type DeleteDealInput = z.input<typeof DeleteDealSchema>;

function parse<T>(schema: z.ZodType<T>, input: unknown): T {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (fields[issue.path.join(".") || "form"] ??= []).push(issue.message);
    throw new AppError("validation", "The deal could not be read.", { fields });
  }
  return parsed.data;
}

function refused(problems: Problem[]): AppError {
  return new AppError("validation", problems.map((p) => p.message).join("; "), { problems });
}

/** Loads a game for writing, after checking that the actor may enter deals in its evening. */
async function loadGame(tx: Tx, actor: Actor, gameId: string) {
  const game = await tx.game.findUnique({
    where: { id: gameId },
    include: { ...gameInclude, evening: { select: { id: true, variant: true, houseRules: true, status: true } } },
  });
  if (!game) throw new AppError("not_found", "No such game.");
  await requireRole(tx, actor, game.evening.id, ["owner", "member"]);
  if (game.evening.status !== "open") throw new AppError("conflict", "The evening has ended; its deals can no longer change.");
  return { game, record: toGameRecord(game.evening, game) };
}

function snapshot(record: GameRecord, number: number): Record<string, EntryRecord> | null {
  return record.deals[number - 1]?.entries ?? null;
}

async function touch(tx: Tx, eveningId: string, gameId: string, edit: { dealNumber: number; action: string; byId: string; before?: object | null; after?: object | null }) {
  await tx.dealEdit.create({
    data: { gameId, dealNumber: edit.dealNumber, action: edit.action, byId: edit.byId, before: edit.before ?? undefined, after: edit.after ?? undefined },
  });
  await tx.evening.update({ where: { id: eveningId }, data: { version: { increment: 1 } } });
}

export interface RecordedDeal {
  number: number;
  result: DealResult;
  /** True when this was a retry of a deal already stored. */
  duplicate: boolean;
}

export async function recordDeal(actor: Actor, input: RecordDealInput): Promise<RecordedDeal> {
  const { gameId, number, entries, clientKey } = parse(RecordDealSchema, input);
  try {
    return await getDb().$transaction(async (tx) => {
      const { game, record } = await loadGame(tx, actor, gameId);
      const userId = actor!.userId;
      if (clientKey) {
        const earlier = await tx.deal.findUnique({ where: { gameId_clientKey: { gameId, clientKey } }, select: { number: true } });
        if (earlier) {
          const result = evaluateGame(record).result!;
          return { number: earlier.number, result: result.deals[earlier.number - 1]!, duplicate: true };
        }
      }
      const next = record.deals.length + 1;
      if (number !== next) {
        throw new AppError("conflict", `Deal ${number} was already recorded from another phone; the next deal is ${next}.`);
      }
      const created = createScorer(record, { detail: false });
      if (!created.ok) throw refused(created.problems);
      for (const deal of record.deals) created.scorer.push(deal);
      const problems = created.scorer.check({ entries });
      if (problems.length) throw refused(problems);
      const rows = toEntryRows(record.players, asEntries(entries));
      await tx.deal.create({
        data: { gameId, number, recordedById: userId, clientKey: clientKey ?? null, entries: { create: rows } },
      });
      await touch(tx, game.evening.id, gameId, { dealNumber: number, action: "record", byId: userId, after: entries });
      const result = evaluateGame({ ...record, deals: [...record.deals, { entries: asEntries(entries) }] }).result!;
      return { number, result: result.deals[number - 1]!, duplicate: false };
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError("conflict", `Deal ${number} was just recorded from another phone.`);
    }
    throw error;
  }
}

/** Scores the game as it would be with the change, or throws the engine's problems. */
function rescore(record: GameRecord, deals: GameRecord["deals"]) {
  const evaluation = evaluateGame({ ...record, deals });
  if (!evaluation.ok) throw refused(evaluation.problems);
  return evaluation.result;
}

export async function editDeal(actor: Actor, input: EditDealInput): Promise<void> {
  const { gameId, number, entries } = parse(EditDealSchema, input);
  await getDb().$transaction(async (tx) => {
    const { game, record } = await loadGame(tx, actor, gameId);
    const before = snapshot(record, number);
    if (!before) throw new AppError("not_found", `There is no deal ${number} in this game.`);
    const deals = record.deals.map((d, i) => (i === number - 1 ? { entries: asEntries(entries) } : d));
    rescore(record, deals);
    const deal = await tx.deal.findUniqueOrThrow({ where: { gameId_number: { gameId, number } }, select: { id: true } });
    await tx.dealEntry.deleteMany({ where: { dealId: deal.id } });
    await tx.deal.update({
      where: { id: deal.id },
      data: { entries: { create: toEntryRows(record.players, asEntries(entries)) } },
    });
    await touch(tx, game.evening.id, gameId, { dealNumber: number, action: "edit", byId: actor!.userId, before, after: entries });
  });
}

export async function deleteDeal(actor: Actor, input: DeleteDealInput): Promise<void> {
  const { gameId, number } = parse(DeleteDealSchema, input);
  await getDb().$transaction(async (tx) => {
    const { game, record } = await loadGame(tx, actor, gameId);
    const before = snapshot(record, number);
    if (!before) throw new AppError("not_found", `There is no deal ${number} in this game.`);
    rescore(record, record.deals.filter((_, i) => i !== number - 1));
    await tx.deal.delete({ where: { gameId_number: { gameId, number } } });
    // Later deals move up one place, through negative numbers: PostgreSQL checks the unique (game, number)
    // key row by row, so a plain decrement could collide with a row not yet moved. n → n − K → n − 1.
    const K = 1_000_000;
    await tx.deal.updateMany({ where: { gameId, number: { gt: number } }, data: { number: { decrement: K } } });
    await tx.deal.updateMany({ where: { gameId, number: { lt: 0 } }, data: { number: { increment: K - 1 } } });
    await touch(tx, game.evening.id, gameId, { dealNumber: number, action: "delete", byId: actor!.userId, before });
  });
}
