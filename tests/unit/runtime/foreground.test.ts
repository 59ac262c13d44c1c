import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { beginForeground, inForeground, whenIdle } from "@/lib/runtime/foreground";

/** Whether `promise` has settled once `afterMs` more have passed on the test's clock (nothing else moves it). */
const settled = async (promise: Promise<unknown>, afterMs = 0) => {
  let done = false;
  void promise.then(() => (done = true));
  await vi.advanceTimersByTimeAsync(afterMs);
  return done;
};

describe("foreground work and what waits for it", () => {
  // The test's own clock: a loaded machine may take longer than the few milliseconds these waits are about.
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setImmediate", "performance"] });
    beginForeground()(); // the last foreground work ended now, on this clock
    await vi.advanceTimersByTimeAsync(5);
  });
  afterEach(() => vi.useRealTimers());

  it("background work goes on at once when all is quiet, and a moment after the last foreground work otherwise", async () => {
    expect(await settled(whenIdle())).toBe(true);
    let finish = () => {};
    const deal = inForeground(() => new Promise<void>((resolve) => (finish = resolve)));
    const end = beginForeground();
    const waiting = whenIdle();
    expect(await settled(waiting)).toBe(false);
    finish();
    await deal;
    expect(await settled(waiting)).toBe(false);
    end();
    end(); // a second call counts nothing
    // Not at once: a phone's next request often follows its answer within a millisecond or two.
    expect(await settled(waiting, 1)).toBe(false);
    expect(await settled(waiting, 10)).toBe(true);
    expect(await settled(whenIdle())).toBe(true);
  });

  it("a failed foreground work counts as ended", async () => {
    await expect(inForeground(() => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await settled(whenIdle(), 10)).toBe(true);
  });

  it("under foreground work that never pauses, background work still moves on after a short wait", async () => {
    const end = beginForeground();
    try {
      const waited = whenIdle();
      expect(await settled(waited, 5)).toBe(false);
      expect(await settled(waited, 50)).toBe(true);
      // Background work with ten times the patience gets no slice before ten times the bound.
      const patient = whenIdle(10);
      expect(await settled(patient, 150)).toBe(false);
      expect(await settled(patient, 60)).toBe(true);
    } finally {
      end();
    }
  });
});
