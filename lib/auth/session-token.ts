/**
 * Reading a session cookie: Auth.js's encrypted JWT, decrypted and checked (signature, expiry) once, then
 * remembered by its exact value until it expires. Decrypting costs ≈ 0.4 ms (a key derivation and an AES
 * decryption) on every action and route handler call — a tenth of recording a deal. A remembered cookie is
 * one that was verified; a cookie's value can't change without failing verification, and the expiry is
 * checked again on every use.
 */
import { decode, type JWT, type JWTDecodeParams } from "next-auth/jwt";

const MAX_REMEMBERED = 1_000;
const remembered = new Map<string, { userId: string; sid: string | null; expiresAt: number; secret: string }>();

/** The user id the session cookie `name` (also the key-derivation salt) holds, or null if it is not valid. */
export async function userIdFromSessionToken(name: string, value: string, secret: string): Promise<string | null> {
  return (await sessionFromToken(name, value, secret))?.userId ?? null;
}

/**
 * The user and the session id (`sid`, given at sign-in: lib/data/sessions.ts) the cookie holds, or null if it is
 * not valid. Whether the session was ended since is asked of the database, not here.
 */
export async function sessionFromToken(
  name: string,
  value: string,
  secret: string,
): Promise<{ userId: string; sid: string | null } | null> {
  const key = `${name}\n${value}`;
  const known = remembered.get(key);
  if (known) {
    if (known.expiresAt > Date.now() && known.secret === secret) return { userId: known.userId, sid: known.sid };
    remembered.delete(key);
  }
  let payload: JWT | null;
  try {
    payload = await decode({ token: value, secret, salt: name });
  } catch {
    return null;
  }
  if (!payload?.sub) return null;
  const sid = typeof payload.sid === "string" ? payload.sid : null;
  if (typeof payload.exp === "number") {
    if (remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, { userId: payload.sub, sid, expiresAt: payload.exp * 1000, secret });
  }
  return { userId: payload.sub, sid };
}

/**
 * The same check in the shape of Auth.js's `decode` option, for `getToken`: Auth.js finds its own session
 * cookie (its name, `__Secure-` over HTTPS, and its chunks when a large session is split) and passes the name
 * as the salt; the product never writes the cookie's name out.
 */
export async function decodeRemembered({ token, secret, salt }: JWTDecodeParams): Promise<JWT | null> {
  if (!token) return null;
  const session = await sessionFromToken(salt, token, Array.isArray(secret) ? secret[0]! : secret);
  return session ? { sub: session.userId, ...(session.sid ? { sid: session.sid } : {}) } : null;
}
