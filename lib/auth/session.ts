/** The signed-in user of the current request, as the data layer's Actor. */
import "server-only";
import { headers } from "next/headers";
import { cache } from "react";
import { getToken } from "next-auth/jwt";
import { auth } from "@/auth";
import type { Actor } from "@/lib/data/access";
import { env } from "@/lib/env";
import { decodeRemembered } from "./session-token";
import { databaseProvider } from "@/lib/db/client";
import { rememberedSession, sessionLive } from "@/lib/data/sessions";

/**
 * Who is acting, read from the session cookie: decrypted and checked (signature, expiry) like `auth()` does,
 * without re-issuing the cookie on every call — actions and route handlers run on the hot path of entering a
 * deal. Pages use `auth()` (through currentUser), which keeps the session's expiry rolling.
 */
export async function currentActor(): Promise<Actor> {
  return actorFromCookies((await headers()).get("cookie"));
}

/** The same, from a request's Cookie header (the Node server's own routes, lib/server/). */
export async function actorFromCookies(cookie: string | null | undefined): Promise<Actor> {
  const session = await sessionFromCookies(cookie);
  return session ? { userId: session.userId } : null;
}

/** This request's live session — its account and its id (`sid`, lib/data/sessions.ts) — or null. */
export async function currentSession(): Promise<{ userId: string; sid: string } | null> {
  return sessionFromCookies((await headers()).get("cookie"));
}

async function sessionFromCookies(cookie: string | null | undefined): Promise<{ userId: string; sid: string } | null> {
  const token = await tokenFromCookies(cookie);
  // A cookie that is valid but whose session was signed out is no session.
  return token?.sid && (await sessionLive(token.sid, token.userId)) ? { userId: token.userId, sid: token.sid } : null;
}

/**
 * The actor of a request that records a deal (POST /api/games/{id}/deals): as `actorFromCookies`, except that on
 * PostgreSQL a session this process has not checked within RECHECK_MS is left to the deal's own statement
 * (`unconfirmed`: its id; decision 005) — one round trip instead of two. Only `recordDeal` takes it.
 */
export async function dealActorFromCookies(
  cookie: string | null | undefined,
): Promise<{ actor: Actor; unconfirmed?: string }> {
  const token = await tokenFromCookies(cookie);
  if (!token?.sid) return { actor: null };
  const { userId, sid } = token;
  const known = rememberedSession(sid, userId);
  if (known === null && databaseProvider() === "postgresql") return { actor: { userId }, unconfirmed: sid };
  return { actor: (known ?? (await sessionLive(sid, userId))) ? { userId } : null };
}

/** The account and session id a valid session cookie names, not yet checked against the session's row. */
async function tokenFromCookies(
  cookie: string | null | undefined,
): Promise<{ userId: string; sid: string | null } | null> {
  // Only the cookies: a session comes from the browser's cookie, never from an Authorization header.
  const req = { headers: new Headers({ cookie: cookie ?? "" }) };
  const secret = env().AUTH_SECRET;
  for (const secureCookie of [true, false]) {
    const token = await getToken({ req, secret, secureCookie, decode: decodeRemembered });
    if (!token?.sub) continue;
    return { userId: token.sub, sid: typeof token.sid === "string" ? token.sid : null };
  }
  return null;
}

/** The signed-in user of this request (read once per request: the layout and the header both ask). */
export const currentUser = cache(async (): Promise<{ id: string; name: string } | null> => {
  const session = await auth();
  if (!session?.user?.id) return null;
  // auth() keeps the cookie's expiry rolling; whether its session was signed out is the actor's check.
  if ((await currentActor())?.userId !== session.user.id) return null;
  return { id: session.user.id, name: session.user.name ?? "" };
});
