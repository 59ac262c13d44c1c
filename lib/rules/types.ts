/**
 * The game record — the input of the rules engine and the product's JSON format for one game.
 * See README "The game record" and ../../../shared/RULES.md.
 */
export type VariantId = "knektpass" | "norrlands-knack";

export interface EntryRecord {
  /** true = played (Knektpass) / knocked (Norrlands-Knack); false = passed / lurade. */
  plays: boolean;
  /** Cards taken from the talon: a number or up to 3 exchange rounds, each 0–5. */
  exchanged?: number | number[];
  /** Tricks taken, 0–5. */
  tricks?: number;
  /** A knocker who failed to play trump under trumftvång (Norrlands-Knack, RULES.md N8). */
  revoke?: boolean;
}

/** One deal's entries: each player's, by name. */
export type Entries = Record<string, EntryRecord>;

export interface DealRecord {
  entries: Entries;
}

export interface HouseRules {
  startScore: number;
  quota: "sum" | "largestRound";
  minQuota: 0 | 1;
  loneWinnerPoints: number;
  loneKnocker: "takesAll" | "redeal";
  trumpCompulsion: "anyoneAtOne" | "triggerPlayer" | "off";
  revokeKeepsTricks: boolean;
  redealDealer: "same" | "next";
  tie: "shared" | "lowestRaw";
}

export type HouseRuleName = keyof HouseRules;

export interface GameRecord {
  variant: VariantId;
  houseRules?: Partial<HouseRules>;
  players: string[];
  firstDealer?: string;
  deals: DealRecord[];
}

/**
 * Words the engine says — a problem, an explanation — as a key of the product's dictionaries and its parameters
 * (decision 008). The engine knows no language: the words are rendered where they are shown (pages, the `score`
 * command, exports); `lib/i18n` checks at compile time that every key here is in its dictionaries.
 */
export interface RulesMessage {
  readonly key: RulesMessageKey;
  readonly params?: Readonly<Record<string, string | number | RulesMessage>>;
}

/** The problems' words (`rules.*`). */
export type ProblemKey =
  | "rules.recordInvalid"
  | "rules.stakesInvalid"
  | "rules.stakesUnknownField"
  | "rules.stakesCurrency"
  | "rules.stakesAmount"
  | "rules.variantUnknown"
  | "rules.playersInvalid"
  | "rules.playersDuplicate"
  | "rules.playersCount"
  | "rules.firstDealerUnknown"
  | "rules.houseRulesNotObject"
  | "rules.houseRuleUnknown"
  | "rules.houseRuleWrongVariant"
  | "rules.houseRuleInvalid"
  | "rules.dealInvalid"
  | "rules.entryUnknownPlayer"
  | "rules.entryMissing"
  | "rules.entryInvalid"
  | "rules.entryUnknownField"
  | "rules.playsInvalid"
  | "rules.exchangedInvalid"
  | "rules.tricksInvalid"
  | "rules.revokeInvalid"
  | "rules.gameOver"
  | "rules.exchangedByPasser"
  | "rules.tricksByPasser"
  | "rules.revokeKnektpass"
  | "rules.exchangedBeyondTalon"
  | "rules.tricksByLurer"
  | "rules.revokeByLurer"
  | "rules.revokeNoCompulsion"
  | "rules.revokeLoneKnocker"
  | "rules.firstDealKnockers"
  | "rules.tricksMissingPlayed"
  | "rules.tricksMissingKnocked"
  | "rules.tricksSum"
  | "rules.tricksSumAtMost"
  | "rules.dealsInvalid";

/** How a deal changed each score, as shown beside it ("quota 2, took 1: +5"). */
export type ExplanationKey =
  | "rules.explainPassed"
  | "rules.explainLured"
  | "rules.explainVoidKnektpass"
  | "rules.explainVoidKnack"
  | "rules.explainVoidLoneKnocker"
  | "rules.explainLonePlayer"
  | "rules.explainQuota"
  | "rules.explainFirstDealTricks"
  | "rules.explainLoneKnocker"
  | "rules.explainRevokeKept"
  | "rules.explainRevoke"
  | "rules.explainLimpa"
  | "rules.explainTook"
  | "rules.explainReachesZero";

/** Parts of a problem's words: where it is, and what a house rule may be. */
export type PartKey = "rules.atDeal" | "rules.expectedRange" | "rules.expectedOr";

export type RulesMessageKey = PartKey | ProblemKey | ExplanationKey;

/**
 * One thing wrong with a record, located by deal (numbered from 1, void deals included) and player; `key` and
 * `params` say what, rendered with its location ("deal 3, Bo: …") where it is shown.
 */
export interface Problem extends RulesMessage {
  code: ProblemCode;
  deal?: number;
  player?: string;
  readonly key: ProblemKey;
}

export type ProblemCode =
  | "record.invalid"
  | "stakes.invalid"
  | "variant.unknown"
  | "players.invalid"
  | "players.count"
  | "players.duplicate"
  | "firstDealer.unknown"
  | "houseRules.invalid"
  | "houseRules.unknown"
  | "houseRules.wrongVariant"
  | "deals.invalid"
  | "deal.invalid"
  | "entry.unknownPlayer"
  | "entry.missing"
  | "entry.invalid"
  | "entry.unknownField"
  | "plays.invalid"
  | "exchanged.invalid"
  | "exchanged.byPasser"
  | "exchanged.beyondTalon"
  | "tricks.invalid"
  | "tricks.missing"
  | "tricks.byPasser"
  | "tricks.sum"
  | "revoke.invalid"
  | "revoke.notAllowed"
  | "firstDeal.knockers"
  | "game.over";

export interface DealResult {
  /** 1-based position in the record, void deals included. */
  number: number;
  void: boolean;
  /** Scores after the deal (at or below 0 shown as 0). */
  scores: Record<string, number>;
  /** Score after minus score before, per player. */
  changes: Record<string, number>;
  /** Players who got a limpa in this deal, in seat order. */
  limpa: string[];
  /** Whether the deal was played under trumftvång. */
  trumpCompulsion: boolean;
  /** Per player, how the deal changed their score. */
  explain: Record<string, RulesMessage>;
  dealer: string;
  /** Norrlands-Knack: the first deal of the game (RULES.md N3). */
  firstDeal: boolean;
  /** Players who won the game with this deal (empty unless the game ended here). */
  winners: string[];
}

export interface NextDeal {
  number: number;
  dealer: string;
  /** The player left of the dealer, who leads. */
  forehand: string;
  firstDeal: boolean;
  trumpCompulsion: boolean;
}

export interface GameResult {
  scores: Record<string, number>;
  /** Players who reached 0, in seat order; non-empty means the game is over. */
  winners: string[];
  /** Whether the next deal is played under trumftvång (false once the game is over). */
  trumpCompulsion: boolean;
  /** Limpa count per player. */
  limpa: Record<string, number>;
  /** null once the game is won. */
  nextDealer: string | null;
  deals: DealResult[];
  /** What the next deal looks like; null once the game is won. */
  nextDeal: NextDeal | null;
}
