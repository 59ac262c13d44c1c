/**
 * `npm run bench:odds` — how honest the live odds are (README "Live odds", decision 022): generates games of each
 * variant with the project's random-game generator (its own seed, not the tests'), keeps the finished ones, learns
 * the deal model from 500 of each variant and evaluates the odds at every position (before the first deal and after
 * each) of 200 others against who won. Prints the Brier score against "everyone 1/n" and "the leader wins", the
 * expected calibration error over ten bins, and the time of one position (500 rollouts). Last line:
 * `bench:odds games=N positions=P brier=B brier_uniform=U brier_leader=L ece=E ms_p95=T`; exit 1 when
 * B > 0.8 × min(U, L), E > 0.02 or T > 50.
 */
import { createScorer, evaluateGame, type GameRecord, type VariantId } from "../lib/rules";
import { learnModel, ROLLOUTS, seededRandom, winChances } from "../lib/stats/odds";
import { randomGame, seeded } from "../tests/support/random-game";
import { quantile } from "./support/stats";

const LEARN = 500;
const EVALUATE = 200;
/** The generator's games are capped: one that has not ended by then drifts, and is dropped. */
const MAX_DEALS = 120;

const rnd = seeded(20261205);
let brier = 0;
let brierUniform = 0;
let brierLeader = 0;
let positions = 0;
let games = 0;
const bins = Array.from({ length: 10 }, () => ({ n: 0, p: 0, y: 0 }));
const times: number[] = [];

for (const variant of ["knektpass", "norrlands-knack"] as VariantId[]) {
  const finished: GameRecord[] = [];
  while (finished.length < LEARN + EVALUATE) {
    const game = randomGame(rnd, { variant, maxDeals: MAX_DEALS });
    if (evaluateGame(game).result?.winners.length) finished.push(game);
  }
  const model = learnModel(variant, finished.slice(0, LEARN));
  const chance = seededRandom(7);
  for (const record of finished.slice(LEARN)) {
    games++;
    const winners = evaluateGame(record).result!.winners;
    const y = (p: string) => (winners.includes(p) ? 1 / winners.length : 0);
    const created = createScorer(record, { detail: false });
    if (!created.ok) throw new Error("a generated game did not score");
    const scorer = created.scorer;
    for (let d = 0; d <= record.deals.length; d++) {
      if (d > 0) scorer.push(record.deals[d - 1]!);
      const started = performance.now();
      const odds = winChances(scorer, model, chance, ROLLOUTS);
      times.push(performance.now() - started);
      const scores = scorer.standing;
      const best = Math.min(...scores);
      const leaders = record.players.filter((_, s) => scores[s] === best);
      for (const p of record.players) {
        const q = odds[p]!;
        brier += (q - y(p)) ** 2;
        brierUniform += (1 / record.players.length - y(p)) ** 2;
        brierLeader += ((leaders.includes(p) ? 1 / leaders.length : 0) - y(p)) ** 2;
        const bin = bins[Math.min(9, Math.floor(q * 10))]!;
        bin.n++;
        bin.p += q;
        bin.y += y(p);
      }
      positions++;
    }
  }
  console.log(`bench:odds ${variant}: learned from ${LEARN} finished games, evaluated ${EVALUATE}`);
}

const predictions = bins.reduce((n, b) => n + b.n, 0);
const ece = bins.reduce((sum, b) => (b.n ? sum + (b.n / predictions) * Math.abs(b.p / b.n - b.y / b.n) : sum), 0);
const B = brier / positions;
const U = brierUniform / positions;
const L = brierLeader / positions;
const T = quantile(times, 0.95);
for (const [i, b] of bins.entries())
  if (b.n)
    console.log(
      `  bin ${(i / 10).toFixed(1)}–${((i + 1) / 10).toFixed(1)}: ${b.n} predictions, mean ${(b.p / b.n).toFixed(3)}, won ${(b.y / b.n).toFixed(3)}`,
    );
console.log(
  `bench:odds games=${games} positions=${positions} brier=${B.toFixed(4)} brier_uniform=${U.toFixed(4)} brier_leader=${L.toFixed(4)} ece=${ece.toFixed(4)} ms_p95=${T.toFixed(1)}`,
);
if (B > 0.8 * Math.min(U, L) || ece > 0.02 || T > 50) process.exitCode = 1;
