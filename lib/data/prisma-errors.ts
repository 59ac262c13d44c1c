import "server-only";

/**
 * A unique constraint refused the write, e.g. a second deal with the same number: Prisma's P2002 from an ORM
 * call, or a raw statement's failure (P2010) whose driver error is a unique-constraint violation.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, meta } = error as { code?: unknown; meta?: { driverAdapterError?: { cause?: { kind?: unknown } } } };
  return (
    code === "P2002" || (code === "P2010" && meta?.driverAdapterError?.cause?.kind === "UniqueConstraintViolation")
  );
}
