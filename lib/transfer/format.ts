/**
 * The export formats: one evening, or a backup of many, each game in the rules engine's game-record format
 * (README "The game record"). Plain data and pure functions: validation of an import happens here, entirely,
 * before anything is written.
 */
import { createHash } from "node:crypto";
import { evaluateGame, type GameRecord, type Problem, type VariantId } from "@/lib/rules";
import { translate, type Message } from "@/lib/i18n/dictionaries";
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

/** A problem in an import file, located as precisely as possible; `text` is translated where it is shown. */
export interface ImportProblem {
  evening?: number;
  game?: number;
  deal?: number;
  player?: string;
  text: Message;
  /** The English rendering. */
  message: string;
}

type Where = Omit<ImportProblem, "text" | "message">;

function problem(where: Where, text: Message): ImportProblem {
  return { ...where, text, message: translate(text, "en") };
}

/** A message as a parameter of another: its text in both languages. */
function inBoth(text: Message): { en: string; sv: string } {
  return { en: translate(text, "en"), sv: translate(text, "sv") };
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
  if (!isObject(input)) return { evenings: [], problems: [problem({}, { key: "importProblem.notObject" })] };
  if (input.format === BACKUP_FORMAT) {
    if (!Array.isArray(input.evenings))
      return { evenings: [], problems: [problem({}, { key: "importProblem.backupList" })] };
    if (input.evenings.length > MAX_EVENINGS)
      return {
        evenings: [],
        problems: [problem({}, { key: "importProblem.backupMax", params: { max: MAX_EVENINGS } })],
      };
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
  const notOurs = problem(
    {},
    { key: "importProblem.notProtokoll", params: { backup: BACKUP_FORMAT, evening: EVENING_FORMAT } },
  );
  return { evenings: [], problems: [notOurs] };
}

function readEvening(
  raw: unknown,
  index: number | undefined,
): { evening: EveningData | null; problems: ImportProblem[] } {
  const at = index === undefined ? {} : { evening: index };
  const label = inBoth(
    index === undefined ? { key: "importProblem.theEvening" } : { key: "importProblem.eveningN", params: { n: index } },
  );
  if (!isObject(raw))
    return { evening: null, problems: [problem(at, { key: "importProblem.eveningObject", params: { label } })] };
  const problems: ImportProblem[] = [];
  const say = (text: Message, where: Where = at) => problems.push(problem(where, text));
  const { title, date, place, variant, houseRules, games, ended } = raw;
  // The evening's details are checked by the same schema as the form's; the file's wording names the field.
  const details = EveningDetailsSchema.safeParse({ title, date, place, variant, houseRules });
  const wrong = new Set(details.success ? [] : details.error.issues.map((issue) => String(issue.path[0])));
  if (wrong.has("title")) say({ key: "importProblem.title", params: { label, max: EVENING_TITLE_MAX } });
  if (wrong.has("date"))
    say(
      typeof date === "string" && /^\d{4}-\d{2}-\d{2}$/.test(date)
        ? { key: "importProblem.noSuchDate", params: { label, date } }
        : { key: "importProblem.dateShape", params: { label } },
    );
  if (wrong.has("place")) say({ key: "importProblem.place", params: { label, max: EVENING_TITLE_MAX } });
  if (wrong.has("variant"))
    say({ key: "importProblem.variant", params: { label, variant: JSON.stringify(variant) ?? "undefined" } });
  if (wrong.has("houseRules")) say({ key: "importProblem.houseRules", params: { label } });
  if (!Array.isArray(games) || games.length === 0 || games.length > 200)
    say({ key: "importProblem.games", params: { label } });
  if (problems.length) return { evening: null, problems };
  const list = games as unknown[];
  list.forEach((game, g) => {
    const read = readGame(game, index, g + 1);
    problems.push(...read.problems);
    const where = { ...at, game: g + 1 };
    if (!read.problems.length && (game as GameRecord).variant !== variant)
      say(
        {
          key: "importProblem.gameVariant",
          params: { label, game: g + 1, gameVariant: (game as GameRecord).variant, variant: String(variant) },
        },
        where,
      );
    if (!read.problems.length && g < list.length - 1 && !read.won)
      say({ key: "importProblem.notWon", params: { label, game: g + 1 } }, where);
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
  if (evaluation.ok) return { problems: [], won: evaluation.result.winners.length > 0 };
  const label = evening === undefined ? "" : inBoth({ key: "importProblem.eveningN", params: { n: evening } });
  const where = label ? { en: `${label.en}, `, sv: `${label.sv}, ` } : "";
  return {
    won: false,
    problems: evaluation.problems.map((p: Problem) =>
      problem(
        {
          ...(evening === undefined ? {} : { evening }),
          game,
          ...(p.deal !== undefined ? { deal: p.deal } : {}),
          ...(p.player !== undefined ? { player: p.player } : {}),
        },
        // The rules engine says what is wrong in both languages.
        { key: "importProblem.gameProblem", params: { where, game, problem: { en: p.message, sv: p.messageSv } } },
      ),
    ),
  };
}
