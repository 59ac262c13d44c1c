/**
 * The rules engine: Knektpass and Norrlands-Knack scored exactly as RULES.md says. Pure functions over plain
 * data — no Next, Prisma or React — so the server, the browser and the `score` command share it.
 */
import { problem, RulesError } from "./problems";
import { parseDeal } from "./record";
import { createScorer, type ScorerOptions } from "./scorer";
import type { GameRecord, GameResult, Problem } from "./types";

export * from "./types";
export { RulesError } from "./problems";
export { GameScorer, createScorer, knektpassQuota, scorerAfter, type ScorerOptions } from "./scorer";
export {
  parseSetup,
  parseDeal,
  toRecord,
  exchangeRounds,
  cardsExchanged,
  sameEntries,
  hasControlCharacters,
  MAX_NAME_LENGTH,
  type GameSetup,
  type ParsedDeal,
} from "./record";
export {
  VARIANTS,
  VARIANT_IDS,
  HOUSE_RULE_VALUES,
  houseRuleNames,
  isVariantId,
  resolveHouseRules,
  talonSize,
} from "./variants";
export type { VariantDefinition } from "./variants";
export { closestToZero, playersAtOne } from "./standing";
export {
  MAX_STAKE,
  NO_STAKES,
  parseStakes,
  playsForMoney,
  settle,
  ownValue,
  settledGame,
  settlePayments,
  type GameLine,
  type GameMoney,
  type Payment,
  type SettledGame,
  type Settlement,
  type Stakes,
} from "./settlement";

export type Evaluation =
  { ok: true; result: GameResult; problems: [] } | { ok: false; result: null; problems: Problem[] };

/**
 * Validates and scores a record in one pass. Every problem is reported with its deal and player: shape
 * problems of every deal, and rule problems up to the first deal that is wrong (after it the game's state is
 * unknown, so later rule checks would only mislead).
 */
export function evaluateGame(record: unknown, options: ScorerOptions = {}): Evaluation {
  const created = createScorer(record, options);
  if (!created.ok) return { ok: false, result: null, problems: created.problems };
  const { scorer } = created;
  const deals = (record as { deals?: unknown }).deals;
  if (!Array.isArray(deals)) {
    return {
      ok: false,
      result: null,
      problems: [problem("deals.invalid", {}, "rules.dealsInvalid")],
    };
  }
  const problems: Problem[] = [];
  const { players } = scorer.setup;
  const seatOf = new Map(players.map((p, i) => [p, i]));
  for (let i = 0; i < deals.length; i++) {
    if (problems.length === 0) {
      const pushed = scorer.push(deals[i]);
      if (!pushed.ok) problems.push(...pushed.problems);
    } else {
      problems.push(...parseDeal(players, seatOf, deals[i], i + 1).problems);
    }
  }
  return problems.length ? { ok: false, result: null, problems } : { ok: true, result: scorer.result(), problems: [] };
}

/** All problems of a record, each with its deal and player; empty when it is valid. */
export function validateGame(record: unknown): Problem[] {
  return evaluateGame(record).problems;
}

/** Scores a valid record; throws RulesError listing every problem otherwise. */
export function scoreGame(record: GameRecord | unknown): GameResult {
  const evaluation = evaluateGame(record);
  if (!evaluation.ok) throw new RulesError(evaluation.problems);
  return evaluation.result;
}
