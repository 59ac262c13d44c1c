import { expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { createUser, THROTTLE, verifyCredentials } from "@/lib/data/users";
import { AppError } from "@/lib/errors";
import { describeWithDatabase, newActor } from "@/tests/support/data";

describeWithDatabase("accounts", () => {
  it("stores a bcrypt hash, never the password", async () => {
    const { username } = await newActor("hash");
    const row = await getDb().user.findUniqueOrThrow({ where: { username } });
    expect(row.passwordHash).toMatch(/^\$2[aby]\$10\$/);
    expect(row.passwordHash).not.toContain("correct horse");
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
});
