/** The signed-in user of the current request, as the data layer's Actor. */
import "server-only";
import { cookies } from "next/headers";
import { auth } from "@/auth";
import type { Actor } from "@/lib/data/access";
import { env } from "@/lib/env";
import { userIdFromSessionToken } from "./session-token";

/** Auth.js's session cookie: `__Secure-` over HTTPS. The name is also the key-derivation salt. */
const SESSION_COOKIES = ["__Secure-authjs.session-token", "authjs.session-token"];

/**
 * Who is acting, read from the session cookie: decrypted and checked (signature, expiry) like `auth()` does,
 * without re-issuing the cookie on every call — actions and route handlers run on the hot path of entering a
 * deal. Pages use `auth()` (through currentUser), which keeps the session's expiry rolling.
 */
export async function currentActor(): Promise<Actor> {
  const jar = await cookies();
  for (const name of SESSION_COOKIES) {
    const value = jar.get(name)?.value;
    if (!value) continue;
    const userId = await userIdFromSessionToken(name, value, env().AUTH_SECRET);
    return userId ? { userId } : null;
  }
  // A very large session is split over several cookies; let Auth.js put it together.
  if (jar.getAll().some((c) => SESSION_COOKIES.some((name) => c.name.startsWith(`${name}.`)))) {
    const session = await auth();
    return session?.user?.id ? { userId: session.user.id } : null;
  }
  return null;
}

export async function currentUser(): Promise<{ id: string; name: string } | null> {
  const session = await auth();
  return session?.user?.id ? { id: session.user.id, name: session.user.name ?? "" } : null;
}
