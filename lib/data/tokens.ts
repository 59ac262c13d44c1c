/** The product's link tokens: share links, invite links of evenings and groups. */
import "server-only";
import { randomBytes } from "node:crypto";

/** An unguessable token for links: 192 random bits. */
export function newToken(): string {
  return randomBytes(24).toString("base64url");
}
