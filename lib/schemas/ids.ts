/**
 * Shapes of identifiers accepted from outside, checked before any query: a value of the wrong shape is simply
 * "not found" or "invalid", and nothing odd (a NUL byte, a megabyte of text) reaches the database driver.
 */
import { z } from "zod";

/** Row ids (cuid) and the product's tokens: URL-safe, at most 64 characters. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID.test(value);
}

export const IdSchema = z.string().regex(ID, "field.invalidId");

/** A change's key as a phone chooses it (decision 023): 8–64 printable characters. */
export const ChangeKeySchema = z.string().regex(/^[\x21-\x7e]{8,64}$/, "8–64 printable characters");
