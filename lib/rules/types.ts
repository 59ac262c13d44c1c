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

/** A text in both of the product's languages. */
export interface Localized {
  en: string;
  sv: string;
}

/** One thing wrong with a record, located by deal (numbered from 1, void deals included) and player. */
export interface Problem {
  code: ProblemCode;
  deal?: number;
  player?: string;
  /** English, with its location ("deal 3, Bo: …"). */
  message: string;
  /** Swedish, with its location ("giv 3, Bo: …"). */
  messageSv: string;
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
  explain: Record<string, Localized>;
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
