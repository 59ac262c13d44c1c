/**
 * Shapes of identifiers and text accepted from outside, checked before any query: a value of the wrong
 * shape is simply "not found" or "invalid", and nothing odd (a NUL byte, a megabyte of text) reaches the
 * database driver.
 */
import "server-only";
import { z } from "zod";

/** Row ids (cuid) and the product's tokens: URL-safe, at most 64 characters. */
const ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isId(value: unknown): value is string {
  return typeof value === "string" && ID.test(value);
}

export const IdSchema = z.string().regex(ID, "not a valid id");

/** Control characters (NUL and friends) have no place in names and titles. */
export function hasControlCharacters(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(value);
}

export const TextSchema = (max: number, empty: string) =>
  z
    .string()
    .trim()
    .min(1, empty)
    .max(max, `at most ${max} characters`)
    .refine((v) => !hasControlCharacters(v), "no control characters");
