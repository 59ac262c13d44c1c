/** Accounts: sign-up, password check with throttling of failed sign-ins (shared by every instance via the database). */
import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db/client";
import { checkPassword, dummyHash, hashPassword } from "@/lib/auth/passwords";
import { AppError } from "@/lib/errors";
import { isUniqueViolation } from "./prisma-errors";

export const UsernameSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_.-]{2,31}$/, "field.username");
export const PasswordSchema = z.string().min(8, "field.passwordMin").max(200, "field.atMostChars");
export const SignUpSchema = z.object({ username: UsernameSchema, password: PasswordSchema });
export type SignUpInput = z.infer<typeof SignUpSchema>;

/** After this many failed sign-ins within the window, the username is locked for the lock time. */
export const THROTTLE = { failures: 5, windowMs: 15 * 60_000, lockMs: 15 * 60_000 };

export async function createUser(input: SignUpInput): Promise<{ id: string; username: string }> {
  const { username, password } = SignUpSchema.parse(input);
  const passwordHash = await hashPassword(password);
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
  const throttle = await db.signInThrottle.findUnique({ where: { key } });
  if (throttle?.lockedUntil && throttle.lockedUntil > now) {
    return { ok: false, reason: "throttled", retryAfterMs: throttle.lockedUntil.getTime() - now.getTime() };
  }
  const user = await db.user.findUnique({
    where: { username },
    select: { id: true, username: true, passwordHash: true },
  });
  // Compare against a dummy hash for unknown users, so timing does not tell which usernames exist.
  const { ok: valid, upgrade } = await checkPassword(password, user?.passwordHash ?? (await dummyHash()));
  if (user && valid) {
    if (throttle) await db.signInThrottle.delete({ where: { key } }).catch(() => undefined);
    if (upgrade) await db.user.update({ where: { id: user.id }, data: { passwordHash: await hashPassword(password) } });
    return { ok: true, user: { id: user.id, username: user.username } };
  }
  await recordFailure(key, throttle, now);
  return { ok: false, reason: "invalid" };
}

async function recordFailure(
  key: string,
  current: { failures: number; windowStart: Date } | null,
  now: Date,
): Promise<void> {
  const db = getDb();
  const fresh = !current || now.getTime() - current.windowStart.getTime() > THROTTLE.windowMs;
  const failures = fresh ? 1 : current.failures + 1;
  const lockedUntil = failures >= THROTTLE.failures ? new Date(now.getTime() + THROTTLE.lockMs) : null;
  const data = { failures, windowStart: fresh ? now : current.windowStart, lockedUntil };
  await db.signInThrottle.upsert({ where: { key }, create: { key, ...data }, update: data });
}

/** An account for someone signed in through an OAuth provider, created on first sign-in. */
export async function findOrCreateOAuthUser(
  provider: string,
  login: string,
): Promise<{ id: string; username: string }> {
  const username = `${provider}.${login}`.toLowerCase().slice(0, 32);
  const db = getDb();
  const existing = await db.user.findUnique({ where: { username }, select: { id: true, username: true } });
  if (existing) return existing;
  // No password sign-in for OAuth accounts: the hash matches nothing.
  return db.user.create({ data: { username, passwordHash: "!oauth" }, select: { id: true, username: true } });
}
