import "server-only";

/** A unique constraint refused the write (Prisma P2002), e.g. a second deal with the same number. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "P2002";
}
