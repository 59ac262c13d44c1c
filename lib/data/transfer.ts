/** Export and import of evenings (lib/transfer/format.ts), with the permission checks. */
import "server-only";
import { randomUUID } from "node:crypto";
import { DbNull, getDb, type Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { playsForMoney, type GameRecord, type Stakes, type VariantId } from "@/lib/rules";
import {
  BACKUP_FORMAT,
  EVENING_FORMAT,
  FORMAT_VERSION,
  importKey,
  readImport,
  readImportInSlices,
  toExportedEvening,
  type BackupExport,
  type EveningData,
  type EveningExport,
  type GroupData,
  type ImportProblem,
  type RuleSetData,
} from "@/lib/transfer/format";
import { backupParts, countProblem, IMPORT_LIMITS } from "@/lib/transfer/limits";
import { requireRole, requireSignedIn, visibleWhere, type Actor } from "./access";
import { newToken } from "./tokens";
import { groupPlayersFor } from "./groups";
import { eveningWithGamesSelect } from "./game-record";
import { toEntryRows, toGameRecord } from "./game-record";
import { saveSummary } from "./game-summary";
import { importedDealStatements } from "./deal-sql";

type StoredEvening = {
  title: string;
  date: Date;
  place: string | null;
  variant: string;
  houseRules: unknown;
  stakes: unknown;
  ruleSetName: string | null;
  status: string;
  games: Parameters<typeof toGameRecord>[1][];
  groupId?: string | null;
  players?: { name: string; groupPlayer: { name: string } | null }[];
};

const EXPORT_SELECT = {
  ...eveningWithGamesSelect,
  stakes: true,
  ruleSetName: true,
  groupId: true,
  players: { select: { name: true, groupPlayer: { select: { name: true } } } },
} as const;

/** An evening's data; with `groups` (the exporter's groups, by id → key), a group's evening names its group. */
function toEveningData(evening: StoredEvening, groups?: Map<string, string>): EveningData {
  const group = evening.groupId ? groups?.get(evening.groupId) : undefined;
  return {
    title: evening.title,
    date: evening.date.toISOString().slice(0, 10),
    place: evening.place,
    variant: evening.variant as VariantId,
    houseRules: (evening.houseRules ?? {}) as Record<string, unknown>,
    ended: evening.status !== "open",
    ...(playsForMoney(evening.stakes as Stakes | null) ? { stakes: evening.stakes as Stakes } : {}),
    ...(evening.ruleSetName ? { ruleSet: evening.ruleSetName } : {}),
    ...(group
      ? {
          group,
          groupPlayers: Object.fromEntries(
            (evening.players ?? []).flatMap((p) => (p.groupPlayer ? [[p.name, p.groupPlayer.name]] : [])),
          ),
        }
      : {}),
    games: evening.games.map((game) => toGameRecord(evening, game)),
  };
}

/** The user's groups as a backup carries them; each one's key is its name, made unique in the file. */
async function exportGroups(userId: string): Promise<{ groups: GroupData[]; keys: Map<string, string> }> {
  const rows = await getDb().group.findMany({
    where: { members: { some: { userId } } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      members: { select: { admin: true, user: { select: { username: true } } } },
      players: {
        orderBy: { name: "asc" },
        select: {
          name: true,
          user: { select: { username: true } },
          invitedAccount: true,
          mergedInto: { select: { name: true } },
        },
      },
      seasons: {
        orderBy: { startsOn: "asc" },
        select: { variant: true, name: true, startsOn: true, endsOn: true, bestEvenings: true },
      },
    },
  });
  const keys = new Map<string, string>();
  const used = new Set<string>();
  const groups = rows.map((g): GroupData => {
    let key = g.name;
    for (let n = 2; used.has(key); n++) key = `${g.name} (${n})`;
    used.add(key);
    keys.set(g.id, key);
    return {
      key,
      name: g.name,
      members: g.members.map((m) => ({ account: m.user.username, admin: m.admin })),
      players: g.players.map((p) => ({
        name: p.name,
        account: p.user?.username ?? p.invitedAccount ?? null,
        mergedInto: p.mergedInto?.name ?? null,
      })),
      seasons: g.seasons.map((s) => ({
        variant: s.variant as VariantId,
        name: s.name,
        startsOn: s.startsOn.toISOString().slice(0, 10),
        endsOn: s.endsOn.toISOString().slice(0, 10),
        bestEvenings: s.bestEvenings,
      })),
    };
  });
  return { groups, keys };
}

/** One evening in the export format; for its owner and members. */
export async function exportEvening(actor: Actor, eveningId: string): Promise<EveningExport> {
  const db = getDb();
  await requireRole(db, actor, eveningId, ["owner", "member"]);
  const evening = await db.evening.findUniqueOrThrow({ where: { id: eveningId }, select: EXPORT_SELECT });
  return {
    format: EVENING_FORMAT,
    version: FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    ...toExportedEvening(toEveningData(evening)),
  };
}

/**
 * Every evening the user owns or played in, and the user's saved rule sets: a backup. A history larger than
 * one import takes comes in parts (`part` of `parts`, from 1; the rule sets in the first), each of which
 * imports again (lib/transfer/limits.ts backupParts).
 */
export async function exportAll(actor: Actor, part = 1): Promise<BackupExport & { part: number; parts: number }> {
  const { userId } = requireSignedIn(actor);
  const db = getDb();
  const [evenings, ruleSets, { groups, keys }] = await Promise.all([
    db.evening.findMany({
      where: visibleWhere(userId),
      orderBy: [{ date: "asc" }, { createdAt: "asc" }],
      select: EXPORT_SELECT,
    }),
    db.ruleSet.findMany({
      where: { ownerId: userId },
      orderBy: { name: "asc" },
      select: { name: true, variant: true, houseRules: true, stakes: true },
    }),
    exportGroups(userId),
  ]);
  const exported = evenings.map((e) => toExportedEvening(toEveningData(e, keys)));
  const parts = backupParts(
    exported.map((e) => ({
      size: Buffer.byteLength(JSON.stringify(e)),
      deals: e.games.reduce((n, g) => n + g.deals.length, 0),
    })),
  );
  const chosen = parts[part - 1];
  if (!chosen)
    throw new AppError("not_found", { key: "errors.noBackupPart", params: { n: part, parts: parts.length } });
  return {
    format: BACKUP_FORMAT,
    version: FORMAT_VERSION,
    exportedAt: new Date().toISOString(),
    part,
    parts: parts.length,
    evenings: chosen.map((i) => exported[i]!),
    ruleSets:
      part === 1
        ? ruleSets.map((r): RuleSetData => ({
            name: r.name,
            variant: r.variant as VariantId,
            houseRules: (r.houseRules ?? {}) as Record<string, unknown>,
            stakes: (r.stakes ?? null) as Stakes | null,
          }))
        : [],
    // Every part carries the groups: a part imports on its own, and its evenings name their groups.
    ...(groups.length ? { groups } : {}),
  };
}

/**
 * How many files *Back up all* takes for the user: one unless the history is larger than one import takes
 * (counted from the deals first, so an ordinary history costs one count).
 */
export async function backupPartCount(actor: Actor): Promise<number> {
  const { userId } = requireSignedIn(actor);
  const mine = { evening: visibleWhere(userId) };
  const [deals, evenings] = await Promise.all([
    getDb().deal.count({ where: { game: mine } }),
    getDb().evening.count({ where: mine.evening }),
  ]);
  // A deal of ten players is about 400 bytes in a file: below this, one file always holds it all.
  if (
    deals * 400 + evenings * 4_096 < IMPORT_LIMITS.fileBytes / 2 &&
    deals <= IMPORT_LIMITS.deals &&
    evenings <= IMPORT_LIMITS.evenings
  )
    return 1;
  return (await exportAll(actor)).parts;
}

export interface ImportPreview {
  problems: ImportProblem[];
  evenings: {
    title: string;
    date: string;
    games: number;
    /** Already imported (same content): will be skipped. */
    duplicate: boolean;
  }[];
  /** Every name in the file and whether it matches someone the user has played with. */
  people: { name: string; existing: boolean }[];
  /** The backup's saved rule sets; one whose name the user already has is kept as it is (not imported). */
  ruleSets: { name: string; existing: boolean }[];
}

/** Refuses a file past the import's limits (lib/transfer/limits.ts), counted before any of it is checked. */
function withinLimits(input: unknown): void {
  const tooMuch = countProblem(input);
  if (tooMuch) throw new AppError("validation", tooMuch);
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** What importing would do — nothing is written. */
export async function previewImport(actor: Actor, input: unknown): Promise<ImportPreview> {
  const { userId } = requireSignedIn(actor);
  withinLimits(input);
  const { evenings, ruleSets, problems } = readImport(input, today());
  if (problems.length) return { problems, evenings: [], people: [], ruleSets: [] };
  const db = getDb();
  const keys = evenings.map(importKey);
  const existing = new Set(
    (
      await inParts(keys, (part) =>
        db.evening.findMany({
          where: { ownerId: userId, importKey: { in: part }, importing: null },
          select: { importKey: true },
        }),
      )
    ).map((e) => e.importKey),
  );
  const names = [...new Set(evenings.flatMap((e) => e.games.flatMap((g) => g.players)))];
  const known = new Set(
    (
      await inParts(names, (part) =>
        db.person.findMany({ where: { ownerId: userId, name: { in: part } }, select: { name: true } }),
      )
    ).map((p) => p.name),
  );
  const ownSets = new Set(
    (
      await db.ruleSet.findMany({
        where: { ownerId: userId, name: { in: ruleSets.map((r) => r.name) } },
        select: { name: true },
      })
    ).map((r) => r.name),
  );
  return {
    problems: [],
    ruleSets: ruleSets.map((r) => ({ name: r.name, existing: ownSets.has(r.name) })),
    evenings: evenings.map((e, i) => ({
      title: e.title,
      date: e.date,
      games: e.games.length,
      duplicate: existing.has(keys[i]!),
    })),
    people: names.map((name) => ({ name, existing: known.has(name) })),
  };
}

/**
 * Imports every evening of the file for the user, all or nothing. The file is validated completely first;
 * a bad file writes nothing and gets every problem back. Evenings already imported are skipped.
 */
export async function importEvenings(
  actor: Actor,
  input: unknown,
): Promise<{ created: string[]; skipped: number; ruleSets: number; groups: number; invite: GroupInvite[] }> {
  const { userId } = requireSignedIn(actor);
  withinLimits(input);
  const { evenings, ruleSets, groups, problems } = await readImportInSlices(input, today(), giveWay);
  if (problems.length) {
    throw new AppError(
      "validation",
      { key: "errors.importProblems", params: { n: problems.length } },
      { fields: { file: problems.map((p) => p.text) } },
    );
  }
  // Short transactions of a few evenings each (`batches`), so other tables' deals are never held behind the whole
  // file (SQLite has one writer). The evenings are written pending — seen by no one — and appear together when
  // the last is written; should one fail, what this import wrote is removed (decision 018).
  const db = getDb();
  const started = new Date();
  await removeAbandonedImports(userId, started);
  const created: string[] = [];
  const written = new Map<EveningData, string>();
  let skipped = 0;
  const people = new Map<string, string>();
  const newPeople: string[] = [];
  try {
    // The file's people, once: those the account has, and the others created now.
    const names = [...new Set(evenings.flatMap((e) => e.games.flatMap((g) => g.players)))];
    for (const p of await inParts(names, (part) =>
      db.person.findMany({ where: { ownerId: userId, name: { in: part } }, select: { id: true, name: true } }),
    ))
      people.set(p.name, p.id);
    const fresh = names.filter((n) => !people.has(n)).map((name) => ({ id: randomUUID(), ownerId: userId, name }));
    for (const person of fresh) {
      people.set(person.name, person.id);
      newPeople.push(person.id);
    }
    await inParts(
      fresh,
      async (part) => {
        await db.person.createMany({ data: part });
      },
      PARAMETERS / 3,
    );
    for (const batch of batches(evenings)) {
      const ids = await db.$transaction(
        async (tx) => {
          const ids: (string | null)[] = [];
          for (const evening of batch) {
            const key = importKey(evening);
            const known = await tx.evening.findUnique({
              where: { ownerId_importKey: { ownerId: userId, importKey: key } },
              select: { id: true, importing: true },
            });
            // Left pending by an import that never completed: written again by this one.
            if (known?.importing) await removeEvenings(tx, { id: known.id });
            ids.push(known && !known.importing ? null : await writeEvening(tx, userId, evening, key, people, started));
          }
          return ids;
        },
        { timeout: 10_000, maxWait: 10_000 },
      );
      for (const [i, id] of ids.entries()) {
        if (id) {
          created.push(id);
          written.set(batch[i]!, id);
        } else skipped++;
      }
      await giveWay();
    }
    // A saved set whose name the account already has stays as the account has it.
    const taken = new Set(
      (await db.ruleSet.findMany({ where: { ownerId: userId }, select: { name: true } })).map((r) => r.name),
    );
    const newSets = ruleSets.filter((r) => !taken.has(r.name));
    await db.ruleSet.createMany({
      data: newSets.map((r) => ({
        ownerId: userId,
        name: r.name,
        variant: r.variant,
        houseRules: r.houseRules as object,
        stakes: r.stakes ? { ...r.stakes } : DbNull,
      })),
    });
    const invite = groups.length
      ? await db.$transaction((tx) => restoreGroups(tx, userId, groups, written), { timeout: 30_000, maxWait: 10_000 })
      : [];
    await inParts(created, async (part) => {
      await db.evening.updateMany({ where: { id: { in: part }, ownerId: userId }, data: { importing: null } });
    });
    return { created, skipped, ruleSets: newSets.length, groups: groups.length, invite };
  } catch (error) {
    await inParts(created, (part) =>
      db.$transaction((tx) => removeEvenings(tx, { id: { in: part }, ownerId: userId })),
    ).catch(() => undefined);
    await inParts(newPeople, async (part) => {
      await db.person.deleteMany({ where: { id: { in: part }, ownerId: userId } });
    }).catch(() => undefined);
    throw error;
  }
}

/** A restored group's other people, by the account names its backup gave: for the importer to invite. */
export interface GroupInvite {
  groupId: string;
  name: string;
  /** The group's invite link token, while it has one. */
  inviteToken: string | null;
  accounts: string[];
}

/**
 * A backup's groups, restored for the importer (who is an admin of each): a group the importer already administers
 * under the same name is the one restored into, so importing twice adds nothing. Nothing that names another
 * account is written (nobody becomes a member of anything by someone else's file): the backup's other members and
 * player links are returned as people to invite, and a player's link waits for its account to join by the invite
 * (`invitedAccount`). Players by name (decision 015) with their merges; seasons by game and name. The imported
 * evenings of a group are kept for it, each seat its player.
 */
async function restoreGroups(
  tx: Tx,
  userId: string,
  groups: GroupData[],
  written: Map<EveningData, string>,
): Promise<GroupInvite[]> {
  const { username: own } = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { username: true } });
  const invite: GroupInvite[] = [];
  for (const group of groups) {
    const existing = await tx.group.findFirst({
      where: { name: group.name, members: { some: { userId, admin: true } } },
      select: { id: true },
    });
    const groupId =
      existing?.id ??
      (
        await tx.group.create({
          data: { name: group.name, inviteToken: newToken(), members: { create: { userId, admin: true } } },
          select: { id: true },
        })
      ).id;
    const { inviteToken } = await tx.group.findUniqueOrThrow({ where: { id: groupId }, select: { inviteToken: true } });
    const others = [...group.members.map((m) => m.account), ...group.players.flatMap((p) => p.account ?? [])];
    const accounts = [...new Set(others)].filter((a) => a !== own);
    if (accounts.length) invite.push({ groupId, name: group.name, inviteToken, accounts });
    let ownLinked = (await tx.groupPlayer.count({ where: { groupId, userId } })) > 0;
    const ids = await groupPlayersFor(
      tx,
      groupId,
      group.players.map((p) => p.name),
    );
    const playerId = new Map(group.players.map((p, i) => [p.name, ids[i]!]));
    for (const p of group.players) {
      const mergedInto = p.mergedInto ? playerId.get(p.mergedInto) : undefined;
      // The importer's own player is linked now (once); another account's waits for that account to join.
      const mine = p.account === own && !ownLinked;
      if (mine) ownLinked = true;
      const link = mine ? { userId } : p.account && p.account !== own ? { invitedAccount: p.account } : {};
      await tx.groupPlayer.updateMany({
        where: { id: playerId.get(p.name)!, mergedIntoId: null, userId: null },
        data: link,
      });
      if (mergedInto)
        await tx.groupPlayer.updateMany({
          where: { id: playerId.get(p.name)!, mergedIntoId: null },
          data: { mergedIntoId: mergedInto, mergedAt: new Date() },
        });
    }
    for (const season of group.seasons) {
      const known = await tx.season.count({ where: { groupId, variant: season.variant, name: season.name } });
      if (!known)
        await tx.season.create({
          data: {
            groupId,
            variant: season.variant,
            name: season.name,
            startsOn: new Date(`${season.startsOn}T00:00:00Z`),
            endsOn: new Date(`${season.endsOn}T00:00:00Z`),
            bestEvenings: season.bestEvenings,
          },
        });
    }
    for (const [evening, eveningId] of written) {
      if (evening.group !== group.key) continue;
      await tx.evening.update({ where: { id: eveningId }, data: { groupId } });
      const seats = await tx.eveningPlayer.findMany({ where: { eveningId }, select: { id: true, name: true } });
      const players = await groupPlayersFor(
        tx,
        groupId,
        seats.map((seat) => evening.groupPlayers?.[seat.name] ?? seat.name),
      );
      for (const [i, seat] of seats.entries())
        await tx.eveningPlayer.update({ where: { id: seat.id }, data: { groupPlayerId: players[i]! } });
    }
  }
  return invite;
}

