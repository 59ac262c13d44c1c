/**
 * Password hashes: scrypt from node:crypto, which runs on libuv's thread pool — a burst of sign-ins does not
 * hold up other requests — and takes the whole password (bcrypt reads only its first 72 bytes). Hashes made
 * with bcrypt before are still checked, and replaced by scrypt at the next good sign-in.
 */
import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import bcrypt from "bcryptjs";

const COST: ScryptOptions = { N: 16_384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;

/**
 * One derivation at a time: a burst of sign-ins queues here instead of taking every core, so the rest of the
 * app — a deal being recorded, the health check — keeps a core of its own.
 */
let queue: Promise<unknown> = Promise.resolve();

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  const run = () =>
    new Promise<Buffer>((resolve, reject) =>
      scrypt(password.normalize("NFC"), salt, KEY_BYTES, options, (error, key) =>
        error ? reject(error) : resolve(key),
      ),
    );
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/** Whether `password` matches `stored`, and whether the hash is of an older kind to be replaced. */
export async function checkPassword(password: string, stored: string): Promise<{ ok: boolean; upgrade: boolean }> {
  const parts = stored.split("$");
  if (parts[0] === "scrypt" && parts.length === 6) {
    const [, n, r, p, salt, key] = parts;
    const expected = Buffer.from(key!, "base64");
    const actual = await derive(password, Buffer.from(salt!, "base64"), {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem: COST.maxmem,
    });
    return { ok: actual.length === expected.length && timingSafeEqual(actual, expected), upgrade: false };
  }
  if (stored.startsWith("$2")) {
    const ok = await bcrypt.compare(password, stored);
    return { ok, upgrade: ok };
  }
  return { ok: false, upgrade: false };
}

let dummy: Promise<string> | null = null;
/** A hash to check against when there is no account: the answer takes as long as for a real one. */
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword("protokoll-dummy-password"));
}
