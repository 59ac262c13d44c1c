/** An evening's members: joining by the invite link, removing a member, replacing the link. */
import "server-only";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { inTransaction, markEveningChanged } from "./changes";
import { requireRole, requireSignedIn, type Actor } from "./access";
import { newToken } from "./tokens";
import { isId } from "@/lib/schemas/ids";

/** Becomes a member through the owner's invite link. */
export async function joinEvening(actor: Actor, inviteToken: string): Promise<{ id: string; title: string }> {
  const { userId } = requireSignedIn(actor);
  if (!isId(inviteToken)) throw new AppError("not_found", { key: "errors.inviteInvalid" });
  return inTransaction(async (tx) => {
    const evening = await tx.evening.findUnique({
      where: { inviteToken },
      select: { id: true, title: true, ownerId: true, status: true },
    });
    // An ended evening takes no new members: its invite link admits nobody.
    if (!evening || (evening.status !== "open" && evening.ownerId !== userId))
      throw new AppError("not_found", { key: "errors.inviteGone" });
    if (evening.ownerId !== userId) {
      await tx.eveningMember.upsert({
        where: { eveningId_userId: { eveningId: evening.id, userId } },
        create: { eveningId: evening.id, userId },
        update: {},
      });
      await markEveningChanged(tx, evening.id, "members");
    }
    return { id: evening.id, title: evening.title };
  });
}

/** What an invite link shows before joining: the evening's title, for anyone who holds the link. */
export async function describeInvite(inviteToken: string): Promise<{ title: string; owner: string } | null> {
  if (!isId(inviteToken)) return null;
  const evening = await getDb().evening.findUnique({
    where: { inviteToken, status: "open" },
    select: { title: true, owner: { select: { username: true } } },
  });
  return evening ? { title: evening.title, owner: evening.owner.username } : null;
}

export async function removeMember(actor: Actor, eveningId: string, memberId: string): Promise<void> {
  await inTransaction(async (tx) => {
    await requireRole(tx, actor, eveningId, ["owner"]);
    await tx.eveningMember.deleteMany({ where: { eveningId, userId: memberId } });
    // The removed member knows the invite link: it is replaced, so they cannot simply join again.
    await tx.evening.update({ where: { id: eveningId }, data: { inviteToken: newToken() } });
    await markEveningChanged(tx, eveningId, "members");
  });
}

/** Replaces the invite link: the old one stops working. */
export async function rotateInvite(actor: Actor, eveningId: string): Promise<void> {
  await inTransaction(async (tx) => {
    await requireRole(tx, actor, eveningId, ["owner"]);
    await tx.evening.update({ where: { id: eveningId }, data: { inviteToken: newToken() } });
    await markEveningChanged(tx, eveningId, "invite");
  });
}