/**
 * How many values one statement binds at most: SQLite refuses more than 999 (P2029 from about 997 evenings of a
 * backup), so a list is read or written in parts of a few hundred.
 */
const PARAMETERS = 900;

/** `run` over `list` in parts small enough for one statement each; what the reads return, joined. */
async function inParts<T, R = never>(
  list: readonly T[],
  run: (part: T[]) => Promise<R[] | void>,
  size = PARAMETERS / 2,
): Promise<R[]> {
  const results: R[] = [];
  const step = Math.max(1, Math.floor(size));
  for (let at = 0; at < list.length; at += step) results.push(...((await run(list.slice(at, at + step))) ?? []));
  return results;
}

type EveningWhere = NonNullable<Parameters<Tx["evening"]["deleteMany"]>[0]>["where"];

/**
 * How long an import may take before what it left pending counts as abandoned (the server stopped while it
 * wrote): far past the time the largest file the limits admit takes.
 */
const IMPORT_ABANDONED_MS = 10 * 60_000;

/** Removes what an earlier import of the account left pending and never completed. */
async function removeAbandonedImports(userId: string, now: Date): Promise<void> {
  await getDb().$transaction((tx) =>
    removeEvenings(tx, { ownerId: userId, importing: { lt: new Date(now.getTime() - IMPORT_ABANDONED_MS) } }),
  );
}

