import fc from "fast-check";
import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { deleteDeal, editDeal, recordDeal } from "@/lib/data/deals";
import { createEvening, startGame } from "@/lib/data/evenings";
import { joinEvening } from "@/lib/data/members";
import { getScoreboardByToken } from "@/lib/data/share";
import { importEvenings, previewImport } from "@/lib/data/transfer";
import {
  addGroupPlayer,
  createGroup,
  joinGroup,
  linkGroupPlayer,
  mergeGroupPlayers,
  moveEvening,
  removeGroupMember,
  renameGroup,
  renameGroupPlayer,
  setGroupAdmin,
  splitGroupPlayer,
} from "@/lib/data/groups";
import { createSeason, deleteSeason, recordsView, seasonView } from "@/lib/data/seasons";
import { AppError } from "@/lib/errors";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";

/** Hostile values: wrong types, huge and unicode strings, negative and fractional numbers, deep objects. */
const hostile = fc.oneof(
  fc.anything({ maxDepth: 3, withBigInt: false, withBoxedValues: false, withTypedArray: false, withSparseArray: true }),
  fc.string({ unit: "grapheme", maxLength: 50 }),
  fc.constantFrom("", " ", "\u0000", "\u202e", "𝕬𝖓𝖓𝖆", "Anna\n", "__proto__", "constructor", "x".repeat(100_000)),
  fc.double(),
  fc.integer({ min: -1e9, max: 1e9 }),
);
const objectOf = (keys: string[]) =>
  fc.dictionary(fc.constantFrom(...keys, "__proto__", "extra"), hostile, { maxKeys: keys.length + 2 });

const RUNS = 60;
let tried = 0;

/** Runs the operation: it may succeed, or fail with an AppError; any other error, or a write on failure, fails the test. */
async function survives(work: () => Promise<unknown>): Promise<void> {
  tried++;
  const before = await fingerprint();
  try {
    await work();
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    expect(error.status).toBeLessThan(500);
    expect(await fingerprint()).toEqual(before);
  }
}

describeWithDatabase("bad input never errors, never writes", () => {
  it("recording, editing and deleting deals with hostile payloads, including other evenings' ids", async () => {
    const owner = await newActor("fuzz");
    const other = await newActor("other");
    const { gameId } = await newEvening(owner);
    const { gameId: foreignGame } = await newEvening(other);
    const gameIds = fc.oneof(fc.constant(gameId), fc.constant(foreignGame), hostile);
    const entries = fc.oneof(
      hostile,
      fc.dictionary(
        fc.constantFrom("Anna", "Bo", "Cecilia", "Dag", ""),
        objectOf(["plays", "exchanged", "tricks", "revoke"]),
      ),
    );
    await fc.assert(
      fc.asyncProperty(gameIds, hostile, entries, hostile, async (g, number, e, key) => {
        await survives(() => recordDeal(owner, { gameId: g, number, entries: e, clientKey: key } as never));
        await survives(() => editDeal(owner, { gameId: g, number, entries: e } as never));
        await survives(() =>
          deleteDeal(owner, { gameId: g, number: typeof number === "number" ? number : 5 } as never),
        );
      }),
      { numRuns: RUNS },
    );
  });

  it("creating evenings, starting games, joining and reading share links", async () => {
    const owner = await newActor("fuzz");
    const { eveningId } = await newEvening(owner);
    await fc.assert(
      fc.asyncProperty(
        objectOf(["title", "date", "place", "variant", "houseRules", "players", "firstDealerSeat"]),
        hostile,
        async (input, token) => {
          await survives(() => createEvening(owner, input as never));
          await survives(() =>
            startGame(owner, { eveningId, players: input.players, firstDealerSeat: input.firstDealerSeat } as never),
          );
          await survives(() => joinEvening(owner, token as never));
          tried++;
          await expect(getScoreboardByToken(token as never)).resolves.toBeNull();
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("every group operation with hostile payloads, including other groups' ids", async () => {
    const owner = await newActor("fuzz");
    const other = await newActor("other");
    const { id: groupId } = await createGroup(owner, "Fuzz");
    const { id: foreign } = await createGroup(other, "Other");
    const { eveningId } = await newEvening(owner, { groupId, players: ["Anna", "Bo"], firstDealerSeat: 0 });
    const [anna] = await getDb().groupPlayer.findMany({ where: { groupId }, select: { id: true } });
    const ids = fc.oneof(
      fc.constant(groupId),
      fc.constant(foreign),
      fc.constant(anna!.id),
      fc.constant(eveningId),
      hostile,
    );
    const season = objectOf(["variant", "name", "startsOn", "endsOn", "bestEvenings"]);
    await fc.assert(
      fc.asyncProperty(ids, ids, hostile, season, async (g, x, text, s) => {
        await survives(() => renameGroup(owner, g, text));
        await survives(() => addGroupPlayer(owner, g, text));
        await survives(() => renameGroupPlayer(owner, g, x, text));
        await survives(() => linkGroupPlayer(owner, g, x, text));
        await survives(() => mergeGroupPlayers(owner, g, x, text));
        await survives(() => splitGroupPlayer(owner, g, x));
        await survives(() => createSeason(owner, g, s));
        await survives(() => deleteSeason(owner, g, x));
        await survives(() => setGroupAdmin(owner, g, x, Boolean(text)));
        await survives(() => removeGroupMember(owner, g, x));
        await survives(() => moveEvening(owner, x, g));
        await survives(() => seasonView(owner, g, text, x));
        await survives(() => recordsView(owner, g, text));
        await survives(() => joinGroup(owner, text));
      }),
      // Fourteen operations a run, each fingerprinting the database twice: fewer runs than the others.
      { numRuns: RUNS / 2 },
    );
  }, 120_000);

  it("importing hostile files", async () => {
    const owner = await newActor("fuzz");
    const evening = objectOf(["title", "date", "place", "variant", "houseRules", "games", "ended"]);
    const file = fc.oneof(
      hostile,
      fc.record({ format: fc.constant("protokoll.backup"), evenings: fc.array(evening, { maxLength: 3 }) }),
      fc.record({
        format: fc.constant("protokoll.backup"),
        evenings: fc.constant([]),
        groups: fc.oneof(
          hostile,
          fc.array(objectOf(["key", "name", "members", "players", "seasons"]), { maxLength: 3 }),
        ),
      }),
      fc.record({ format: fc.constant("protokoll.evening") }).chain((f) => evening.map((e) => ({ ...e, ...f }))),
      objectOf(["variant", "players", "deals", "houseRules", "firstDealer"]),
    );
    // A file the import took (one that happens to be a valid backup) is the only way an evening appears.
    let created = 0;
    await fc.assert(
      fc.asyncProperty(file, async (f) => {
        await survives(() => previewImport(owner, f));
        await survives(async () => void (created += (await importEvenings(owner, f)).created.length));
      }),
      { numRuns: RUNS },
    );
    console.log(`fuzz: ${tried} hostile payloads tried, none caused an unexpected error or a write`);
    expect(await getDb().evening.count({ where: { ownerId: owner.userId } })).toBe(created);
  });
});
