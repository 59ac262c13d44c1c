/**
 * `npm run bench:rules` — how fast the rules engine scores deals. Generates valid games of up to 50 deals
 * (100,000 deals in all), then times validating and scoring the first 10,000 and all 100,000 deals:
 * - full: `evaluateGame`, with every deal's scores, changes and explanations (what the protokoll shows);
 * - standings: `evaluateGame(record, { detail: false })`, validation and final standings only;
 * - baseline: `JSON.parse` of the same records, in the same run, to put the figures in proportion.
 * Figures are medians of several runs, after a warm-up; the last line is machine-readable (full path).
 */
import { evaluateGame, type GameRecord } from "../lib/rules";
import { randomGame, seeded } from "../tests/support/random-game";
import { median } from "./support/stats";
import { problemText } from "@/lib/i18n/dictionaries";

const TOTAL = 100_000;
const RUNS = 9;

function generate(total: number): GameRecord[] {
  const rnd = seeded(2026);
  const games: GameRecord[] = [];
  let deals = 0;
  while (deals < total) {
    const game = randomGame(rnd, { maxDeals: Math.min(50, total - deals) });
    games.push(game);
    deals += game.deals.length;
  }
  return games;
}

function scoreAll(games: GameRecord[], detail = true): number {
  let scored = 0;
  for (const game of games) {
    const evaluation = evaluateGame(game, { detail });
    if (!evaluation.ok) throw new Error(problemText(evaluation.problems[0]!, "en"));
    scored += evaluation.result.nextDeal ? evaluation.result.nextDeal.number - 1 : game.deals.length;
  }
  return scored;
}

function time(run: () => number): { ms: number; deals: number } {
  let deals = 0;
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = process.hrtime.bigint();
    deals = run();
    samples.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return { ms: median(samples), deals };
}

const games = generate(TOTAL);
const small: GameRecord[] = [];
for (let n = 0, i = 0; n < TOTAL / 10; i++) {
  small.push(games[i]!);
  n += games[i]!.deals.length;
}
const players = games.reduce((t, g) => t + g.players.length, 0) / games.length;
console.log(
  `games=${games.length} avg_deals_per_game=${(TOTAL / games.length).toFixed(1)} avg_players=${players.toFixed(1)}`,
);

const json = JSON.stringify(games);
scoreAll(games); // warm-up: let the JIT see every path
scoreAll(games, false);
const baseline = time(() => (JSON.parse(json) as GameRecord[]).length && TOTAL);
const standings = time(() => scoreAll(games, false));
const tenK = time(() => scoreAll(small));
const hundredK = time(() => scoreAll(games));
const fmt = (ms: number) => ms.toFixed(1);
console.log(`baseline JSON.parse of the records: deals=${TOTAL} ms=${fmt(baseline.ms)}`);
console.log(
  `standings only: deals=${standings.deals} ms=${fmt(standings.ms)} (${(standings.ms / baseline.ms).toFixed(2)}× JSON.parse)`,
);
console.log(`full: deals=${tenK.deals} ms=${fmt(tenK.ms)}`);
console.log(
  `full: deals=${hundredK.deals} ms=${fmt(hundredK.ms)} (${(hundredK.ms / baseline.ms).toFixed(2)}× JSON.parse)`,
);
console.log(
  `growth: ${(hundredK.ms / tenK.ms).toFixed(2)}× the time for ${(hundredK.deals / tenK.deals).toFixed(2)}× the deals (linear: equal)`,
);
console.log(
  `per deal: full ${((hundredK.ms * 1000) / hundredK.deals).toFixed(2)} µs,`,
  `standings ${((standings.ms * 1000) / standings.deals).toFixed(2)} µs (median of ${RUNS} runs each)`,
);
console.log(`bench:rules deals=${hundredK.deals} ms=${fmt(hundredK.ms)}`);
