/** A saved rule set as a person sends it: from the rule-set form, and in a backup file (lib/transfer). */
import { z } from "zod";
import { VARIANT_IDS } from "@/lib/rules";
import { TextSchema } from "./evening";

export const RULE_SET_NAME_MAX = 60;

export const RuleSetSchema = z.object({
  name: TextSchema(RULE_SET_NAME_MAX, "field.nameNeeded"),
  variant: z.enum(VARIANT_IDS),
  houseRules: z.record(z.string(), z.unknown()).default({}),
  /** Whole minor units; null or absent: the set plays for nothing. The rules module checks the amounts. */
  stakes: z.unknown().nullish(),
});
export type RuleSetInput = z.input<typeof RuleSetSchema>;
