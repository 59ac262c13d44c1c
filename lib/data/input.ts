/**
 * Shapes of identifiers and text accepted from outside, checked before any query: a value of the wrong
 * shape is simply "not found" or "invalid", and nothing odd (a NUL byte, a megabyte of text) reaches the
 * database driver.
 */
import "server-only";
import { z } from "zod";
import { hasControlCharacters } from "@/lib/rules";

/** Row ids (cuid) and the product's tokens: URL-safe, at most 64 characters. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID.test(value);
}

export const IdSchema = z.string().regex(ID, "field.invalidId");

export { hasControlCharacters };

export { TextSchema } from "@/lib/schemas/evening";
