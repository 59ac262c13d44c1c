import type { HouseRuleName, HouseRules, VariantId } from "./types";

/** The two games as data (RULES.md K1, N1 and the house-rule table). */
export interface VariantDefinition {
  id: VariantId;
  name: string;
  minPlayers: number;
  maxPlayers: number;
  /** Cards in the pack for a given number of players (RULES.md K1, N1). */
  packSize: (players: number) => number;
  /** Cards dealt to each player. */
  handSize: number;
  /** Tricks in every deal. */
  tricksPerDeal: number;
  /** Defaults for the house rules this variant knows. */
  houseRules: Partial<HouseRules>;
  /** Words used at the table, for the UI. */
  words: {
    play: { en: string; sv: string };
    pass: { en: string; sv: string };
  };
}

export const VARIANTS: Record<VariantId, VariantDefinition> = {
  knektpass: {
    id: "knektpass",
    name: "Knektpass",
    minPlayers: 2,
    maxPlayers: 10,
    packSize: (players) => (players <= 3 ? 36 : 52),
    handSize: 5,
    tricksPerDeal: 5,
    houseRules: {
      startScore: 12,
      quota: "sum",
      minQuota: 0,
      loneWinnerPoints: 5,
      redealDealer: "same",
      tie: "shared",
    },
    words: {
      play: { en: "plays", sv: "spelar" },
      pass: { en: "passes", sv: "passar" },
    },
  },
  "norrlands-knack": {
    id: "norrlands-knack",
    name: "Norrlands-Knack",
    minPlayers: 3,
    maxPlayers: 5,
    packSize: () => 52,
    handSize: 5,
    tricksPerDeal: 5,
    houseRules: {
      startScore: 10,
      loneWinnerPoints: 5,
      loneKnocker: "takesAll",
      trumpCompulsion: "anyoneAtOne",
      revokeKeepsTricks: false,
      redealDealer: "same",
      tie: "shared",
    },
    words: {
      play: { en: "knocks (knacka)", sv: "knackar" },
      pass: { en: "passes (lura)", sv: "lurar" },
    },
  },
};

export const VARIANT_IDS = Object.keys(VARIANTS) as VariantId[];

export function isVariantId(value: unknown): value is VariantId {
  return typeof value === "string" && Object.hasOwn(VARIANTS, value);
}

/** Cards left in the talon after dealing and turning trumps (RULES.md K9). */
export function talonSize(variant: VariantId, players: number): number {
  const def = VARIANTS[variant];
  return def.packSize(players) - def.handSize * players - 1;
}

/** Which values each house rule accepts, for validation and for the UI's choices. */
export const HOUSE_RULE_VALUES: Record<
  HouseRuleName,
  { kind: "integer"; min: number; max: number } | { kind: "choice"; values: readonly unknown[] }
> = {
  startScore: { kind: "integer", min: 1, max: 9999 },
  quota: { kind: "choice", values: ["sum", "largestRound"] },
  minQuota: { kind: "choice", values: [0, 1] },
  loneWinnerPoints: { kind: "integer", min: -9999, max: 9999 },
  loneKnocker: { kind: "choice", values: ["takesAll", "redeal"] },
  trumpCompulsion: { kind: "choice", values: ["anyoneAtOne", "triggerPlayer", "off"] },
  revokeKeepsTricks: { kind: "choice", values: [false, true] },
  redealDealer: { kind: "choice", values: ["same", "next"] },
  tie: { kind: "choice", values: ["shared", "lowestRaw"] },
};

/** The house rules a variant knows, in table order. */
export function houseRuleNames(variant: VariantId): HouseRuleName[] {
  return Object.keys(VARIANTS[variant].houseRules) as HouseRuleName[];
}

/** The full set of house rules for a variant: its defaults overridden by the record's choices. */
export function resolveHouseRules(variant: VariantId, chosen: Partial<HouseRules> = {}): HouseRules {
  const all: HouseRules = {
    startScore: 0,
    quota: "sum",
    minQuota: 0,
    loneWinnerPoints: 5,
    loneKnocker: "takesAll",
    trumpCompulsion: "off",
    revokeKeepsTricks: false,
    redealDealer: "same",
    tie: "shared",
  };
  return { ...all, ...VARIANTS[variant].houseRules, ...chosen };
}
