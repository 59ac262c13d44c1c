import { describe, expect, it } from "vitest";
import { reconnectDelay } from "@/app/s/[token]/use-live-scoreboard";
import { seeded } from "@/tests/support/random-game";

describe("a viewer's reconnect after a lost stream", () => {
  it("comes within 2 s of the first loss, within 4 s of the second, and anywhere in between", () => {
    expect(reconnectDelay(1, () => 0)).toBe(0);
    expect(reconnectDelay(1, () => 0.999_999)).toBe(2_000);
    expect(reconnectDelay(2, () => 0.999_999)).toBe(4_000);
    expect(reconnectDelay(2, () => 0.5)).toBe(2_000);
  });

  it("spreads a crowd that lost its streams at the same moment over the whole window", () => {
    const rnd = seeded(3);
    const delays = Array.from({ length: 5_000 }, () => reconnectDelay(1, rnd));
    // Ten 200 ms slices of the first 2 s: each gets about a tenth of the crowd, none all of it.
    const slices = Array.from({ length: 10 }, (_, i) => delays.filter((d) => d >= i * 200 && d < (i + 1) * 200).length);
    for (const count of slices) expect(count).toBeGreaterThan(400);
    for (const count of slices) expect(count).toBeLessThan(600);
  });
});
