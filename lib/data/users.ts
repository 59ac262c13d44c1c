/** Accounts: sign-up, password check with throttling of failed sign-ins (shared by every instance via the database). */
import "server-only";
import { getDb } from "@/lib/db/client";
import { checkPassword, dummyHash, hashPassword } from "@/lib/data/passwords";
import { endOtherSessions } from "@/lib/data/sessions";
import { AppError, parseInput } from "@/lib/errors";
import type { Message } from "@/lib/i18n/dictionaries";
import { isUniqueViolation } from "./prisma-errors";
import {
  ChangePasswordSchema,
  SignUpSchema,
  UsernameSchema,
  type ChangePasswordInput,
  type SignUpInput,
} from "@/lib/schemas/account";

export type { ChangePasswordInput, SignUpInput };

/**
 * Sign-in attempts counted per window: 5 per account from one client address (counted before the password is
 * checked), and 30 failed ones from one address whatever names it tries (a table of phones behind one router
 * signs in well within that); a key past its count is locked for `lockMs`.
 */
export const THROTTLE = { failures: 5, perAddress: 30, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

/** A new account; `client` is the address signing up (its turn in the hashing queue). */
export async function createUser(input: SignUpInput, client = ""): Promise<{ id: string; username: string }> {
  const { username, password } = SignUpSchema.parse(input);
  const passwordHash = await hashPassword(password, client);
  try {
    return await getDb().user.create({ data: { username, passwordHash }, select: { id: true, username: true } });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(
        "conflict",
        { key: "errors.usernameTaken" },
        { fields: { username: [{ key: "errors.usernameTaken" }] } },
      );
    }
    throw error;
  }
}

export type CredentialsCheck =
  | { ok: true; user: { id: string; username: string } }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "throttled"; retryAfterMs: number };

/**
 * Checks a username and password; throttles guessing per username and client address (`client`), so a stranger
 * elsewhere cannot lock the account's owner out.
 */
export async function verifyCredentials(
  rawUsername: string,
  password: string,
  now = new Date(),
  client = "unknown",
): Promise<CredentialsCheck> {
  const parsed = UsernameSchema.safeParse(rawUsername);
  if (!parsed.success || typeof password !== "string" || password.length > 200) return { ok: false, reason: "invalid" };
  const username = parsed.data;
  const db = getDb();
  const key = `user:${username}|${client.slice(0, 64)}`;
  // An address that failed THROTTLE.perAddress times in the window, whatever names it tried, waits.
  const addressKey = `addr:${client.slice(0, 64)}`;
  const address = await db.signInThrottle.findUnique({ where: { key: addressKey } });
  if (address?.lockedUntil && address.lockedUntil > now)
    return { ok: false, reason: "throttled", retryAfterMs: address.lockedUntil.getTime() - now.getTime() };
  // Counted before the password is checked: however many arrive at once, at most THROTTLE.failures are checked.
  const claim = await claimAttempt(key, now, THROTTLE.failures);
  if ("retryAfterMs" in claim) return { ok: false, reason: "throttled", retryAfterMs: claim.retryAfterMs };
  const user = await db.user.findUnique({
    where: { username },
    select: { id: true, username: true, passwordHash: true },
  });
  // Compare against a dummy hash for unknown users, so timing does not tell which usernames exist.
  const { ok: valid, upgrade } = await checkPassword(password, user?.passwordHash ?? (await dummyHash()), client);
  if (user && valid) {
    // The count starts again — unless other attempts were counted since this one (a burst): those keep the
    // window, so however the burst is ordered, no more than THROTTLE.failures passwords are checked in it.
    await db.signInThrottle.deleteMany({ where: { key, failures: claim.attempt, windowStart: claim.windowStart } });
    if (upgrade)
      await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password, client) } });
    return { ok: true, user: { id: user.id, username: user.username } };
  }
  // Counted once failed: past THROTTLE.perAddress - 1 earlier failures, this one locks the address.
  await claimAttempt(addressKey, now, THROTTLE.perAddress - 1);
  // The last attempt of the window failed: locked from now.
  if (claim.attempt >= THROTTLE.failures)
    await db.signInThrottle.updateMany({
      where: { key },
      data: { lockedUntil: new Date(now.getTime() + THROTTLE.lockMs) },
    });
  return { ok: false, reason: "invalid" };
}

/** Removes the throttle's rows whose window has passed and which lock nothing: the table stays small. */
async function pruneThrottle(now: Date): Promise<void> {
  const old = new Date(now.getTime() - Math.max(THROTTLE.windowMs, THROTTLE.lockMs));
  await getDb().signInThrottle.deleteMany({
    where: { windowStart: { lt: old }, OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] },
  });
}