/**
 * Removes evenings with everything in them. The games go first: a seat holds on to its player (so a player who
 * sat is never deleted on their own), and PostgreSQL checks that before the evening's cascade reaches the seat.
 */
async function removeEvenings(tx: Tx, where: EveningWhere): Promise<void> {
  await tx.game.deleteMany({ where: { evening: where } });
  await tx.evening.deleteMany({ where });
}

async function writeEvening(
  tx: Tx,
  userId: string,
  evening: EveningData,
  key: string,
  people: Map<string, string>,
  importing: Date,
): Promise<string> {
  const { id } = await tx.evening.create({
    data: {
      ownerId: userId,
      title: evening.title,
      date: new Date(`${evening.date}T00:00:00Z`),
      place: evening.place,
      variant: evening.variant,
      houseRules: evening.houseRules as object,
      stakes: evening.stakes ? { ...evening.stakes } : DbNull,
      ruleSetName: evening.ruleSet ?? null,
      status: evening.ended ? "ended" : "open",
      shareToken: newToken(),
      inviteToken: newToken(),
      importKey: key,
      importing,
    },
    select: { id: true },
  });
  const playerIds = new Map([...new Set(evening.games.flatMap((g) => g.players))].map((name) => [name, randomUUID()]));
  await tx.eveningPlayer.createMany({
    data: [...playerIds].map(([name, playerId]) => ({
      id: playerId,
      eveningId: id,
      personId: people.get(name)!,
      name,
    })),
  });
  for (const [g, record] of evening.games.entries()) await writeGame(tx, userId, id, g + 1, record, playerIds);
  return id;
}

