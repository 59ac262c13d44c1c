/**
 * The schemas of what a person sends: one per concept, shared by the forms (server actions), the REST routes and
 * import (lib/transfer), so a value one of them accepts, all of them accept. Plain zod, no server code.
 */
import { z } from "zod";
import { hasControlCharacters, VARIANT_IDS } from "@/lib/rules";

export const TextSchema = (max: number, empty: string) =>
  z
    .string()
    .trim()
    .min(1, empty)
    .max(max, `at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), "no control characters");

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** A real day of the calendar as YYYY-MM-DD: 2026-02-30 and 2026-13-45 have the right shape and are not. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_SHAPE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

export const CalendarDateSchema = z
  .string()
  .regex(DATE_SHAPE, "a date like 2026-12-02")
  .refine((value) => !DATE_SHAPE.test(value) || isCalendarDate(value), "no such date in the calendar");

export const EVENING_TITLE_MAX = 80;

/** An evening's own details: what the form asks, what an export holds, what an import brings. */
export const EveningDetailsSchema = z.object({
  title: TextSchema(EVENING_TITLE_MAX, "give the evening a title"),
  date: CalendarDateSchema,
  place: z.union([z.literal(""), TextSchema(EVENING_TITLE_MAX, "")]).nullish(),
  variant: z.enum(VARIANT_IDS),
  houseRules: z.record(z.string(), z.unknown()).default({}),
});
export type EveningDetails = z.infer<typeof EveningDetailsSchema>;
