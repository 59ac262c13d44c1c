/** Evenings: create, start the next game, end; the names to offer. Permission checks inside every operation. */
import "server-only";
import { z } from "zod";
import { getDb, readRows, sql, type Tx } from "@/lib/db/client";
import { AppError, parseInput, refusedByRules } from "@/lib/errors";
import { evaluateGame, parseSetup, VARIANTS, type GameRecord } from "@/lib/rules";
import { inTransaction, markEveningChanged } from "./changes";
import { newToken } from "./tokens";
import { requireRole, requireSignedIn, type Actor, type Role } from "./access";
import {
  CreateEveningSchema,
  StartGameSchema,
  type CreateEveningInput,
  type StartGameInput,
} from "@/lib/schemas/evening";
export type { CreateEveningInput, StartGameInput };
import { nameKey } from "@/lib/schemas/names";
import { IMPORT_LIMITS } from "@/lib/transfer/limits";
import { rememberGame, writing, type GameState } from "./game-cache";
import { gameInclude, seatNames, toGameRecord } from "./game-record";
import { checkRules, getRuleSet } from "./rule-sets";
import { requireGroupRole, seatAsGroupPlayers } from "./groups";
import { keepAnswer, once } from "./applied-changes";

/** Checks players, variant and house rules with the rules engine; throws a validation error listing its problems. */
function checkSetup(record: Omit<GameRecord, "deals">): void {
  const { problems } = parseSetup({ ...record, deals: [] });
  if (problems.length) throw refusedByRules(problems);
}

async function seatPlayers(tx: Tx, ownerId: string, eveningId: string, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const existing = await tx.eveningPlayer.findUnique({
      where: { eveningId_name: { eveningId, name } },
      select: { id: true },
    });
    if (existing) {
      ids.push(existing.id);
      continue;
    }
    const person = await tx.person.upsert({
      where: { ownerId_name: { ownerId, name } },
      create: { ownerId, name },
      update: {},
      select: { id: true },
    });
    const player = await tx.eveningPlayer.create({
      data: { eveningId, personId: person.id, name },
      select: { id: true },
    });
    ids.push(player.id);
  }
  return ids;
}

export async function createEvening(actor: Actor, input: CreateEveningInput): Promise<{ id: string }> {
  const { userId } = requireSignedIn(actor);
  const data = parseInput(CreateEveningSchema, input);
  let rules: { houseRules: Record<string, unknown>; stakes?: unknown } = data;
  let ruleSetName: string | null = null;
  if (data.ruleSetId) {
    const set = await getRuleSet(actor, data.ruleSetId);
    if (set.variant !== data.variant) {
      const params = { name: set.name, set: VARIANTS[set.variant].name, game: VARIANTS[data.variant].name };
      throw new AppError("validation", { key: "errors.ruleSetOtherGame", params });
    }
    rules = set;
    ruleSetName = set.name;
  }
  const { houseRules, stakes } = checkRules(data.variant, rules.houseRules, rules.stakes);
  if (data.groupId) {
    await requireGroupRole(getDb(), actor, data.groupId, ["admin", "member"]);
    data.players = await asGroupNames(data.groupId, data.players);
  }
  checkSetup({
    variant: data.variant,
    houseRules,
    players: data.players,
    firstDealer: data.players[data.firstDealerSeat]!,
  });
  return getDb().$transaction(async (tx) => {
    const evening = await tx.evening.create({
      data: {
        ownerId: userId,
        title: data.title,
        date: new Date(`${data.date}T00:00:00Z`),
        place: data.place || null,
        variant: data.variant,
        houseRules: houseRules as object,
        stakes: stakes ? { ...stakes } : undefined,
        ruleSetName,
        shareToken: newToken(),
        inviteToken: newToken(),
        groupId: data.groupId ?? null,
      },
      select: { id: true },
    });
    const playerIds = await seatPlayers(tx, userId, evening.id, data.players);
    if (data.groupId) await seatAsGroupPlayers(tx, data.groupId, evening.id);
    await tx.game.create({
      data: {
        eveningId: evening.id,
        number: 1,
        firstDealerSeat: data.firstDealerSeat,
        seats: { create: playerIds.map((playerId, seat) => ({ seat, playerId })) },
      },
    });
    return evening;
  });
}

