/**
 * The export formats: one evening, or a backup of many, each game in the rules engine's game-record format
 * (README "The game record"). Plain data and pure functions: validation of an import happens here, entirely,
 * before anything is written.
 */
import { createHash } from "node:crypto";
import {
  evaluateGame,
  parseSetup,
  parseStakes,
  playsForMoney,
  settle,
  settledGame,
  type GameRecord,
  type Payment,
  type Problem,
  type Stakes,
  type VariantId,
} from "@/lib/rules";
import { problemInBoth, translate, type Message } from "@/lib/i18n/dictionaries";
import { hasForbiddenCharacters, looksEmpty, sameNames } from "@/lib/schemas/names";
import { IMPORT_LIMITS } from "./limits";
import { EVENING_TITLE_MAX, EveningDetailsSchema } from "@/lib/schemas/evening";
import { z } from "zod";
import { RULE_SET_NAME_MAX, RuleSetSchema } from "@/lib/schemas/rule-set";
import { GroupNameSchema, GroupPlayerNameSchema, SeasonFieldsSchema } from "@/lib/schemas/group";

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
  /** Only for an evening played for money: its stakes in whole minor units. */
  stakes?: Stakes;
  /** The saved rule set the evening was started from, by its name then. */
  ruleSet?: string;
  /** The group the evening is kept for: the `key` of one of the backup's groups. */
  group?: string;
  /** In a group's evening: each name on the sheet → the group's player it is. */
  groupPlayers?: Record<string, string>;
  games: GameRecord[];
}

/** An evening as exported: with its settlement when it is played for money (computed; ignored on import). */
export interface ExportedEvening extends EveningData {
  settlement?: { currency: string; net: Record<string, number>; payments: Payment[] };
}

export interface EveningExport extends ExportedEvening {
  format: typeof EVENING_FORMAT;
  version: number;
  exportedAt: string;
}

/** A saved rule set in a backup: name, game, house rules, stakes. */
export interface RuleSetData {
  name: string;
  variant: VariantId;
  houseRules: Record<string, unknown>;
  stakes: Stakes | null;
}

/** A group in a backup: members by account name, its players with their merges, its seasons. */
export interface GroupData {
  /** The group's name in this file, for its evenings' `group`. */
  key: string;
  name: string;
  members: { account: string; admin: boolean }[];
  /** `mergedInto`: the player this one is read as (a merge); `account`: the member it is. */
  players: { name: string; account: string | null; mergedInto: string | null }[];
  seasons: { variant: VariantId; name: string; startsOn: string; endsOn: string; bestEvenings: number | null }[];
}

export interface BackupExport {
  format: typeof BACKUP_FORMAT;
  version: number;
  exportedAt: string;
  evenings: ExportedEvening[];
  ruleSets: RuleSetData[];
  /** The groups of the account (absent in files from before groups). */
  groups?: GroupData[];
}

/** What an evening moves between its players, for an evening played for money: the rules module's settlement. */
export function eveningSettlement(evening: EveningData): ExportedEvening["settlement"] {
  if (!playsForMoney(evening.stakes)) return undefined;
  const games = evening.games.flatMap((record) => {
    const result = evaluateGame(record).result;
    return result ? [settledGame(record, result)] : [];
  });
  const { currency, net, payments } = settle(games, evening.stakes);
  return { currency, net, payments };
}

/** An evening as it goes into a file: its data, and its settlement when it is played for money. */
export function toExportedEvening(evening: EveningData): ExportedEvening {
  const settlement = eveningSettlement(evening);
  return settlement ? { ...evening, settlement } : evening;
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
    // Added to the format later: only an evening played for money carries them, so older keys stay the same.
    ...(evening.stakes ? [evening.stakes, evening.ruleSet ?? null] : []),
  ]);
  return createHash("sha256").update(canonical).digest("base64url").slice(0, 43);
}

