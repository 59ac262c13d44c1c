/**
 * The schemas of what a person sends: one per concept, shared by the forms (server actions), the REST routes and
 * import (lib/transfer), so a value one of them accepts, all of them accept. Plain zod, no server code.
 */
import { z } from "zod";
import type { MessageKey } from "@/lib/i18n/dictionaries";
import { MAX_NAME_LENGTH, VARIANT_IDS } from "@/lib/rules";
import { ChangeKeySchema, IdSchema } from "./ids";
import { hasForbiddenCharacters, looksEmpty, sameNames } from "./names";

// Every message of these schemas is a dictionary key: lib/errors.ts (invalidInput) turns an issue into a
// message the form translates, with the limit as {max}.

/** A name or title as typed, trimmed and stored in NFC (lib/schemas/names.ts). */
export const TextSchema = (max: number, empty: MessageKey) =>
  z
    .string()
    .trim()
    .normalize("NFC")
    .min(1, empty)
    .max(max, "field.atMostChars")
    .refine((v) => v === "" || !looksEmpty(v), empty)
    .refine((v) => !hasForbiddenCharacters(v), "field.controlChars");

/** The names at one table: no two of them the same person, however they are written (lib/schemas/names.ts). */
export function distinctPeople(names: string[], ctx: z.RefinementCtx): void {
  const same = sameNames(names);
  if (same && same[0] !== same[1])
    ctx.addIssue({ code: "custom", message: "field.samePerson", params: { a: same[0], b: same[1] } });
}

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A real day of the calendar as YYYY-MM-DD: 2026-02-30 and 2026-13-45 have the right shape and are not. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_SHAPE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

export const CalendarDateSchema = z
  .string()
  .regex(DATE_SHAPE, "field.dateShape")
  .refine((value) => !DATE_SHAPE.test(value) || isCalendarDate(value), "field.noSuchDate");

export const EVENING_TITLE_MAX = 80;

/** An evening's own details: what the form asks, what an export holds, what an import brings. */
export const EveningDetailsSchema = z.object({
  title: TextSchema(EVENING_TITLE_MAX, "field.titleNeeded"),
  date: CalendarDateSchema,
  place: z.union([z.literal(""), TextSchema(EVENING_TITLE_MAX, "field.invalid")]).nullish(),
  variant: z.enum(VARIANT_IDS),
  houseRules: z.record(z.string(), z.unknown()).default({}),
});
export type EveningDetails = z.infer<typeof EveningDetailsSchema>;

const Name = TextSchema(MAX_NAME_LENGTH, "field.nameNeeded");

/** The first dealer's seat is one of the table's seats. */
const dealerAtTheTable = (value: { players: string[]; firstDealerSeat: number }, ctx: z.RefinementCtx) => {
  if (value.firstDealerSeat >= value.players.length)
    ctx.addIssue({ code: "custom", path: ["firstDealerSeat"], message: "field.firstDealerSeat" });
};

export const CreateEveningSchema = EveningDetailsSchema.extend({
  players: z.array(Name).min(1, "field.addPlayers").max(10, "field.atMostPlayers").superRefine(distinctPeople),
  firstDealerSeat: z.number().int().min(0).max(9).default(0),
  /** A saved rule set of the actor's: its house rules and stakes are copied to the evening (pinned). */
  ruleSetId: IdSchema.optional(),
  /** Stakes in whole minor units, when no rule set is named; null or absent: not played for money. */
  stakes: z.unknown().nullish(),
  /** A group of the actor's: the evening is kept for it, and its players are the group's players. */
  groupId: IdSchema.optional(),
}).superRefine(dealerAtTheTable);
export type CreateEveningInput = z.input<typeof CreateEveningSchema>;

export const StartGameSchema = z
  .object({
    eveningId: IdSchema,
    players: z.array(Name).min(1).max(10).superRefine(distinctPeople),
    firstDealerSeat: z.number().int().min(0).max(9),
    /** The phone's key for this change: the game is started once, a repeat answered as the first (decision 023). */
    key: ChangeKeySchema.optional(),
    /**
     * The number of the game the phone starts, as it showed the evening: when another phone started that game
     * meanwhile with the same seats and first dealer, it is the same game (answered `same`); with others, refused.
     */
    number: z.number().int().min(1).max(1000).optional(),
  })
  .superRefine(dealerAtTheTable);
export type StartGameInput = z.input<typeof StartGameSchema>;
