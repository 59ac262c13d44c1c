/**
 * The yardstick the live odds must beat (decision 022): a one-line heuristic that knows nothing of the rules — a
 * softmax of each player's distance from the leader (`closestWins`), with one temperature per variant fitted on
 * every position of the learning games (least Brier score).
 */
import { createScorer, evaluateGame, type GameRecord, type GameScorer } from "@/lib/rules";
import { closestWins, fitTemperature } from "@/lib/stats/odds";

export { closestWins as softmaxChances };

/**
 * Every position of a record — before the first deal and after each, the last being the finished game's: the scorer
 * after `deals` deals (one scorer, moved on).
 */
export function* positionsOf(record: GameRecord): Generator<{ scorer: GameScorer; deals: number }> {
  const created = createScorer(record, { detail: false });
  if (!created.ok) throw new Error("a game record did not score");
  const scorer = created.scorer;
  for (let deals = 0; deals <= record.deals.length; deals++) {
    yield { scorer, deals };
    if (scorer.isOver || (deals < record.deals.length && !scorer.push(record.deals[deals]!).ok)) return;
  }
}

/** The temperature with the least Brier score over every position of these finished games. */
export function fitSoftmax(games: GameRecord[]): number {
  const positions: { scores: number[]; won: number[] }[] = [];
  for (const record of games) {
    const winners = evaluateGame(record).result?.winners ?? [];
    if (!winners.length) continue;
    const won = record.players.map((p) => (winners.includes(p) ? 1 / winners.length : 0));
    for (const { scorer } of positionsOf(record)) positions.push({ scores: [...scorer.standing], won });
  }
  return fitTemperature(positions, 1);
}