const MAX_EVENINGS = IMPORT_LIMITS.evenings;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * Reads an import: a backup, one evening, or a single game record. Returns the evenings, or every problem
 * found (which evening, game, deal and player) — in which case nothing may be written.
 */
export interface ReadImport {
  evenings: EveningData[];
  ruleSets: RuleSetData[];
  groups: GroupData[];
  problems: ImportProblem[];
}

export function readImport(input: unknown, today: string): ReadImport {
  const read = readFile(input, today);
  return { ruleSets: [], groups: [], ...read };
}

/**
 * `readImport`, giving way between the evenings of a backup (`pause`), so a large file is checked in slices
 * that leave room for other requests.
 */
export async function readImportInSlices(
  input: unknown,
  today: string,
  pause: () => Promise<void>,
): Promise<ReadImport> {
  if (!isObject(input) || input.format !== BACKUP_FORMAT || !Array.isArray(input.evenings))
    return readImport(input, today);
  if (input.evenings.length > MAX_EVENINGS) return readImport(input, today);
  const problems: ImportProblem[] = [];
  const evenings: EveningData[] = [];
  for (const [i, raw] of input.evenings.entries()) {
    const read = readEvening(raw, i + 1);
    problems.push(...read.problems);
    if (read.evening) evenings.push(read.evening);
    await pause();
  }
  const ruleSets = readRuleSets(input.ruleSets, problems);
  const groups = readGroups(input.groups, problems);
  checkEveningGroups(evenings, groups, problems);
  return problems.length
    ? { evenings: [], ruleSets: [], groups: [], problems }
    : { evenings, ruleSets, groups, problems };
}

