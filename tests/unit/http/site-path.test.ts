import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sitePath } from "@/lib/http/site-path";
import { redirectValue } from "../../support/redirect-values";

/** Where a browser would go from https://protokoll.example/sign-in given `location`. */
const landsOn = (location: string) => new URL(location, "https://protokoll.example/sign-in").origin;

describe("sitePath: the browser is sent on only to a path of this site", () => {
  it("keeps the site's own paths, with their query and fragment", () => {
    expect(sitePath("/evenings/abc")).toBe("/evenings/abc");
    expect(sitePath("/join/t0ken?x=1#top")).toBe("/join/t0ken?x=1#top");
    expect(sitePath("/groups/join/%C3%A5")).toBe("/groups/join/%C3%A5");
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "/\t/evil.example",
    "/%2Fevil.example",
    "/%5Cevil.example",
    "/%2f%2fevil.example",
    "/\r\nLocation: https://evil.example",
    "https://evil.example/",
    "evil.example",
    "javascript:alert(1)",
    "/%E0%A4%A",
    "",
  ])("refuses %j", (value) => {
    expect(sitePath(value)).toBe("/evenings");
  });

  it("never leaves the site, whatever it is given (generated values)", () => {
    fc.assert(
      fc.property(redirectValue, (next) => {
        const path = sitePath(next);
        expect(path.startsWith("/")).toBe(true);
        expect(landsOn(path)).toBe("https://protokoll.example");
        expect(landsOn(decodeURIComponent(path))).toBe("https://protokoll.example");
      }),
      { numRuns: 2_000, seed: 46 },
    );
  });
});
