/**
 * `npm run --silent score -- FILE...` — scores game records (README "The score command").
 * One JSON line per valid FILE on stdout; problems on stderr naming the file, deal and player.
 * Exit 2 when any FILE was invalid (or none was given), 0 otherwise.
 */
import { readFileSync } from "node:fs";
import { evaluateGame } from "../lib/rules";

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
  if (!evaluation.ok) {
    for (const p of evaluation.problems) process.stderr.write(`${file}: ${p.message}\n`);
    return false;
  }
  process.stdout.write(JSON.stringify(evaluation.result) + "\n");
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
