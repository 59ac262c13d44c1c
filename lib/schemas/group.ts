/**
 * What a person sends about a group: its name, its players' names, a season. The forms and the import use the
 * same schemas, so a name creating a group refuses is refused in a backup too.
 */
import { z } from "zod";
import { MAX_NAME_LENGTH, VARIANT_IDS } from "@/lib/rules";
import { CalendarDateSchema, TextSchema } from "./evening";

export const GROUP_NAME_MAX = 60;
export const GroupNameSchema = TextSchema(GROUP_NAME_MAX, "field.nameNeeded");
/** A player of the group, as written on the slate. */
export const GroupPlayerNameSchema = TextSchema(MAX_NAME_LENGTH, "field.nameNeeded");

export const SEASON_NAME_MAX = 40;
/** A season's fields, before their order is checked (`SeasonSchema`). */
export const SeasonFieldsSchema = z.object({
  variant: z.enum(VARIANT_IDS),
  name: TextSchema(SEASON_NAME_MAX, "field.nameNeeded"),
  startsOn: CalendarDateSchema,
  endsOn: CalendarDateSchema,
  bestEvenings: z.coerce.number().int("field.wholeNumber").min(1, "field.wholeNumber").max(1000).nullish(),
});
/** A season: a date range that ends on or after it starts, optionally counting each player's best N evenings. */
export const SeasonSchema = SeasonFieldsSchema.refine((s) => s.startsOn <= s.endsOn, {
  message: "field.seasonEndsBeforeStart",
  path: ["endsOn"],
});
export type SeasonInput = z.input<typeof SeasonSchema>;
