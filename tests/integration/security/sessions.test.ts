import { encode } from "next-auth/jwt";
import { expect, it } from "vitest";
import { sessionFromToken } from "@/lib/auth/session-token";
import { endSession, RECHECK_MS, rememberedSession, sessionLive, startSession } from "@/lib/data/sessions";
import { recordDeal } from "@/lib/data/deals";
import { getDb } from "@/lib/db/client";
import { changePassword, createUser, signOutElsewhere, verifyCredentials } from "@/lib/data/users";
import { isAppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";

const NAME = "authjs.session-token";
const cookieFor = (token: Record<string, unknown>) =>
  encode({ token, secret: env().AUTH_SECRET, salt: NAME, maxAge: 3600 });
/** Who a cookie acts for, as every action and route reads it (lib/auth/session.ts). */
async function actorOf(value: string) {
  const session = await sessionFromToken(NAME, value, env().AUTH_SECRET);
  return session && (await sessionLive(session.sid, session.userId)) ? { userId: session.userId } : null;
}
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function refusal(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected a refusal, got ${String(error)}`);
  return error;
}

describeWithDatabase("sessions that can be ended", () => {
  it("a signed-out session's cookie is refused; a cookie without a session, or another's, is no session", async () => {
    const { userId } = await newActor("sessions");
    const other = await newActor("sessions-other");
    const sid = await startSession(userId);
    const cookie = await cookieFor({ sub: userId, sid });
    expect(await actorOf(cookie)).toEqual({ userId });
    // The same session id under another account (a forged pairing) is not that account's session.
    expect(await actorOf(await cookieFor({ sub: other.userId, sid }))).toBeNull();
    await endSession(sid);
    expect(await actorOf(cookie)).toBeNull();
    expect(await actorOf(await cookieFor({ sub: userId }))).toBeNull();
    expect(await actorOf(await cookieFor({ sub: userId, sid: crypto.randomUUID() }))).toBeNull();
  });

  it("a session ended by another instance is refused here within a second", async () => {
    const { userId } = await newActor("sessions-instances");
    const sid = await startSession(userId);
    expect(await sessionLive(sid, userId)).toBe(true);
    // Another instance deletes the row; this one still remembers the session as live, for at most RECHECK_MS.
    await getDb().accountSession.delete({ where: { id: sid } });
    await wait(RECHECK_MS + 50);
    expect(await sessionLive(sid, userId)).toBe(false);
  });

  it("a deal whose session was not checked lately is stored only while that session lives", async () => {
    const owner = await newActor("sessions-deal");
    const { gameId } = await newEvening(owner, { players: ["Anna", "Bo", "Cecilia"], firstDealerSeat: 0 });
    const pass = { Anna: { plays: false }, Bo: { plays: true }, Cecilia: { plays: false } };
    await recordDeal(owner, { gameId, number: 1, entries: pass }); // the game is in this process's hands now
    const live = await startSession(owner.userId);
    const ended = await startSession(owner.userId);
    const lapsed = await startSession(owner.userId);
    await getDb().accountSession.delete({ where: { id: ended } }); // by another instance
    await getDb().accountSession.update({ where: { id: lapsed }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await wait(RECHECK_MS + 50);
    // On PostgreSQL the deal's own statement checks the session (lib/auth/session.ts, dealActorFromCookies).
    for (const sid of [ended, lapsed]) {
      const refused = await refusal(recordDeal(owner, { gameId, number: 2, entries: pass }, sid));
      expect(refused.code).toBe("unauthenticated");
    }
    const other = await newActor("sessions-deal-other");
    const strangers = await startSession(other.userId);
    await wait(RECHECK_MS + 50);
    expect((await refusal(recordDeal(owner, { gameId, number: 2, entries: pass }, strangers))).code).toBe(
      "unauthenticated",
    );
    expect(await getDb().deal.count({ where: { gameId } })).toBe(1);
    expect((await recordDeal(owner, { gameId, number: 2, entries: pass }, live)).number).toBe(2);
    expect(rememberedSession(live, owner.userId)).toBe(true);
    expect(await getDb().deal.count({ where: { gameId } })).toBe(2);
  });

  it("a session lapses when unused, and moves its end on when used", async () => {
    const { userId } = await newActor("sessions-lapse");
    const db = getDb();
    const lapsed = await startSession(userId);
    await db.accountSession.update({ where: { id: lapsed }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await wait(RECHECK_MS + 50);
    expect(await sessionLive(lapsed, userId)).toBe(false);
    const used = await startSession(userId);
    const soon = new Date(Date.now() + 3 * 24 * 3600_000);
    await db.accountSession.update({ where: { id: used }, data: { expiresAt: soon } });
    await wait(RECHECK_MS + 50);
    expect(await sessionLive(used, userId)).toBe(true);
    const row = await db.accountSession.findUniqueOrThrow({ where: { id: used } });
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });

  it("changing the password ends every other session of the account, and only after the current one is checked", async () => {
    const username = `pw${Date.now().toString(36)}`;
    const user = await createUser({ username, password: "old password 1" });
    const stranger = await newActor("sessions-stranger");
    const here = await startSession(user.id);
    const phone = await startSession(user.id);
    const laptop = await startSession(user.id);
    const strangers = await startSession(stranger.userId);

    const wrong = await refusal(
      changePassword({ userId: user.id, sid: here }, { current: "nope", password: "new password 2" }),
    );
    expect(wrong.code).toBe("validation");
    expect(wrong.fieldMessages.current?.[0]?.key).toBe("account.wrongPassword");
    const short = await refusal(
      changePassword({ userId: user.id, sid: here }, { current: "old password 1", password: "short" }),
    );
    expect(short.fieldMessages.password?.[0]?.key).toBe("field.passwordMin");
    // Nothing was written: the old password still signs in, every session still lives.
    expect((await verifyCredentials(username, "old password 1")).ok).toBe(true);
    await wait(RECHECK_MS + 50);
    for (const sid of [here, phone, laptop]) expect(await sessionLive(sid, user.id)).toBe(true);

    const done = await changePassword(
      { userId: user.id, sid: here },
      { current: "old password 1", password: "new password 2" },
    );
    expect(done.endedSessions).toBe(2);
    expect(await sessionLive(here, user.id)).toBe(true);
    expect(await sessionLive(phone, user.id)).toBe(false);
    expect(await sessionLive(laptop, user.id)).toBe(false);
    expect(await sessionLive(strangers, stranger.userId)).toBe(true);
    expect((await verifyCredentials(username, "old password 1")).ok).toBe(false);
    expect((await verifyCredentials(username, "new password 2")).ok).toBe(true);
  });

  it("guessing the current password is throttled like a sign-in", async () => {
    const username = `pt${Date.now().toString(36)}`;
    const user = await createUser({ username, password: "right password" });
    const sid = await startSession(user.id);
    for (let i = 0; i < 5; i++)
      await refusal(
        changePassword({ userId: user.id, sid }, { current: `guess ${i}`, password: "new password 2" }, "1.2.3.4"),
      );
    const locked = await refusal(
      changePassword({ userId: user.id, sid }, { current: "right password", password: "new password 2" }, "1.2.3.4"),
    );
    expect(locked.code).toBe("rate_limited");
    expect((await verifyCredentials(username, "right password", new Date(), "5.6.7.8")).ok).toBe(true);
  });

  it("Sign out everywhere else ends the account's other sessions and keeps this one", async () => {
    const { userId } = await newActor("sessions-elsewhere");
    const here = await startSession(userId);
    const there = await startSession(userId);
    expect(await signOutElsewhere({ userId, sid: here })).toEqual({ endedSessions: 1 });
    expect(await sessionLive(here, userId)).toBe(true);
    expect(await sessionLive(there, userId)).toBe(false);
  });
});
