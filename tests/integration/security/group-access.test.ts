import { beforeAll, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import {
  addGroupPlayer,
  deleteGroup,
  createGroup,
  getGroupView,
  leaveGroup,
  linkGroupPlayer,
  mergeGroupPlayers,
  moveEvening,
  removeGroupMember,
  renameGroup,
  renameGroupPlayer,
  rotateGroupInvite,
  setGroupAdmin,
  splitGroupPlayer,
} from "@/lib/data/groups";
import { createSeason, deleteSeason, recordsView, seasonView } from "@/lib/data/seasons";
import { createRuleSet, deleteRuleSet, getRuleSet, updateRuleSet } from "@/lib/data/rule-sets";
import type { Actor } from "@/lib/data/access";
import { AppError } from "@/lib/errors";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";

/** The roles of docs/security.md's matrix for groups. "Former" was a member and sat at one of its evenings. */
type Role = "admin" | "member" | "former" | "stranger" | "anonymous";
const ROLES: Role[] = ["admin", "member", "former", "stranger", "anonymous"];

interface Group {
  groupId: string;
  /** An evening of the group (the admin's), with one deal. */
  eveningId: string;
  gameId: string;
  /** Dag and Dagge never sat together; Dagge is merged into Dag in `mergedId`'s place. */
  players: Record<"Anna" | "Bo" | "Dag" | "Dagge" | "Eva", string>;
  seasonId: string;
  /** A rule set kept for the group. */
  ruleSetId: string;
  /** An evening of the actor's own, outside any group (none for anonymous). */
  ownEvening: string | null;
  other: { userId: string };
}

const RULE_SET = { name: "Fredagsregler", variant: "knektpass" as const, houseRules: { startScore: 7 }, stakes: null };

const ACTIONS: { name: string; allowed: Role[]; run: (actor: Actor, g: Group) => Promise<unknown> }[] = [
  { name: "see the group's page", allowed: ["admin", "member"], run: (a, g) => getGroupView(a, g.groupId) },
  { name: "see the season table", allowed: ["admin", "member"], run: (a, g) => seasonView(a, g.groupId, "knektpass") },
  { name: "see the records", allowed: ["admin", "member"], run: (a, g) => recordsView(a, g.groupId, "knektpass") },
  { name: "read a group's evening", allowed: ["admin", "member", "former"], run: (a, g) => getEvening(a, g.eveningId) },
  {
    name: "record a deal at a group's evening",
    // The former member sat at it: they keep it, as an evening's member.
    allowed: ["admin", "member", "former"],
    run: (a, g) =>
      recordDeal(a, { gameId: g.gameId, number: 2, entries: { Anna: { plays: false }, Bo: { plays: true } } }),
  },
  {
    name: "start an evening for the group",
    allowed: ["admin", "member"],
    run: (a, g) =>
      newEvening(a as { userId: string }, { groupId: g.groupId, players: ["Anna", "Bo"], firstDealerSeat: 0 }),
  },
  {
    name: "move an own evening into the group",
    allowed: ["admin", "member"],
    run: (a, g) => moveEvening(a, g.ownEvening ?? "none", g.groupId),
  },
  { name: "add a player", allowed: ["admin", "member"], run: (a, g) => addGroupPlayer(a, g.groupId, "Gun") },
  {
    name: "link themselves to an unlinked player",
    allowed: ["admin", "member"],
    run: (a, g) => linkGroupPlayer(a, g.groupId, g.players.Eva, (a as { userId: string } | null)?.userId ?? null),
  },
  {
    name: "link another member to a player",
    allowed: ["admin"],
    run: (a, g) => linkGroupPlayer(a, g.groupId, g.players.Bo, g.other.userId),
  },
  {
    name: "rename a player",
    allowed: ["admin"],
    run: (a, g) => renameGroupPlayer(a, g.groupId, g.players.Bo, "Bosse"),
  },
  {
    name: "merge two players",
    allowed: ["admin"],
    run: (a, g) => mergeGroupPlayers(a, g.groupId, g.players.Dagge, g.players.Dag),
  },
  { name: "undo a merge", allowed: ["admin"], run: (a, g) => splitGroupPlayer(a, g.groupId, g.players.Eva) },
  {
    name: "define a season",
    allowed: ["admin"],
    run: (a, g) =>
      createSeason(a, g.groupId, { variant: "knektpass", name: "Höst", startsOn: "2026-08-01", endsOn: "2026-12-31" }),
  },
  { name: "delete a season", allowed: ["admin"], run: (a, g) => deleteSeason(a, g.groupId, g.seasonId) },
  { name: "replace the invite link", allowed: ["admin"], run: (a, g) => rotateGroupInvite(a, g.groupId) },
  { name: "make a member admin", allowed: ["admin"], run: (a, g) => setGroupAdmin(a, g.groupId, g.other.userId, true) },
  { name: "remove a member", allowed: ["admin"], run: (a, g) => removeGroupMember(a, g.groupId, g.other.userId) },
  { name: "rename the group", allowed: ["admin"], run: (a, g) => renameGroup(a, g.groupId, "Fredagsgänget") },
  { name: "delete the group", allowed: ["admin"], run: (a, g) => deleteGroup(a, g.groupId) },
  { name: "leave the group", allowed: ["member"], run: (a, g) => leaveGroup(a, g.groupId) },
  { name: "use the group's rule set", allowed: ["admin", "member"], run: (a, g) => getRuleSet(a, g.ruleSetId) },
  {
    name: "change the group's rule set",
    allowed: ["admin"],
    run: (a, g) => updateRuleSet(a, g.ruleSetId, { ...RULE_SET, name: "Höstregler" }),
  },
  { name: "delete the group's rule set", allowed: ["admin"], run: (a, g) => deleteRuleSet(a, g.ruleSetId) },
];

/**
 * Refusals that are not about access: "undo a merge" is asked of a player who is not merged (an admin gets
 * "conflict"); the only admin may not leave without naming another.
 */
const OTHER_REFUSALS: Record<string, Partial<Record<Role, string>>> = {
  "undo a merge": { admin: "conflict" },
  "leave the group": { admin: "validation" },
};

const refusal: Record<Exclude<Role, "admin">, string[]> = {
  member: ["forbidden"],
  // Someone outside the group learns nothing, not even that it exists.
  former: ["not_found"],
  stranger: ["not_found"],
  anonymous: ["unauthenticated"],
};

describeWithDatabase("groups: access control matrix", () => {
  let actors: Record<Exclude<Role, "anonymous">, { userId: string }> & { other: { userId: string } };
  beforeAll(async () => {
    const [admin, member, former, stranger, other] = await Promise.all(
      ["admin", "member", "former", "stranger", "other"].map((p) => newActor(p)),
    );
    actors = { admin: admin!, member: member!, former: former!, stranger: stranger!, other: other! };
  });

  async function setUp(role: Role): Promise<Group> {
    const { admin, member, former, other } = actors;
    const { id: groupId } = await createGroup(admin, "Torsdagsgänget");
    await getDb().groupMember.createMany({
      data: [member, former, other].map((m) => ({ groupId, userId: m.userId })),
    });
    const { eveningId, gameId } = await newEvening(admin, { groupId, players: ["Anna", "Bo"], firstDealerSeat: 0 });
    await recordDeal(former, { gameId, number: 1, entries: { Anna: { plays: false }, Bo: { plays: false } } });
    await newEvening(admin, { groupId, players: ["Dag", "Eva"], firstDealerSeat: 0 });
    await newEvening(admin, { groupId, players: ["Dagge", "Eva"], firstDealerSeat: 0 });
    // The former member recorded at the first evening, then was removed: they keep that evening only.
    await removeGroupMember(admin, groupId, former.userId);
    const players = Object.fromEntries(
      (await getDb().groupPlayer.findMany({ where: { groupId }, select: { id: true, name: true } })).map((p) => [
        p.name,
        p.id,
      ]),
    ) as Group["players"];
    const { id: seasonId } = await createSeason(admin, groupId, {
      variant: "knektpass",
      name: "Vår",
      startsOn: "2026-01-01",
      endsOn: "2026-06-30",
    });
    // The same admin keeps a set per test's group: each with a name of its own.
    const { id: ruleSetId } = await createRuleSet(admin, { ...RULE_SET, name: `Fredag ${groupId}` }, groupId);
    const actor = role === "anonymous" ? null : actors[role];
    const ownEvening = actor
      ? (await newEvening(actor, { players: ["Anna", "Bo"], firstDealerSeat: 0 })).eveningId
      : null;
    return { groupId, eveningId, gameId, players, seasonId, ruleSetId, ownEvening, other };
  }

  for (const action of ACTIONS) {
    for (const role of ROLES) {
      const allowed = action.allowed.includes(role);
      it(`${role} ${allowed ? "may" : "may not"} ${action.name}`, async () => {
        const group = await setUp(role);
        const actor: Actor = role === "anonymous" ? null : actors[role];
        const before = await fingerprint();
        const outcome = await action.run(actor, group).then(
          () => null,
          (e: unknown) => e,
        );
        const other = OTHER_REFUSALS[action.name]?.[role];
        if (allowed && !other) {
          expect(outcome).toBeNull();
          return;
        }
        expect(outcome).toBeInstanceOf(AppError);
        const expected = other ? [other] : refusal[role as Exclude<Role, "admin">];
        expect(expected).toContain((outcome as AppError).code);
        expect(await fingerprint()).toEqual(before);
      });
    }
  }
});
