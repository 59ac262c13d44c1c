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
 * One derivation at a time, so a burst of sign-ins does not take every core and the rest of the app — a deal
 * being recorded, the health check — keeps one of its own; and taken in turn by client address (`lane`), one
 * from each address that waits before a second from any, so a flood from one address does not hold back a
 * sign-in from another: it waits for at most one derivation of each other address that is waiting.
 */
const lanes = new Map<string, (() => void)[]>();
let deriving = false;

function takeTurn(): void {
  deriving = false;
  const first = lanes.entries().next();
  if (first.done) return;
  const [lane, waiting] = first.value;
  const start = waiting.shift()!;
  // The lane goes to the back of the line, or out of it when nothing of it waits.
  lanes.delete(lane);
  if (waiting.length) lanes.set(lane, waiting);
  deriving = true;
  start();
}

function derive(password: string, salt: Buffer, options: ScryptOptions, lane: string): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const run = () => {
      try {
        scrypt(password.normalize("NFC"), salt, KEY_BYTES, options, (error, key) => {
          if (error) reject(error);
          else resolve(key);
          takeTurn();
        });
      } catch (error) {
        // Parameters scrypt refuses (a stored hash that is not ours): the next in line goes on.
        reject(error as Error);
        takeTurn();
      }
    };
    const waiting = lanes.get(lane);
    if (waiting) waiting.push(run);
    else lanes.set(lane, [run]);
    if (!deriving) takeTurn();
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
