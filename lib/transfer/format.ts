/**
 * The export formats: one evening, or a backup of many, each game in the rules engine's game-record format
 * (README "The game record"). Plain data and pure functions: validation of an import happens here, entirely,
 * before anything is written.
 */
import { createHash } from "node:crypto";
import { evaluateGame, type GameRecord, type Problem, type VariantId } from "@/lib/rules";
import { EVENING_TITLE_MAX, EveningDetailsSchema } from "@/lib/schemas/evening";

export const EVENING_FORMAT = "protokoll.evening";
export const BACKUP_FORMAT = "protokoll.backup";
export const FORMAT_VERSION = 1;

export interface EveningData {
  title: string;
  /** YYYY-MM-DD */
  date: string;
  place: string | null;
  variant: VariantId;
  houseRules: Record<string, unknown>;
  ended: boolean;
  games: GameRecord[];
}

export interface EveningExport extends EveningData {
  format: typeof EVENING_FORMAT;
  version: number;
  exportedAt: string;
}

export interface BackupExport {
  format: typeof BACKUP_FORMAT;
  version: number;
  exportedAt: string;
  evenings: EveningData[];
}

/** A problem in an import file, located as precisely as possible. */
export interface ImportProblem {
  evening?: number;
  game?: number;
  deal?: number;
  player?: string;
  message: string;
}

/** A fingerprint of an evening's content: the same evening imported twice has the same key. */
export function importKey(evening: EveningData): string {
  const canonical = JSON.stringify([
    evening.title,
    evening.date,
    evening.place,
    evening.variant,
    evening.houseRules,
    evening.games,
  ]);
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 43);
}

const MAX_EVENINGS = 5_000;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads an import: a backup, one evening, or a single game record. Returns the evenings, or every problem
 * found (which evening, game, deal and player) — in which case nothing may be written.
 */
export function readImport(input: unknown, today: string): { evenings: EveningData[]; problems: ImportProblem[] } {
  if (!isObject(input)) return { evenings: [], problems: [{ message: "The file must hold a JSON object." }] };
  if (input.format === BACKUP_FORMAT) {
    if (!Array.isArray(input.evenings))
      return { evenings: [], problems: [{ message: "A backup must list its evenings." }] };
    if (input.evenings.length > MAX_EVENINGS)
      return { evenings: [], problems: [{ message: `A backup may hold at most ${MAX_EVENINGS} evenings.` }] };
    const problems: ImportProblem[] = [];
    const evenings: EveningData[] = [];
    input.evenings.forEach((raw, i) => {
      const read = readEvening(raw, i + 1);
      problems.push(...read.problems);
      if (read.evening) evenings.push(read.evening);
    });
    return { evenings: problems.length ? [] : evenings, problems };
  }
  if (input.format === EVENING_FORMAT) {
    const read = readEvening(input, undefined);
    return { evenings: read.evening && !read.problems.length ? [read.evening] : [], problems: read.problems };
  }
  if ("variant" in input && "deals" in input) {
    // A single game record, as the `score` command reads it.
    const game = readGame(input, undefined, 1);
    if (game.problems.length) return { evenings: [], problems: game.problems };
    const record = input as unknown as GameRecord;
    return {
      evenings: [
        {
          title: "Imported game",
          date: today,
          place: null,
          variant: record.variant,
          houseRules: record.houseRules ?? {},
          ended: false,
          games: [record],
        },
      ],
      problems: [],
    };
  }
  return {
    evenings: [],
    problems: [
      {
        message: `Not a Protokoll file: expected "format": "${BACKUP_FORMAT}" or "${EVENING_FORMAT}", or a game record.`,
      },
    ],
  };
}

function readEvening(
  raw: unknown,
  index: number | undefined,
): { evening: EveningData | null; problems: ImportProblem[] } {
  const at = index === undefined ? {} : { evening: index };
  const label = index === undefined ? "The evening" : `Evening ${index}`;
  if (!isObject(raw)) return { evening: null, problems: [{ ...at, message: `${label} must be an object.` }] };
  const problems: ImportProblem[] = [];
  const { title, date, place, variant, houseRules, games, ended } = raw;
  // The evening's details are checked by the same schema as the form's; the file's wording names the field.
  const details = EveningDetailsSchema.safeParse({ title, date, place, variant, houseRules });
  const wrong = new Set(details.success ? [] : details.error.issues.map((issue) => String(issue.path[0])));
  if (wrong.has("title"))
    problems.push({ ...at, message: `${label}: the title must be 1–${EVENING_TITLE_MAX} characters.` });
  if (wrong.has("date"))
    problems.push({
      ...at,
      message:
        typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date)
          ? `${label}: ${date} is not a date in the calendar.`
          : `${label}: the date must look like 2026-12-02.`,
    });
  if (wrong.has("place"))
    problems.push({ ...at, message: `${label}: the place must be text of at most ${EVENING_TITLE_MAX} characters.` });
  if (wrong.has("variant")) problems.push({ ...at, message: `${label}: unknown game ${JSON.stringify(variant)}.` });
  if (wrong.has("houseRules")) problems.push({ ...at, message: `${label}: houseRules must be an object.` });
  if (!Array.isArray(games) || games.length === 0 || games.length > 200)
    problems.push({ ...at, message: `${label}: games must be a list of 1–200 game records.` });
  if (problems.length) return { evening: null, problems };
  const list = games as unknown[];
  list.forEach((game, g) => {
    const read = readGame(game, index, g + 1);
    problems.push(...read.problems);
    if (!read.problems.length && (game as GameRecord).variant !== variant)
      problems.push({
        ...at,
        game: g + 1,
        message: `${label}, game ${g + 1}: its game is ${(game as GameRecord).variant}, the evening's is ${String(variant)}.`,
      });
    if (!read.problems.length && g < list.length - 1 && !read.won)
      problems.push({
        ...at,
        game: g + 1,
        message: `${label}, game ${g + 1}: a game before the last must have been won.`,
      });
  });
  if (problems.length) return { evening: null, problems };
  return {
    evening: {
      title: (title as string).trim(),
      date: date as string,
      place: (place as string | null | undefined) ?? null,
      variant: variant as VariantId,
      houseRules: (houseRules as Record<string, unknown> | undefined) ?? {},
      ended: ended === true,
      games: list as GameRecord[],
    },
    problems: [],
  };
}

function readGame(
  raw: unknown,
  evening: number | undefined,
  game: number,
): { problems: ImportProblem[]; won: boolean } {
  const evaluation = evaluateGame(raw);
  const prefix = `${evening === undefined ? "" : `Evening ${evening}, `}game ${game}`;
  if (evaluation.ok) return { problems: [], won: evaluation.result.winners.length > 0 };
  return {
    won: false,
    problems: evaluation.problems.map((p: Problem) => ({
      ...(evening === undefined ? {} : { evening }),
      game,
      ...(p.deal !== undefined ? { deal: p.deal } : {}),
      ...(p.player !== undefined ? { player: p.player } : {}),
      message: `${prefix}: ${p.message}`,
    })),
  };
}