function readFile(
  input: unknown,
  today: string,
): { evenings: EveningData[]; ruleSets?: RuleSetData[]; groups?: GroupData[]; problems: ImportProblem[] } {
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
    const ruleSets = readRuleSets(input.ruleSets, problems);
    const groups = readGroups(input.groups, problems);
    checkEveningGroups(evenings, groups, problems);
    return problems.length ? { evenings: [], problems } : { evenings, ruleSets, groups, problems };
  }
  if (input.format === EVENING_FORMAT) {
    const read = readEvening(input, undefined);
    return { evenings: read.evening && !read.problems.length ? [read.evening] : [], problems: read.problems };
  }
  if ("variant" in input && "deals" in input) {
    // A single game record, as the `score` command reads it.
    const game = readGame(input, undefined, 1);
    // A record may carry stakes, as the `score` command reads them.
    const stakes = input.stakes === undefined ? null : parseStakes(input.stakes);
    const stakeProblems = (stakes?.problems ?? []).map((p) =>
      problem(
        {},
        {
          key: "importProblem.gameProblem",
          params: { where: "", game: 1, problem: problemInBoth(p) },
        },
      ),
    );
    if (game.problems.length || stakeProblems.length)
      return { evenings: [], problems: [...game.problems, ...stakeProblems] };
    const record = { ...input } as unknown as GameRecord;
    delete (record as { stakes?: unknown }).stakes;
    return {
      evenings: [
        {
          title: "Imported game",
          date: today,
          place: null,
          variant: record.variant,
          houseRules: record.houseRules ?? {},
          ended: false,
          ...(stakes?.stakes && playsForMoney(stakes.stakes) ? { stakes: stakes.stakes } : {}),
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
  const { title, date, place, variant, houseRules, games, ended, stakes, ruleSet, group, groupPlayers } = raw;
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
  const readStakes = stakes === undefined || stakes === null ? null : parseStakes(stakes);
  for (const p of readStakes?.problems ?? [])
    say({ key: "importProblem.stakes", params: { label, problem: problemInBoth(p) } });
  if (
    ruleSet !== undefined &&
    !(typeof ruleSet === "string" && ruleSet.trim().length > 0 && ruleSet.length <= RULE_SET_NAME_MAX)
  )
    say({ key: "importProblem.ruleSetName", params: { label, max: RULE_SET_NAME_MAX } });
  if (!Array.isArray(games) || games.length === 0 || games.length > 200)
    say({ key: "importProblem.games", params: { label } });
  const isShortText = (v: unknown) => typeof v === "string" && v.trim().length > 0 && v.length <= 200;
  if (group !== undefined && !isShortText(group))
    say({ key: "importProblem.eveningGroup", params: { label, group: JSON.stringify(group) ?? "" } });
  if (
    groupPlayers !== undefined &&
    !(
      isObject(groupPlayers) &&
      Object.values(groupPlayers).every(isShortText) &&
      Object.keys(groupPlayers).length <= 10
    )
  )
    say({ key: "importProblem.eveningGroup", params: { label, group: "groupPlayers" } });
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
  // Names as the form takes them: no control or direction characters, no two that are one person.
  const names = [...new Set((list as GameRecord[]).flatMap((g) => g.players))];
  for (const name of names)
    if (hasForbiddenCharacters(name) || looksEmpty(name))
      say({ key: "importProblem.nameCharacters", params: { label, name } });
  const same = sameNames(names.map((n) => n.normalize("NFC")));
  if (same) say({ key: "importProblem.samePerson", params: { label, a: same[0], b: same[1] } });
  if (problems.length || !details.success) return { evening: null, problems };
  return {
    evening: {
      title: details.data.title,
      date: date as string,
      place: details.data.place || null,
      variant: variant as VariantId,
      houseRules: (houseRules as Record<string, unknown> | undefined) ?? {},
      ended: ended === true,
      ...(readStakes?.stakes && playsForMoney(readStakes.stakes) ? { stakes: readStakes.stakes } : {}),
      ...(typeof ruleSet === "string" ? { ruleSet: ruleSet.trim() } : {}),
      ...(typeof group === "string" ? { group } : {}),
      ...(isObject(groupPlayers)
        ? {
            groupPlayers: Object.fromEntries(
              Object.entries(groupPlayers as Record<string, string>).map(([k, v]) => [
                k.normalize("NFC"),
                v.trim().normalize("NFC"),
              ]),
            ),
          }
        : {}),
      games: (list as GameRecord[]).map(inNfc),
    },
    problems: [],
  };
}

/** A game record with its names in NFC, as names are stored (its entries keyed by the same names). */
function inNfc(record: GameRecord): GameRecord {
  const nfc = (name: string) => name.normalize("NFC");
  return {
    ...record,
    players: record.players.map(nfc),
    ...(record.firstDealer === undefined ? {} : { firstDealer: nfc(record.firstDealer) }),
    deals: record.deals.map((deal) => ({
      ...deal,
      entries: Object.fromEntries(Object.entries(deal.entries).map(([name, entry]) => [nfc(name), entry])),
    })),
  };
}

const MAX_RULE_SETS = 200;

/** A backup's saved rule sets: each checked like the rule-set form, its house rules and stakes by the rules module. */
function readRuleSets(raw: unknown, problems: ImportProblem[]): RuleSetData[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > MAX_RULE_SETS) {
    problems.push(problem({}, { key: "importProblem.ruleSets", params: { max: MAX_RULE_SETS } }));
    return [];
  }
  const sets: RuleSetData[] = [];
  const names = new Set<string>();
  raw.forEach((item, i) => {
    const say = (detail: { en: string; sv: string }) =>
      problems.push(problem({}, { key: "importProblem.ruleSet", params: { n: i + 1, problem: detail } }));
    const parsed = RuleSetSchema.safeParse(item);
    if (!parsed.success) {
      const field = String(parsed.error.issues[0]?.path[0] ?? "name");
      say(inBoth({ key: "importProblem.ruleSetField", params: { field } }));
      return;
    }
    const { name, variant, houseRules } = parsed.data;
    const setup = parseSetup({ variant, players: ["A", "B", "C"], houseRules, deals: [] });
    const stakes =
      parsed.data.stakes === undefined || parsed.data.stakes === null ? null : parseStakes(parsed.data.stakes);
    for (const p of [...setup.problems, ...(stakes?.problems ?? [])]) say(problemInBoth(p));
    if (names.has(name)) say(inBoth({ key: "importProblem.ruleSetTwice", params: { name } }));
    names.add(name);
    sets.push({
      name,
      variant,
      houseRules,
      stakes: stakes?.stakes && playsForMoney(stakes.stakes) ? stakes.stakes : null,
    });
  });
  return sets;
}

const MAX_GROUPS = 100;
/** A backup's group: its name, players and seasons read by the same schemas as the forms that make them. */
const GroupSchema = z.object({
  key: z.string().trim().min(1).max(200),
  name: GroupNameSchema,
  members: z.array(z.object({ account: z.string().min(1).max(64), admin: z.boolean() })).max(1000),
  players: z
    .array(
      z.object({
        name: GroupPlayerNameSchema,
        account: z.string().min(1).max(64).nullable(),
        mergedInto: GroupPlayerNameSchema.nullable(),
      }),
    )
    .max(2000),
  seasons: z.array(SeasonFieldsSchema.extend({ bestEvenings: z.number().int().min(1).max(1000).nullable() })).max(200),
});

/**
 * A backup's groups: each with its members (account names), its players — names as the name rules take them, no
 * two the same person, a merge pointing at another of its players who is not merged — and its seasons.
 */
function readGroups(raw: unknown, problems: ImportProblem[]): GroupData[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw) || raw.length > MAX_GROUPS) {
    problems.push(problem({}, { key: "importProblem.groups", params: { max: MAX_GROUPS } }));
    return [];
  }
  const groups: GroupData[] = [];
  const keys = new Set<string>();
  raw.forEach((item, i) => {
    const say = (detail: Message) =>
      problems.push(problem({}, { key: "importProblem.group", params: { n: i + 1, problem: inBoth(detail) } }));
    const parsed = GroupSchema.safeParse(item);
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join(".") || "group";
      say({ key: "importProblem.groupField", params: { field } });
      return;
    }
    const group = parsed.data;
    if (keys.has(group.key)) say({ key: "importProblem.groupField", params: { field: "key" } });
    keys.add(group.key);
    const names = group.players.map((p) => p.name);
    const same = sameNames(names);
    if (same) say({ key: "importProblem.samePerson", params: { label: group.name, a: same[0], b: same[1] } });
    const merged = new Map(group.players.map((p) => [p.name, p.mergedInto]));
    for (const p of group.players)
      if (p.mergedInto !== null && (p.mergedInto === p.name || !merged.has(p.mergedInto) || merged.get(p.mergedInto)))
        say({ key: "importProblem.groupMergedInto", params: { name: p.name, into: p.mergedInto } });
    for (const s of group.seasons)
      if (s.startsOn > s.endsOn) say({ key: "importProblem.groupField", params: { field: `seasons: ${s.name}` } });
    groups.push(group);
  });
  return groups;
}

/** Each evening of a group names one of the file's groups, and its sheet's names that group's players. */
function checkEveningGroups(evenings: EveningData[], groups: GroupData[], problems: ImportProblem[]): void {
  const byKey = new Map(groups.map((g) => [g.key, new Set(g.players.map((p) => p.name))]));
  evenings.forEach((evening, i) => {
    if (evening.group === undefined) return;
    const label = inBoth({ key: "importProblem.eveningN", params: { n: i + 1 } });
    const players = byKey.get(evening.group);
    if (!players) {
      problems.push(
        problem({ evening: i + 1 }, { key: "importProblem.eveningGroup", params: { label, group: evening.group } }),
      );
      return;
    }
    for (const [name, player] of Object.entries(evening.groupPlayers ?? {}))
      if (!players.has(player))
        problems.push(
          problem(
            { evening: i + 1, player: name },
            { key: "importProblem.eveningGroupPlayer", params: { label, name, player } },
          ),
        );
  });
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
        { key: "importProblem.gameProblem", params: { where, game, problem: problemInBoth(p) } },
      ),
    ),
  };
}
