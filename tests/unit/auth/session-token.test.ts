import { encode } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { userIdFromSessionToken } from "@/lib/auth/session-token";

const SECRET = "unit-test-secret-unit-test-secret-000000";
const NAME = "authjs.session-token";
const token = (sub: string, maxAge = 3600, secret = SECRET, salt = NAME) => encode({ token: { sub }, secret, salt, maxAge });

describe("userIdFromSessionToken", () => {
  afterEach(() => vi.useRealTimers());

  it("reads the user from a valid cookie, again and again", async () => {
    const value = await token("user-anna");
    expect(await userIdFromSessionToken(NAME, value, SECRET)).toBe("user-anna");
    expect(await userIdFromSessionToken(NAME, value, SECRET)).toBe("user-anna");
  });

  it("refuses a tampered cookie, another secret, and another cookie name's salt", async () => {
    const value = await token("user-bo");
    expect(await userIdFromSessionToken(NAME, value, SECRET)).toBe("user-bo");
    const flipped = value.slice(0, -5) + (value.at(-5) === "A" ? "B" : "A") + value.slice(-4);
    expect(await userIdFromSessionToken(NAME, flipped, SECRET)).toBeNull();
    expect(await userIdFromSessionToken(NAME, value, `${SECRET}-rotated`)).toBeNull();
    expect(await userIdFromSessionToken(`__Secure-${NAME}`, value, SECRET)).toBeNull();
    expect(await userIdFromSessionToken(NAME, "not a token", SECRET)).toBeNull();
  });

  it("a remembered cookie stops working when it expires", async () => {
    const value = await token("user-cecilia", 60);
    expect(await userIdFromSessionToken(NAME, value, SECRET)).toBe("user-cecilia");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 80_000); // past the expiry and Auth.js's 15 s clock tolerance
    expect(await userIdFromSessionToken(NAME, value, SECRET)).toBeNull();
  });

  it("a cookie that has already expired is refused", async () => {
    const value = await token("user-dag", -60);
    expect(await userIdFromSessionToken(NAME, value, SECRET)).toBeNull();
  });
});