/** Starts the next game with the seats given; the current game must be over. */
export async function startGame(
  actor: Actor,
  input: StartGameInput,
): Promise<StartedGame & { duplicate?: true; same?: true }> {
  const game = parseInput(StartGameSchema, input);
  const { eveningId, key } = game;
  const keyed = key ? { userId: requireSignedIn(actor).userId, key, kind: "game" as const } : null;
  // Under way until remembered: the live scoreboard may hear of it (NOTIFY) before this answer (game-cache.ts).
  return once(
    keyed,
    () =>
      writing(eveningId, async () => {
        const started = await storeNextGame(actor, game);
        // Only once committed (game-cache.ts: a version that does not match is never used).
        if (started.state) rememberGame(started.game.id, started.state);
        return started.same ? { ...started.game, same: true as const } : started.game;
      }),
    (read) => getDb().$transaction((tx) => read(tx)),
  );
}

/** A game started: its id and number, and the evening's version the start made (a phone shows it from the answer). */
export interface StartedGame {
  id: string;
  number: number;
  version: number;
}

/** The next game's rows, and what its first deal reads when this change was the evening's only one since read. */
async function storeNextGame(
  actor: Actor,
  { eveningId, players, firstDealerSeat, key, number }: z.infer<typeof StartGameSchema>,
): Promise<{ game: StartedGame; state: GameState | null; same?: true }> {
  return inTransaction(async (tx) => {
    const role = await requireRole(tx, actor, eveningId, ["owner", "member"]);
    const evening = await tx.evening.findUniqueOrThrow({
      where: { id: eveningId },
      include: { games: { orderBy: { number: "desc" }, take: 1, include: gameInclude } },
    });
    if (evening.status !== "open") throw new AppError("conflict", { key: "errors.eveningEnded" });
    const last = evening.games[0];
    const next = (last?.number ?? 0) + 1;
    const seated = evening.groupId ? await asGroupNames(evening.groupId, players, tx) : players;
    // The first answer to the phone's key, kept in this transaction (lib/data/applied-changes.ts).
    const keep = (game: StartedGame) =>
      key && keepAnswer(tx, { userId: requireSignedIn(actor).userId, key, eveningId, kind: "game", answer: game });
    if (number !== undefined && number > next)
      throw new AppError("conflict", { key: "errors.gameNotNext", params: { n: number, next } });
    if (last && number !== undefined && number <= last.number) {
      // Started on another phone meanwhile: the same game when it was started as this phone starts it.
      const seats = seatNames(last);
      const same =
        number === last.number &&
        last.firstDealerSeat === firstDealerSeat &&
        seats.length === seated.length &&
        seats.every((name, seat) => name === seated[seat]);
      if (!same) throw new AppError("conflict", { key: "errors.gameStarted", params: { n: number } });
      const game = { id: last.id, number: last.number, version: evening.version };
      await keep(game);
      return { game, state: null, same: true };
    }
    // As many games as an evening may bring to an import, so its export always imports again.
    if ((last?.number ?? 0) >= IMPORT_LIMITS.gamesPerEvening)
      throw new AppError("conflict", { key: "errors.eveningFull", params: { max: IMPORT_LIMITS.gamesPerEvening } });
    if (last && !evaluateGame(toGameRecord(evening, last)).result?.winners.length) {
      throw new AppError("conflict", { key: "errors.gameInProgress", params: { n: last.number } });
    }
    checkSetup({
      variant: evening.variant as GameRecord["variant"],
      houseRules: evening.houseRules as object,
      players,
      firstDealer: players[firstDealerSeat]!,
    });
    const newcomers = await checkNewSeats(tx, role, eveningId, seated);
    const playerIds = await seatPlayers(tx, evening.ownerId, eveningId, seated);
    if (evening.groupId && newcomers) await seatAsGroupPlayers(tx, evening.groupId, eveningId);
    const created = await tx.game.create({
      data: {
        eveningId,
        number: next,
        firstDealerSeat,
        seats: { create: playerIds.map((playerId, seat) => ({ seat, playerId })) },
      },
      select: { id: true, number: true },
    });
    // From the version read, when no one changed the evening since (PostgreSQL: another instance may have).
    const exact = await markEveningChanged(tx, eveningId, "game", { expectedVersion: evening.version });
    if (!exact) await markEveningChanged(tx, eveningId, "game");
    const version = exact
      ? evening.version + 1
      : (await tx.evening.findUniqueOrThrow({ where: { id: eveningId }, select: { version: true } })).version;
    const game = { ...created, version };
    // What the game's first deal reads, known already: the evening's version after this change, no deals yet.
    const record = toGameRecord(evening, {
      firstDealerSeat,
      seats: seated.map((name, seat) => ({ seat, player: { name } })),
      deals: [],
    });
    await keep(game);
    const state = { eveningId, version: evening.version + 1, changedFrom: evening.version, record, clientKeys: [] };
    return { game, state: exact ? state : null };
  });
}

