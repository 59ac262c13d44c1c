/**
 * `npm run --silent score -- FILE...` — scores game records (README "The score command").
 * One JSON line per valid FILE on stdout; problems on stderr naming the file, deal and player.
 * Exit 2 when any FILE was invalid (or none was given), 0 otherwise.
 *
 * `npm run --silent score -- --season [--best N] FILE...` — the season table and records of these records of one
 * game, in the order played (README "Seasons and records"): one JSON document, or nothing when any is invalid.
 *
 * `npm run --silent score -- --ratings FILE...` — the players' ratings after these records, finished ones rated in
 * the order given (README "Ratings"): `{"ratings": {"<player>": {"mu", "sigma", "ordinal"}}}`.
 *
 * `npm run --silent score -- --odds [--history-dir DIR] [--seed N] FILE...` — each player's chance of winning
 * before the first deal and after each deal, one line per FILE (README "Live odds").
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { evaluateGame, parseStakes, settle, type GameRecord, type GameResult } from "../lib/rules";
import { bothLanguages, problemText } from "../lib/i18n/dictionaries";
import { groupRecords, seasonTable, type SeasonGame } from "../lib/stats/season";
import { summarizeGame } from "../lib/stats/summary";
import { replayRatings } from "../lib/stats/ratings";
import { learnModel, oddsOfGame, type DealModel } from "../lib/stats/odds";
import path from "node:path";
import { IMPORT_FILE_BYTES } from "../lib/transfer/size.mjs";
import { MAX_DEALS_PER_GAME } from "../lib/transfer/limits";

const fail = (file: string, message: string) => {
  process.stderr.write(`${file}: ${message}\n`);
  return false as const;
};

/**
 * A game record's JSON: only from a regular file (a pipe or a device such as /dev/zero would never end) of at most
 * the size the app imports, a UTF-8 byte order mark allowed, with at most the deals a game may have in the app.
 */
