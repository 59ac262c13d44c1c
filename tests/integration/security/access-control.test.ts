import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { deleteDeal, editDeal, recordDeal } from "@/lib/data/deals";
import { getEvening } from "@/lib/data/evening-view";
import { endEvening, startGame } from "@/lib/data/evenings";
import { removeMember, rotateInvite } from "@/lib/data/members";
import { getScoreboardByToken, getShareLink, revokeShareLink, rotateShareLink, setShareMoney } from "@/lib/data/share";
import { exportEvening, importEvenings } from "@/lib/data/transfer";
import type { Actor } from "@/lib/data/access";
import { AppError } from "@/lib/errors";
import { describeWithDatabase, fingerprint, newActor, newEvening } from "@/tests/support/data";

type Role = "owner" | "member" | "stranger" | "anonymous";
const ROLES: Role[] = ["owner", "member", "stranger", "anonymous"];

interface Table {
  eveningId: string;
  gameId: string;
  memberId: string;
  shareToken: string;
}

/** Each action, what it needs, and which roles may do it; everyone else gets the stated refusal. */
const ACTIONS: { name: string; allowed: Role[]; run: (actor: Actor, t: Table) => Promise<unknown> }[] = [
  { name: "read the evening", allowed: ["owner", "member"], run: (a, t) => getEvening(a, t.eveningId) },
  {
    name: "record a deal",
    allowed: ["owner", "member"],
    run: (a, t) =>
      recordDeal(a, {
        gameId: t.gameId,
        number: 2,
        entries: { Anna: { plays: true }, Bo: { plays: false }, Cecilia: { plays: false } },
      }),
  },
  {
    name: "edit a deal",
    allowed: ["owner", "member"],
    run: (a, t) =>
      editDeal(a, {
        gameId: t.gameId,
        number: 1,
        entries: { Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: true } },
      }),
  },
  {
    name: "delete a deal",
    allowed: ["owner", "member"],
    run: (a, t) => deleteDeal(a, { gameId: t.gameId, number: 1 }),
  },
  {
    name: "start the next game",
    allowed: [],
    run: (a, t) => startGame(a, { eveningId: t.eveningId, players: ["Anna", "Bo", "Cecilia"], firstDealerSeat: 0 }),
  },
  { name: "remove a member", allowed: ["owner"], run: (a, t) => removeMember(a, t.eveningId, t.memberId) },
  { name: "replace the invite link", allowed: ["owner"], run: (a, t) => rotateInvite(a, t.eveningId) },
  { name: "see the share link", allowed: ["owner"], run: (a, t) => getShareLink(a, t.eveningId) },
  { name: "rotate the share link", allowed: ["owner"], run: (a, t) => rotateShareLink(a, t.eveningId) },
  { name: "revoke the share link", allowed: ["owner"], run: (a, t) => revokeShareLink(a, t.eveningId) },
  {
    name: "show the money on the share link",
    allowed: ["owner"],
    run: (a, t) => setShareMoney(a, t.eveningId, true),
  },
  { name: "end the evening", allowed: ["owner"], run: (a, t) => endEvening(a, t.eveningId) },
  { name: "export the evening", allowed: ["owner", "member"], run: (a, t) => exportEvening(a, t.eveningId) },
];

const refusal: Record<Exclude<Role, "owner">, string[]> = {
  member: ["forbidden"],
  // Someone with no seat at the table learns nothing, not even that the evening exists (IDOR).
  stranger: ["not_found"],
  anonymous: ["unauthenticated"],
};

describeWithDatabase("access control matrix", () => {
  for (const action of ACTIONS) {
    for (const role of ROLES) {
      const allowed = action.allowed.includes(role);
      it(`${role} ${allowed ? "may" : "may not"} ${action.name}`, async () => {
        const owner = await newActor("owner");
        const member = await newActor("member");
        const stranger = await newActor("stranger");
        const { eveningId, gameId } = await newEvening(owner);
        await getDb().eveningMember.create({ data: { eveningId, userId: member.userId } });
        await recordDeal(owner, {
          gameId,
          number: 1,
          entries: { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } },
        });
        const shareToken = (await getShareLink(owner, eveningId))!;
        const actor: Actor = { owner, member, stranger, anonymous: null }[role];
        const table = { eveningId, gameId, memberId: member.userId, shareToken };
        const before = await fingerprint();
        if (allowed) {
          await expect(action.run(actor, table)).resolves.not.toThrow();
        } else {
          const error = await action.run(actor, table).then(
            () => null,
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(AppError);
          // "start the next game" is refused to everyone here because the game is not over.
          const expected =
            action.name === "start the next game" && (role === "owner" || role === "member")
              ? ["conflict"]
              : refusal[role as Exclude<Role, "owner">];
          expect(expected).toContain((error as AppError).code);
          expect(await fingerprint()).toEqual(before);
        }
      });
    }
  }

  it("a share-link viewer can read the scoreboard and nothing else", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner);
    const token = (await getShareLink(owner, eveningId))!;
    const board = await getScoreboardByToken(token);
    expect(board?.scoreboard.title).toBe("Torsdagskväll");
    expect(JSON.stringify(board!.scoreboard)).not.toContain(owner.userId);
    expect(JSON.stringify(board!.scoreboard)).not.toContain(owner.username);
    // The token opens nothing else: not as an evening id, not as a game id, not without a session.
    const before = await fingerprint();
    await expect(getEvening(null, token)).rejects.toMatchObject({ code: "unauthenticated" });
    await expect(recordDeal(null, { gameId, number: 1, entries: {} })).rejects.toMatchObject({
      code: "unauthenticated",
    });
    await expect(exportEvening(null, eveningId)).rejects.toMatchObject({ code: "unauthenticated" });
    expect(await fingerprint()).toEqual(before);
    expect(await getScoreboardByToken(token.slice(0, -1) + (token.endsWith("A") ? "B" : "A"))).toBeNull();
  });

  it("an import always lands in the importer's own account", async () => {
    const owner = await newActor("owner");
    const other = await newActor("other");
    const { eveningId } = await newEvening(owner);
    const file = await exportEvening(owner, eveningId);
    const { created } = await importEvenings(other, file);
    const copy = await getDb().evening.findUniqueOrThrow({ where: { id: created[0]! }, select: { ownerId: true } });
    expect(copy.ownerId).toBe(other.userId);
    await expect(getEvening(owner, created[0]!)).rejects.toMatchObject({ code: "not_found" });
  });
});