/**
 * The seats of a next game against the evening's players so far (docs/security.md): any member may seat the
 * evening's players anew, only the owner may bring a new one — who joins the owner's list of people — and a
 * new name may not be one of the evening's players written differently.
 */
async function checkNewSeats(tx: Tx, role: Role, eveningId: string, players: string[]): Promise<number> {
  const known = (await tx.eveningPlayer.findMany({ where: { eveningId }, select: { name: true } })).map((p) => p.name);
  const newcomers = players.filter((name) => !known.includes(name));
  if (!newcomers.length) return 0;
  if (role !== "owner")
    throw new AppError("forbidden", { key: "errors.newPlayerOwnerOnly", params: { name: newcomers[0]! } });
  const seen = new Map(known.map((name) => [nameKey(name), name]));
  for (const name of newcomers) {
    const earlier = seen.get(nameKey(name));
    if (earlier !== undefined)
      throw new AppError(
        "validation",
        { key: "errors.fields" },
        { fields: { players: [{ key: "field.samePerson", params: { a: earlier, b: name } }] } },
      );
    seen.set(nameKey(name), name);
  }
  return newcomers.length;
}

/** In an evening of a group, a name that is one of the group's players is written as the group writes it. */
async function asGroupNames(
  groupId: string,
  names: string[],
  tx: Pick<Tx, "groupPlayer"> = getDb(),
): Promise<string[]> {
  const known = new Map(
    (
      await tx.groupPlayer.findMany({
        where: { groupId, nameKey: { in: names.map(nameKey) } },
        select: { name: true, nameKey: true },
      })
    ).map((p) => [p.nameKey, p.name]),
  );
  return names.map((name) => known.get(nameKey(name)) ?? name);
}

export async function endEvening(actor: Actor, eveningId: string): Promise<void> {
  await inTransaction(async (tx) => {
    await requireRole(tx, actor, eveningId, ["owner"]);
    await tx.evening.update({ where: { id: eveningId }, data: { status: "ended" } });
    await markEveningChanged(tx, eveningId, "evening");
  });
}

/** Names of people the user has played with, most recent first, to offer when starting an evening. */
export async function listPlayerNames(actor: Actor): Promise<string[]> {
  const { userId } = requireSignedIn(actor);
  const [people] = await readRows<[{ name: string }[]]>(sql`
    SELECT p."name" AS "name" FROM "Person" p
    WHERE p."ownerId" = ${userId}
    ORDER BY p."createdAt" DESC
    LIMIT 200`);
  // One entry per person: a name written another way ("ANNA" for Anna) is the same player (decision 015).
  const seen = new Set<string>();
  return people
    .map((p) => p.name)
    .filter((name) => {
      const key = nameKey(name);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
