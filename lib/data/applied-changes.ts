/**
 * Changes applied once by their key (decision 023). A phone sends each change of its log — an edit, a deletion,
 * the next game — with a key of its own; the first time the change is made and its answer kept, in the same
 * transaction; a repeat of the key (an answer the network lost, a request it delivered twice) is given the first
 * answer and changes nothing. A deal's key stays on the deal while it stands; when the deal is deleted its key comes
 * here, so a late repeat of its recording is answered, not stored again.
 */
import "server-only";
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { isUniqueViolation } from "./prisma-errors";

/** What a keyed change is: a key made one of them is refused for another. */
export type ChangeKind = "edit" | "delete" | "game";

/** The first answer to `key` of `userId`, if a change with it was applied. */
export async function appliedAnswer<T>(tx: Pick<Tx, "appliedChange">, userId: string, key: string): Promise<T | null> {
  const row = await tx.appliedChange.findUnique({ where: { userId_key: { userId, key } }, select: { answer: true } });
  return row ? (row.answer as T) : null;
}

/** Keeps the answer of a change just applied, in its transaction (a second writer of the key fails on its key). */
export async function keepAnswer(
  tx: Pick<Tx, "appliedChange">,
  change: { userId: string; key: string; eveningId: string; gameId?: string; kind: ChangeKind; answer: object },
): Promise<void> {
  await tx.appliedChange.create({
    data: {
      userId: change.userId,
      key: change.key,
      eveningId: change.eveningId,
      gameId: change.gameId ?? null,
      answer: { ...change.answer, change: change.kind },
    },
  });
}

/**
 * Spends the key a deleted deal was recorded with (`userId`: its recorder), in the deletion's transaction: a late
 * repeat of its recording is answered as recorded (`{ number }`), and not stored again (`removedKeys`).
 */
export async function spendKey(
  tx: Pick<Tx, "appliedChange">,
  deal: { userId: string; key: string; eveningId: string; gameId: string; number: number },
): Promise<void> {
  const { userId, key, eveningId, gameId, number } = deal;
  await tx.appliedChange.upsert({
    where: { userId_key: { userId, key } },
    create: { userId, key, eveningId, gameId, answer: { number } },
    update: {},
  });
}

/** The keys of a game's deleted deals, each with the answer its recording was given: `{ number }`. */
export async function removedKeys(tx: Pick<Tx, "appliedChange">, gameId: string): Promise<Map<string, number>> {
  const rows = await tx.appliedChange.findMany({ where: { gameId }, select: { key: true, answer: true } });
  return new Map(rows.map((r) => [r.key, (r.answer as { number: number }).number]));
}

/**
 * Runs `apply` once for `key` (none: every time): a key applied before gets its first answer (`duplicate: true`)
 * without running anything; a repeat that arrives while the first is still being written loses on the key, and is
 * then given the first answer too. `read` runs in a transaction of its own.
 */
export async function once<T extends object>(
  key: { userId: string; key: string; kind: ChangeKind } | null,
  apply: () => Promise<T>,
  read: (run: (tx: Pick<Tx, "appliedChange">) => Promise<Stored<T> | null>) => Promise<Stored<T> | null>,
): Promise<T & { duplicate?: true }> {
  if (!key) return apply();
  const repeat = (first: Stored<T>) => {
    const { change, ...answer } = first;
    // The key of an edit sent again as a deletion (or the like) is not a repeat: refused, nothing changed.
    if (change !== key.kind) throw new AppError("conflict", { key: "errors.keyReused" });
    return { ...(answer as unknown as T), duplicate: true as const };
  };
  const first = await read((tx) => appliedAnswer<Stored<T>>(tx, key.userId, key.key));
  if (first) return repeat(first);
  try {
    return await apply();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const raced = await read((tx) => appliedAnswer<Stored<T>>(tx, key.userId, key.key));
    if (raced) return repeat(raced);
    throw error;
  }
}

/** A first answer as kept: with the kind of change it answered. */
type Stored<T> = T & { change?: ChangeKind };