/**
 * The file's evenings in groups of about DEALS_PER_TRANSACTION deals (an evening is never split): each group is
 * one short transaction. A commit waits for the disk (SQLite's synchronous=FULL), so one per evening would make
 * a backup of 100 evenings wait for 100 of them; one for the whole file would hold every other table's deals.
 */
const DEALS_PER_TRANSACTION = 120;

/** Lets the requests that came in meanwhile — another table's deal — go first. */
const giveWay = () => new Promise<void>((resolve) => setImmediate(resolve));
const EVENING_WEIGHT = 20;

function batches(evenings: EveningData[]): EveningData[][] {
  const groups: EveningData[][] = [];
  let deals = Infinity;
  for (const evening of evenings) {
    // An evening costs rows of its own (the evening, its seats, its games) however few deals it has: counted as
    // EVENING_WEIGHT deals, so a file of many short evenings is written in short transactions too.
    const size = EVENING_WEIGHT + evening.games.reduce((n, g) => n + g.deals.length, 0);
    if (deals + size > DEALS_PER_TRANSACTION) {
      groups.push([]);
      deals = 0;
    }
    groups.at(-1)!.push(evening);
    deals += size;
  }
  return groups;
}

async function writeGame(
  tx: Tx,
  userId: string,
  eveningId: string,
  number: number,
  record: GameRecord,
  playerIds: Map<string, string>,
) {
  const firstDealerSeat = record.firstDealer ? record.players.indexOf(record.firstDealer) : 0;
  const game = { id: randomUUID() };
  await tx.game.createMany({ data: [{ id: game.id, eveningId, number, firstDealerSeat }] });
  await tx.gameSeat.createMany({
    data: record.players.map((name, seat) => ({ gameId: game.id, seat, playerId: playerIds.get(name)! })),
  });
  // Every deal and entry of the game in a few multi-row inserts.
  const rows = record.deals.map((deal) => toEntryRows(record.players, deal.entries));
  for (const statement of importedDealStatements(game.id, userId, rows, new Date())) await tx.$executeRaw(statement);
  await saveSummary(tx, game.id, record);
}
