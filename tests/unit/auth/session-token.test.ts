import { encode, getToken } from "next-auth/jwt";
import { afterEach, describe, expect, it, vi } from "vitest";
import { decodeRemembered, userIdFromSessionToken } from "@/lib/auth/session-token";

const SECRET = "unit-test-secret-unit-test-secret-000000";
const NAME = "authjs.session-token";
const token = (sub: string, maxAge = 3600, secret = SECRET, salt = NAME) =>
  encode({ token: { sub }, secret, salt, maxAge });

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

describe("decodeRemembered, as Auth.js's decode", () => {
  const read = (cookie: string, secureCookie: boolean) =>
    getToken({ req: { headers: new Headers({ cookie }) }, secret: SECRET, secureCookie, decode: decodeRemembered });

  it("Auth.js finds its own cookie by name: the plain one over HTTP, the __Secure- one over HTTPS", async () => {
    const plain = await token("user-erik");
    const secure = await token("user-fia", 3600, SECRET, `__Secure-${NAME}`);
    expect((await read(`${NAME}=${plain}`, false))?.sub).toBe("user-erik");
    expect((await read(`__Secure-${NAME}=${secure}`, true))?.sub).toBe("user-fia");
    // The name is the salt: a cookie under the other name does not verify.
    expect(await read(`__Secure-${NAME}=${plain}`, true)).toBeNull();
    expect(await read("other=1", false)).toBeNull();
  });

  it("a session split over several cookies is put together by Auth.js", async () => {
    const value = await token("user-gustav");
    const half = Math.ceil(value.length / 2);
    const cookie = `${NAME}.0=${value.slice(0, half)}; ${NAME}.1=${value.slice(half)}`;
    expect((await read(cookie, false))?.sub).toBe("user-gustav");
  });
});
