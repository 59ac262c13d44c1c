import { randomBytes, scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { checkPassword, hashPassword } from "@/lib/data/passwords";

/** A stored hash of `password` at a low cost, so a queue of them is quick to check. */
function cheapHash(password: string, n = 1024): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: n, r: 8, p: 1 });
  return `scrypt$${n}$8$1$${salt.toString("base64")}$${key.toString("base64")}`;
}

describe("password hashes", () => {
  it("check the right password and refuse a wrong one, at our cost and at a stored one", async () => {
    const ours = await hashPassword("rätt lösenord 1");
    expect(await checkPassword("rätt lösenord 1", ours)).toEqual({ ok: true, upgrade: false });
    expect((await checkPassword("fel lösenord 1", ours)).ok).toBe(false);
    expect((await checkPassword("rätt", cheapHash("rätt"))).ok).toBe(true);
  });

  it("take turns by client address: a flood from one address does not hold back another's check", async () => {
    const stored = cheapHash("secret words");
    const finished: string[] = [];
    const flood = Array.from({ length: 20 }, (_, i) =>
      checkPassword(`guess ${i}`, stored, "10.0.0.1").then(() => finished.push(`flood ${i}`)),
    );
    const other = checkPassword("secret words", stored, "10.0.0.2").then((check) => {
      finished.push("other");
      return check;
    });
    expect((await other).ok).toBe(true);
    await Promise.all(flood);
    // The flood has one check running at a time; the other address's runs beside it at once. First in, first
    // out, it would have been 21st (on a machine busy with other work a few of the flood's may still end first).
    expect(finished.indexOf("other")).toBeLessThan(10);
    expect(finished.filter((f) => f.startsWith("flood"))).toEqual(flood.map((_, i) => `flood ${i}`));
  });

  it("go on after a stored hash whose parameters scrypt refuses", async () => {
    const broken = cheapHash("x").replace("scrypt$1024$", "scrypt$1000$");
    await expect(checkPassword("x", broken, "10.0.0.3")).rejects.toThrow();
    expect((await checkPassword("y", cheapHash("y"), "10.0.0.3")).ok).toBe(true);
  });
});
