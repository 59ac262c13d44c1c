import { describe, expect, it } from "vitest";
import { backoffDelay } from "@/lib/runtime/backoff";

describe("the back-off", () => {
  it("waits the first delay after one failure, doubling with each further one up to its most", () => {
    const waits = [1, 2, 3, 4, 5, 6].map((n) => backoffDelay({ firstMs: 100, maxMs: 1_000 }, n));
    expect(waits).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    // No failure yet: the first delay.
    expect(backoffDelay({ firstMs: 100, maxMs: 1_000 }, 0)).toBe(100);
  });

  it("with full jitter, draws anywhere up to that wait", () => {
    const backoff = { firstMs: 2_000, maxMs: 60_000, jitter: "full" } as const;
    expect(backoffDelay(backoff, 3, () => 0)).toBe(0);
    expect(backoffDelay(backoff, 3, () => 0.5)).toBe(4_000);
    expect(backoffDelay(backoff, 3, () => 0.999_999)).toBe(8_000);
  });
});
