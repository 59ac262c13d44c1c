/**
 * What a phone or a script sends about a deal: recording one, editing or deleting a stored one. The route
 * handlers, the production server's own routes and the data layer read them with these schemas (decision 004).
 */
import { z } from "zod";
import { MAX_NAME_LENGTH, type Entries } from "@/lib/rules";
import { ChangeKeySchema, IdSchema } from "./ids";

/** The shape that reaches the engine: bounded in size; the engine checks every value. */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
/**
 * Up to 10 entries keyed by name, each an object of up to 8 fields; taken as they came (own keys only), so a
 * player named "__proto__" or "constructor" has an entry like anyone else.
 */
const EntriesSchema = z.custom<Record<string, unknown>>(
  (entries) =>
    isPlainObject(entries) &&
    Object.keys(entries).length <= 10 &&
    Object.entries(entries).every(
      ([name, entry]) => name.length <= MAX_NAME_LENGTH && isPlainObject(entry) && Object.keys(entry).length <= 8,
    ),
  "field.invalid",
);

/** Entries of the input's shape; the rules engine checks every value before anything is written. */
export const asEntries = (entries: z.infer<typeof EntriesSchema>) => entries as unknown as Entries;

export const RecordDealSchema = z.object({
  gameId: IdSchema,
  /** The number the phone believes it is entering: refused if someone else recorded it first. */
  number: z.number().int().min(1).max(100_000),
  entries: EntriesSchema,
  /** Chosen by the phone per deal, so a retried submission is recognised. */
  clientKey: ChangeKeySchema.optional(),
  /**
   * The account that entered the deal on the phone (its outbox says): a deal is never stored under another
   * account's name, whoever is signed in on that phone when it is sent.
   */
  account: IdSchema.optional(),
});
export type RecordDealInput = z.input<typeof RecordDealSchema>;

/**
 * A change of a stored deal may say which deal it changes: its entries as the phone showed them. Changed or
 * replaced from another phone since, the deal is not the one the person saw, and the change is refused as a
 * conflict — nobody edits or deletes a deal they did not see. (Without it, the deal at that number is changed.)
 */
export const SeenSchema = EntriesSchema.optional();
/** The key the deal was recorded with, as the phone showed it: another deal moved into its number is not it. */
const SeenKeySchema = ChangeKeySchema.optional();

export const EditDealSchema = z.object({
  gameId: IdSchema,
  number: z.number().int().min(1).max(100_000),
  entries: EntriesSchema,
  expected: SeenSchema,
  expectedKey: SeenKeySchema,
  /** The phone's key for this change: applied once, a repeat answered as the first (decision 023). */
  key: ChangeKeySchema.optional(),
  /**
   * *Keep mine* on a conflict: the deal becomes the sender's recording of it — its key (the phone's recording that
   * conflicted) and its recorder are the sender's, so the record says who recorded what stands.
   */
  clientKey: ChangeKeySchema.optional(),
});
export type EditDealInput = z.input<typeof EditDealSchema>;

export const DeleteDealSchema = z.object({
  gameId: IdSchema,
  number: z.number().int().min(1).max(100_000),
  expected: SeenSchema,
  expectedKey: SeenKeySchema,
  key: ChangeKeySchema.optional(),
});
export type DeleteDealInput = z.input<typeof DeleteDealSchema>;
