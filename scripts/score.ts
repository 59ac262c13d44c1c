/**
 * `npm run --silent score -- FILE...` — scores game records (README "The score command").
 * One JSON line per valid FILE on stdout; problems on stderr naming the file, deal and player.
 * Exit 2 when any FILE was invalid (or none was given), 0 otherwise.
 */
import { readFileSync } from "node:fs";
import { evaluateGame, parseStakes, settle } from "../lib/rules";
import { bothLanguages, problemText } from "../lib/i18n/dictionaries";

function scoreFile(file: string): boolean {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    process.stderr.write(`${file}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})\n`);
    return false;
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch (error) {
    process.stderr.write(`${file}: not valid JSON (${(error as Error).message})\n`);
    return false;
  }
  const evaluation = evaluateGame(record);
  // A record with stakes also gets its settlement (README "Stakes and settlement").
  const withStakes = typeof record === "object" && record !== null && "stakes" in record;
  const stakes = withStakes ? parseStakes((record as { stakes: unknown }).stakes) : null;
  const problems = [...(evaluation.ok ? [] : evaluation.problems), ...(stakes?.problems ?? [])];
  if (!evaluation.ok || problems.length) {
    for (const p of problems) process.stderr.write(`${file}: ${problemText(p, "en")}\n`);
    return false;
  }
  const { result } = evaluation;
  // The engine's explanations are message keys; the command prints them in both languages, as documented.
  const deals = result.deals.map((deal) => ({
    ...deal,
    explain: Object.fromEntries(Object.entries(deal.explain).map(([name, text]) => [name, bothLanguages(text)])),
  }));
  const output: Record<string, unknown> = { ...result, deals };
  if (stakes?.stakes) {
    const players = (record as { players: string[] }).players;
    const { currency, net, payments } = settle(
      [{ players, winners: result.winners, scores: result.scores, limpa: result.limpa }],
      stakes.stakes,
    );
    output.settlement = { currency, net, payments };
  }
  process.stdout.write(JSON.stringify(output) + "\n");
  return true;
}

const files = process.argv.slice(2);
if (files.length === 0) {
  process.stderr.write("usage: npm run --silent score -- FILE...\n");
  process.exitCode = 2;
} else {
  let allValid = true;
  for (const file of files) allValid = scoreFile(file) && allValid;
  process.exitCode = allValid ? 0 : 2;
}
