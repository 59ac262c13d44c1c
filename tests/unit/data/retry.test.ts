import { describe, expect, it } from "vitest";
import { isTransientDatabaseError, withDatabaseRetry } from "@/lib/data/retry";
import { errorAnswerFor, toResponse } from "@/lib/http/answers";
import { AppError } from "@/lib/errors";

describe("riding out a database that is briefly away", () => {
  it("recognises connection failures, also when wrapped, and nothing else", () => {
    expect(
      isTransientDatabaseError(
        Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      ),
    ).toBe(true);
    expect(
      isTransientDatabaseError(
        new Error("driver failed", {
          cause: { message: "terminating connection due to administrator command", code: "57P01" },
        }),
      ),
    ).toBe(true);
    // A busy PostgreSQL: no transaction could start in time (Prisma's P2028) — nothing was written.
    expect(
      isTransientDatabaseError(
        Object.assign(new Error("Transaction API error: Unable to start a transaction in the given time."), {
          code: "P2028",
        }),
      ),
    ).toBe(true);
    // A raw query on a connection a restart closed, as Prisma throws it: the driver's error kept in `meta`.
    expect(
      isTransientDatabaseError(
        Object.assign(new Error("Invalid `prisma.$queryRaw()` invocation: Raw query failed."), {
          code: "P2010",
          meta: {
            driverAdapterError: Object.assign(new Error("ConnectionClosed"), { cause: { kind: "ConnectionClosed" } }),
          },
        }),
      ),
    ).toBe(true);
    expect(
      isTransientDatabaseError(
        Object.assign(new Error("Raw query failed."), {
          code: "P2010",
          meta: { driverAdapterError: new Error("23505") },
        }),
      ),
    ).toBe(false);
    expect(isTransientDatabaseError(new Error("Unique constraint failed"))).toBe(false);
    expect(
      isTransientDatabaseError(
        new AppError("conflict", { key: "errors.rules", params: { problems: "ECONNREFUSED in a message" } }),
      ),
    ).toBe(false);
  });

  it("retries a write until the database answers", async () => {
    let calls = 0;
    const result = await withDatabaseRetry(async () => {
      calls++;
      if (calls < 3) throw new Error("Connection terminated unexpectedly");
      return "stored";
    });
    expect([result, calls]).toEqual(["stored", 3]);
  });

  it("gives up with a clear temporary error, and never retries a real refusal", async () => {
    await expect(withDatabaseRetry(async () => Promise.reject(new Error("ECONNREFUSED")), 300)).rejects.toMatchObject({
      code: "unavailable",
      status: 503,
    });
    let calls = 0;
    await expect(
      withDatabaseRetry(async () => {
        calls++;
        throw new AppError("validation", { key: "errors.dealUnreadable" });
      }),
    ).rejects.toMatchObject({ code: "validation" });
    expect(calls).toBe(1);
  });

  it("a database that stays busy is answered 503 with Retry-After, never 500", () => {
    const answer = errorAnswerFor(Object.assign(new Error("Unable to start a transaction"), { code: "P2028" }), "en");
    expect(answer.status).toBe(503);
    expect(toResponse(answer).headers.get("Retry-After")).toBe("2");
  });
});
