import { encode } from "next-auth/jwt";
import { expect, it } from "vitest";
import { sessionFromToken } from "@/lib/auth/session-token";
import { endSession, newSessionId, RECHECK_MS, sessionLive } from "@/lib/auth/sessions";
import { getDb } from "@/lib/db/client";
import { env } from "@/lib/env";
import { describeWithDatabase, newActor } from "@/tests/support/data";

const NAME = "authjs.session-token";
const cookieFor = (token: Record<string, unknown>) =>
  encode({ token, secret: env().AUTH_SECRET, salt: NAME, maxAge: 3600 });
/** Who a cookie acts for, as every action and route reads it (lib/auth/session.ts actorFromCookies). */
async function actorOf(value: string) {
  const session = await sessionFromToken(NAME, value, env().AUTH_SECRET);
  return session && (await sessionLive(session.sid)) ? { userId: session.userId } : null;
}

describeWithDatabase("sessions that can be ended", () => {
  it("a signed-out session's cookie is refused; a cookie without a session id is no session", async () => {
    const { userId } = await newActor("sessions");
    const sid = newSessionId();
    const cookie = await cookieFor({ sub: userId, sid });
    expect(await actorOf(cookie)).toEqual({ userId });
    await endSession(sid, new Date(Date.now() + 3_600_000));
    expect(await actorOf(cookie)).toBeNull();
    expect(await actorOf(await cookieFor({ sub: userId }))).toBeNull();
  });

  it("a session ended by another instance is refused here within a second", async () => {
    const sid = newSessionId();
    expect(await sessionLive(sid)).toBe(true);
    // Another instance writes the end; this one still remembers the session as live, for at most RECHECK_MS.
    await getDb().endedSession.create({ data: { id: sid, expiresAt: new Date(Date.now() + 60_000) } });
    await new Promise((r) => setTimeout(r, RECHECK_MS + 50));
    expect(await sessionLive(sid)).toBe(false);
  });
});