/**
 * Counts a sign-in attempt for `key` before its password is checked, atomically on both databases: the row is
 * read, then written only if no other attempt wrote it meanwhile (compare and set), else read again. Returns the
 * attempt's place in the window, or how long to wait — while the key is locked, or when this attempt is past the
 * window's last.
 */
async function claimAttempt(
  key: string,
  now: Date,
  limit: number,
): Promise<{ attempt: number; windowStart: Date } | { retryAfterMs: number }> {
  const db = getDb();
  for (let tries = 0; tries < 50; tries++) {
    const row = await db.signInThrottle.findUnique({ where: { key } });
    if (row?.lockedUntil && row.lockedUntil > now) return { retryAfterMs: row.lockedUntil.getTime() - now.getTime() };
    const fresh = !row || now.getTime() - row.windowStart.getTime() > THROTTLE.windowMs;
    const attempt = fresh ? 1 : row.failures + 1;
    const over = attempt > limit;
    const data = {
      failures: attempt,
      windowStart: fresh ? now : row.windowStart,
      lockedUntil: over ? new Date(now.getTime() + THROTTLE.lockMs) : null,
    };
    if (!row) {
      const created = await db.signInThrottle.create({ data: { key, ...data } }).then(
        () => true,
        (error: unknown) => {
          if (isUniqueViolation(error)) return false; // another attempt created it first: read it again
          throw error;
        },
      );
      if (!created) continue;
      // A new key (a name not tried lately): the rows of windows gone by, not locked, go.
      await pruneThrottle(now);
    } else {
      const { count } = await db.signInThrottle.updateMany({
        where: { key, failures: row.failures, windowStart: row.windowStart },
        data,
      });
      if (!count) continue;
    }
    return over ? { retryAfterMs: THROTTLE.lockMs } : { attempt, windowStart: data.windowStart };
  }
  // Fifty writers at once on one key: this one waits its turn like a locked one.
  return { retryAfterMs: 1_000 };
}

/**
 * Changes the password of the session's account after checking the current one (throttled as a sign-in is),
 * and ends every other session of the account — a phone left signed in elsewhere is signed out. Returns how
 * many sessions were ended. Nothing is written when the check fails.
 */
export async function changePassword(
  session: { userId: string; sid: string },
  input: ChangePasswordInput,
  client = "unknown",
): Promise<{ endedSessions: number }> {
  const { current, password } = parseInput(ChangePasswordSchema, input);
  const db = getDb();
  const user = await db.user.findUnique({ where: { id: session.userId }, select: { username: true } });
  if (!user) throw new AppError("unauthenticated", { key: "errors.signIn" });
  const check = await verifyCredentials(user.username, current, new Date(), client);
  if (!check.ok) {
    const message: Message = { key: check.reason === "throttled" ? "auth.throttled" : "account.wrongPassword" };
    throw new AppError(check.reason === "throttled" ? "rate_limited" : "validation", message, {
      fields: { current: [message] },
    });
  }
  await db.user.update({
    where: { id: session.userId },
    data: { passwordHash: await hashPassword(password, client) },
  });
  return { endedSessions: await endOtherSessions(session.userId, session.sid) };
}

/** Ends every other session of the account (a phone lost or left signed in); returns how many. */
export async function signOutElsewhere(session: { userId: string; sid: string }): Promise<{ endedSessions: number }> {
  return { endedSessions: await endOtherSessions(session.userId, session.sid) };
}

/** An account for someone signed in through an OAuth provider, created on first sign-in. */
export async function findOrCreateOAuthUser(
  provider: string,
  login: string,
): Promise<{ id: string; username: string }> {
  // "github:login": a name sign-up can never take (UsernameSchema has no colon), so nobody registers the account a
  // GitHub sign-in lands in. An account made by an earlier version ("github.login", no password) is still found.
  const username = `${provider}:${login}`.toLowerCase().slice(0, 64);
  const db = getDb();
  const existing =
    (await db.user.findUnique({ where: { username }, select: { id: true, username: true } })) ??
    (await db.user.findFirst({
      where: { username: `${provider}.${login}`.toLowerCase().slice(0, 32), passwordHash: "!oauth" },
      select: { id: true, username: true },
    }));
  if (existing) return existing;
  // No password sign-in for OAuth accounts: the hash matches nothing.
  return db.user.create({ data: { username, passwordHash: "!oauth" }, select: { id: true, username: true } });
}
