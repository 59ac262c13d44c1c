import { describe, expect, it } from "vitest";
import { beginForeground, inForeground, whenIdle } from "@/lib/server/foreground";

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe("foreground work and what waits for it", () => {
  it("background work goes on at once when nothing runs, and after the last foreground work otherwise", async () => {
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
    expect(await settled(waiting)).toBe(true);
    expect(await settled(whenIdle())).toBe(true);
  });

  it("a failed foreground work counts as ended", async () => {
    await expect(inForeground(() => Promise.reject(new Error("refused")))).rejects.toThrow("refused");
    expect(await settled(whenIdle())).toBe(true);
  });

  it("under foreground work that never pauses, background work still moves on after a short wait", async () => {
    const end = beginForeground();
    try {
      const waited = whenIdle();
      expect(await settled(waited)).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await settled(waited)).toBe(true);
    } finally {
      end();
    }
  });
});
