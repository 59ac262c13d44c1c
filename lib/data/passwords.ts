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
 * Two derivations at a time, one per client address (`lane`): taken in turn by address, one from each that
 * waits before a second from any. A flood from one address keeps one core busy at most — the app and another
 * address's sign-in keep the other — and another address waits for no one's turn but its own.
 */
const AT_ONCE = 2;
const lanes = new Map<string, (() => void)[]>();
const deriving = new Set<string>();

function takeTurns(): void {
  while (deriving.size < AT_ONCE) {
    const lane = [...lanes.keys()].find((l) => !deriving.has(l));
    if (lane === undefined) return;
    const waiting = lanes.get(lane)!;
    const start = waiting.shift()!;
    // The lane goes to the back of the line, or out of it when nothing of it waits.
    lanes.delete(lane);
    if (waiting.length) lanes.set(lane, waiting);
    deriving.add(lane);
    start();
  }
}

function derive(password: string, salt: Buffer, options: ScryptOptions, lane: string): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const done = () => {
      deriving.delete(lane);
      takeTurns();
    };
    const run = () => {
      try {
        scrypt(password.normalize("NFC"), salt, KEY_BYTES, options, (error, key) => {
          if (error) reject(error);
          else resolve(key);
          done();
        });
      } catch (error) {
        // Parameters scrypt refuses (a stored hash that is not ours): the next in line goes on.
        reject(error as Error);
        done();
      }
    };
    const waiting = lanes.get(lane);
    if (waiting) waiting.push(run);
    else lanes.set(lane, [run]);
    takeTurns();
  });
}

/** A new hash of `password`; `client` is the address asking (its turn in the queue). */
export async function hashPassword(password: string, client = ""): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, COST, client);
  return `scrypt$${COST.N}$${COST.r}$${COST.p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

/**
 * Whether `password` matches `stored`, and whether the hash is of an older kind to be replaced; `client` is the
 * address asking (its turn in the queue).
 */
export async function checkPassword(
  password: string,
  stored: string,
  client = "",
): Promise<{ ok: boolean; upgrade: boolean }> {
  const parts = stored.split("$");
  if (parts[0] === "scrypt" && parts.length === 6) {
    const [, n, r, p, salt, key] = parts;
    const expected = Buffer.from(key!, "base64");
    const actual = await derive(
      password,
      Buffer.from(salt!, "base64"),
      {
        N: Number(n),
        r: Number(r),
        p: Number(p),
        maxmem: COST.maxmem,
      },
      client,
    );
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
