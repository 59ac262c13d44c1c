import bcrypt from "bcryptjs";
import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createUser, findOrCreateOAuthUser, THROTTLE, verifyCredentials } from "@/lib/data/users";
import { AppError } from "@/lib/errors";
import { describeWithDatabase, newActor } from "@/tests/support/data";

describeWithDatabase("accounts", () => {
  it("stores a scrypt hash, never the password", async () => {
    const { username } = await newActor("hash");
    const row = await getDb().user.findUniqueOrThrow({ where: { username } });
    expect(row.passwordHash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(row.passwordHash).not.toContain("correct horse");
  });

  it("an older bcrypt hash still signs in, and is replaced by scrypt then", async () => {
    const { username } = await newActor("legacy");
    await getDb().user.update({
      where: { username },
      data: { passwordHash: await bcrypt.hash("correct horse battery", 4) },
    });
    expect(await verifyCredentials(username, "correct horse battery")).toMatchObject({ ok: true });
    const row = await getDb().user.findUniqueOrThrow({ where: { username } });
    expect(row.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyCredentials(username, "correct horse battery")).toMatchObject({ ok: true });
  });

  it("the whole password counts: no cut at 72 bytes", async () => {
    const long = "å".repeat(40) + "one"; // 83 bytes in UTF-8
    const { username } = await createUser({ username: `long-${Date.now()}`, password: long });
    expect(await verifyCredentials(username, long)).toMatchObject({ ok: true });
    expect(await verifyCredentials(username, "å".repeat(40) + "two")).toMatchObject({ ok: false });
  });

  it("a stranger's failed sign-ins lock the account only for the stranger's address", async () => {
    const { username } = await newActor("locked");
    for (let i = 0; i < THROTTLE.failures; i++)
      await verifyCredentials(username, "wrong password", new Date(), "203.0.113.9");
    expect(await verifyCredentials(username, "correct horse battery", new Date(), "203.0.113.9")).toMatchObject({
      reason: "throttled",
    });
    expect(await verifyCredentials(username, "correct horse battery", new Date(), "198.51.100.4")).toMatchObject({
      ok: true,
    });
  });

  it("refuses a taken username, whatever its case", async () => {
    const { username } = await newActor("taken");
    await expect(createUser({ username: username.toUpperCase(), password: "another password" })).rejects.toMatchObject({
      code: "conflict",
    });
  });

  it("accepts the right password and refuses a wrong one", async () => {
    const { username, userId } = await newActor("login");
    expect(await verifyCredentials(username, "correct horse battery")).toEqual({
      ok: true,
      user: { id: userId, username },
    });
    expect(await verifyCredentials(username, "wrong password")).toEqual({ ok: false, reason: "invalid" });
    expect(await verifyCredentials("nobody-here", "whatever")).toEqual({ ok: false, reason: "invalid" });
  });

  it(`locks a username after ${THROTTLE.failures} failed sign-ins, even for the right password, until the lock ends`, async () => {
    const { username } = await newActor("throttle");
    const now = new Date();
    for (let i = 0; i < THROTTLE.failures; i++) await verifyCredentials(username, `wrong ${i}`, now);
    const locked = await verifyCredentials(username, "correct horse battery", now);
    expect(locked).toMatchObject({ ok: false, reason: "throttled" });
    const later = new Date(now.getTime() + THROTTLE.lockMs + 1_000);
    expect(await verifyCredentials(username, "correct horse battery", later)).toMatchObject({ ok: true });
  });

  it("rejects malformed sign-up input with field errors", async () => {
    await expect(createUser({ username: "x", password: "short" })).rejects.toBeInstanceOf(Error);
    await expect(createUser({ username: "ok-name", password: "short" })).rejects.not.toBeInstanceOf(AppError);
  });

  it("a GitHub sign-in never lands in an account someone registered under its name", async () => {
    const login = `octo${Math.random().toString(36).slice(2, 8)}`;
    const squatter = await createUser({ username: `github.${login}`, password: "correct horse battery" });
    const github = await findOrCreateOAuthUser("github", login);
    expect(github.id).not.toBe(squatter.id);
    expect(github.username).toBe(`github:${login}`);
    // Nobody can register the name GitHub's account has.
    await expect(createUser({ username: `github:${login}`, password: "correct horse battery" })).rejects.toThrow();
    // The same login signs in to the same account again; one made by an earlier version is still found.
    expect((await findOrCreateOAuthUser("github", login)).id).toBe(github.id);
    const earlier = await getDb().user.create({
      data: { username: `github.old${login}`, passwordHash: "!oauth" },
      select: { id: true },
    });
    expect((await findOrCreateOAuthUser("github", `old${login}`)).id).toBe(earlier.id);
  });

  it(`however many sign-ins arrive at once, at most ${THROTTLE.failures} passwords are checked per address`, async () => {
    const { username } = await newActor("burst");
    const now = new Date();
    // The right password early among them: its success must not start the count again for the rest.
    const attempts = Array.from({ length: 30 }, (_, i) =>
      verifyCredentials(username, i === 1 ? "correct horse battery" : `wrong ${i}`, now, "10.0.0.9"),
    );
    const results = await Promise.all(attempts);
    // Every answer but a throttle is a password checked.
    const checked = results.filter((r) => r.ok || r.reason === "invalid");
    expect(checked.length).toBeLessThanOrEqual(THROTTLE.failures);
    expect(results.filter((r) => !r.ok && r.reason === "throttled").length).toBeGreaterThanOrEqual(
      30 - THROTTLE.failures,
    );
    // Another address is not held back by it.
    expect((await verifyCredentials(username, "correct horse battery", now, "10.0.0.10")).ok).toBe(true);
  });

  it(`an address trying many names is held to ${THROTTLE.perAddress} failures, and old throttle rows are pruned`, async () => {
    const { username } = await newActor("many");
    const now = new Date();
    const address = `10.9.${Math.floor(Math.random() * 250)}.1`;
    // A row of a window long gone, which locks nothing.
    const stale = `user:gone|${address}-old`;
    const longAgo = new Date(now.getTime() - 2 * THROTTLE.windowMs - THROTTLE.lockMs);
    await getDb().signInThrottle.create({ data: { key: stale, failures: 3, windowStart: longAgo } });
    for (let i = 0; i < THROTTLE.perAddress; i++)
      expect(await verifyCredentials(`guess-${i}-name`, "wrong password", now, address)).toEqual({
        ok: false,
        reason: "invalid",
      });
    expect(await verifyCredentials(username, "correct horse battery", now, address)).toMatchObject({
      ok: false,
      reason: "throttled",
    });
    // Elsewhere the account signs in.
    expect((await verifyCredentials(username, "correct horse battery", now, `${address}0`)).ok).toBe(true);
    expect(await getDb().signInThrottle.count({ where: { key: stale } })).toBe(0);
  });
});
