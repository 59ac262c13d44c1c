/**
 * Values for a redirect target (`next`, `callbackUrl`) as an attacker would write them: slashes, backslashes,
 * tabs, newlines and their escapes around another site's name, any text after a slash, and other sites'
 * addresses. Used by the property test of lib/http/site-path.ts and by `bench:abuse`.
 */
import fc from "fast-check";

const piece = fc.constantFrom(
  "/",
  "\\",
  "\t",
  "\n",
  "%2F",
  "%5C",
  "%2f",
  "%09",
  "evil.example",
  "@",
  ":",
  "..",
  "?",
  "#",
  " ",
);

export const redirectValue: fc.Arbitrary<string> = fc.oneof(
  fc.array(piece, { maxLength: 8 }).map((parts) => parts.join("")),
  fc.string({ maxLength: 20 }).map((s) => `/${s}`),
  fc.webUrl(),
);