function readJson(file: string): { value: unknown } | false {
  let text: string;
  try {
    const stat = statSync(file);
    if (!stat.isFile()) return fail(file, "not a regular file");
    if (stat.size > IMPORT_FILE_BYTES) return fail(file, `larger than ${IMPORT_FILE_BYTES} bytes`);
    text = readFileSync(file, "utf8").replace(/^\uFEFF/, "");
  } catch (error) {
    return fail(file, `cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail(file, `not valid JSON (${(error as Error).message})`);
  }
  const deals = typeof value === "object" && value !== null ? (value as { deals?: unknown }).deals : undefined;
  if (Array.isArray(deals) && deals.length > MAX_DEALS_PER_GAME)
    return fail(file, `${deals.length} deals: a game has at most ${MAX_DEALS_PER_GAME}`);
  return { value };
}

function scoreFile(file: string): boolean {
  const read = readJson(file);
  if (!read) return false;
  const record = read.value;
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

/** A record of a season: its game, scored, with the evening it belongs to and its date. */
function seasonGame(file: string): (SeasonGame & { variant: GameRecord["variant"] }) | false {
  const read = readJson(file);
  if (!read) return false;
  const evaluation = evaluateGame(read.value);
  if (!evaluation.ok) {
    for (const p of evaluation.problems) fail(file, problemText(p, "en"));
    return false;
  }
  const { evening, date } = read.value as { evening?: unknown; date?: unknown };
  if (evening !== undefined && (typeof evening !== "string" || !evening.trim()))
    return fail(file, `"evening" must be a non-empty string, not ${JSON.stringify(evening)}`);
  if (date !== undefined && (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}/.test(date)))
    return fail(file, `"date" must be a date written YYYY-MM-DD, not ${JSON.stringify(date)}`);
  const record = read.value as GameRecord;
  const result: GameResult = evaluation.result;
  return {
    variant: record.variant,
    // A record without an evening is an evening of its own.
    eveningId: evening ?? file,
    game: file,
    date: date ? date.slice(0, 10) : null,
    players: record.players,
    summary: summarizeGame(record, result),
  };
}

function season(files: string[], best: number | null): boolean {
  const games = files.map(seasonGame);
  if (games.some((g) => !g)) return false;
  const scored = games as Exclude<(typeof games)[number], false>[];
  const variants = new Set(scored.map((g) => g.variant));
  if (variants.size > 1)
    return fail(files.join(", "), `a season is of one game: these records mix ${[...variants].join(" and ")}`);
  const table = seasonTable(scored, { best });
  const records = groupRecords(scored, scored[0]!.variant);
  const output = {
    season: table.map(({ player, points, evenings, games, wins, limpas, loneWins }) => ({
      player,
      points,
      evenings,
      games,
      wins,
      limpas,
      loneWins,
    })),
    records: records.map(({ record, players, value, evening, game, deal }) => ({
      record,
      player: players.join(" & "),
      value,
      evening,
      game,
      deal,
    })),
  };
  process.stdout.write(JSON.stringify(output) + "\n");
  return true;
}

/** The ratings after rating these records in the order given (whatever their game; unfinished ones skipped). */
function ratings(files: string[]): boolean {
  const games = files.map(seasonGame);
  if (games.some((g) => !g)) return false;
  const rated = replayRatings(games as Exclude<(typeof games)[number], false>[]);
  process.stdout.write(JSON.stringify({ ratings: Object.fromEntries(rated) }) + "\n");
  return true;
}

/** The odds of each record, with the model learned from the game records in `dir` (or the prior). */
function odds(files: string[], dir: string | null, seed: number): boolean {
  const history: GameRecord[] = [];
  if (dir) {
    let names: string[];
    try {
      names = readdirSync(dir).filter((f) => f.endsWith(".json"));
    } catch (error) {
      return fail(dir, `cannot read the folder (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    // What is not a game record is left out of the history, saying so (the exit status is the FILEs').
    for (const name of names.sort()) {
      const file = path.join(dir, name);
      const read = readJson(file);
      if (!read) {
        fail(file, "left out of the history");
        continue;
      }
      const evaluation = evaluateGame(read.value);
      if (evaluation.ok) history.push(read.value as GameRecord);
      else fail(file, `left out of the history: ${evaluation.problems.map((p) => problemText(p, "en")).join("; ")}`);
    }
    if (!history.length) fail(dir, "no game record (*.json) to learn from: the odds are the prior's");
  }
  let allValid = true;
  const models = new Map<GameRecord["variant"], DealModel>();
  for (const file of files) {
    const read = readJson(file);
    if (!read) {
      allValid = false;
      continue;
    }
    const evaluation = evaluateGame(read.value);
    if (!evaluation.ok) {
      for (const p of evaluation.problems) fail(file, problemText(p, "en"));
      allValid = false;
      continue;
    }
    const record = read.value as GameRecord;
    let model = models.get(record.variant);
    if (!model) models.set(record.variant, (model = learnModel(record.variant, history)));
    const chances = oddsOfGame(record, model, seed);
    process.stdout.write(JSON.stringify({ odds: chances }) + "\n");
  }
  return allValid;
}

const usage = [
  "usage: npm run --silent score -- FILE...",
  "       npm run --silent score -- --season [--best N] FILE...",
  "       npm run --silent score -- --ratings FILE...",
  "       npm run --silent score -- --odds [--history-dir DIR] [--seed N] FILE...   (N: 0 to 999999999)",
  "",
].join("\n");
const args = process.argv.slice(2);
if (args[0] === "--season") {
  let files = args.slice(1);
  let best: number | null = null;
  if (files[0] === "--best") {
    best = /^[1-9]\d*$/.test(files[1] ?? "") ? Number(files[1]) : NaN;
    files = files.slice(2);
  }
  if (Number.isNaN(best)) {
    process.stderr.write(`--best takes a whole number of evenings, 1 or more\n${usage}`);
    process.exitCode = 2;
  } else if (files.length === 0) {
    process.stderr.write(usage);
    process.exitCode = 2;
  } else {
    process.exitCode = season(files, best) ? 0 : 2;
  }
} else if (args[0] === "--odds") {
  let rest = args.slice(1);
  let dir: string | null = null;
  let seed = 1;
  let bad: string | null = null;
  while (rest[0] === "--history-dir" || rest[0] === "--seed") {
    if (rest[0] === "--history-dir") dir = rest[1] ?? null;
    else if (/^\d{1,9}$/.test(rest[1] ?? "")) seed = Number(rest[1]);
    else bad = "--seed takes a whole number from 0 to 999999999";
    if (rest[1] === undefined) bad = `${rest[0]} needs a value`;
    rest = rest.slice(2);
  }
  if (bad || rest.length === 0) {
    process.stderr.write(`${bad ? `${bad}\n` : ""}${usage}`);
    process.exitCode = 2;
  } else process.exitCode = odds(rest, dir, seed) ? 0 : 2;
} else if (args[0] === "--ratings") {
  const files = args.slice(1);
  if (files.length === 0) {
    process.stderr.write(usage);
    process.exitCode = 2;
  } else process.exitCode = ratings(files) ? 0 : 2;
} else if (args.length === 0) {
  process.stderr.write(usage);
  process.exitCode = 2;
} else {
  let allValid = true;
  for (const file of args) allValid = scoreFile(file) && allValid;
  process.exitCode = allValid ? 0 : 2;
}
