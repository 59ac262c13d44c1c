import { describe, expect, it } from "vitest";
import { SyncLoop, type Connection } from "@/lib/offline/sync-loop";
import type { SyncOutcome } from "@/lib/offline/sync";

/** Timers run by hand: `fire()` runs the pending one, `delays` lists every wait asked for. */
function manualTimers() {
  const pending: { fn: () => void; ms: number }[] = [];
  const delays: number[] = [];
  return {
    delays,
    pending,
    timers: {
      set(fn: () => void, ms: number) {
        const entry = { fn, ms };
        pending.push(entry);
        delays.push(ms);
        return entry;
      },
      clear(handle: unknown) {
        const i = pending.indexOf(handle as (typeof pending)[number]);
        if (i >= 0) pending.splice(i, 1);
      },
    },
    fire() {
      pending.shift()?.fn();
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("SyncLoop", () => {
  it("backs off while the server cannot be reached, and starts short again when the signal returns", async () => {
    const clock = manualTimers();
    const outcomes: SyncOutcome[] = ["offline", "offline", "offline", "retry", "done"];
    const seen: Connection[] = [];
    const loop = new SyncLoop({
      run: async () => outcomes.shift()!,
      onConnection: (c) => seen.push(c),
      timers: clock.timers,
    });
    await loop.kick();
    for (let i = 0; i < 3; i++) {
      clock.fire();
      await settle();
    }
    expect(clock.delays).toEqual([1000, 2000, 4000, 8000]);
    expect(seen).toEqual(["offline", "offline", "offline", "sending"]);
    await loop.signalBack();
    expect(seen.at(-1)).toBe("online");
    expect(clock.pending).toEqual([]); // the waiting retry is dropped once everything is sent
  });

  it("runs once at a time: a kick during a run makes exactly one more run after it", async () => {
    let active = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => {};
    const loop = new SyncLoop({
      run: async () => {
        runs++;
        active++;
        most = Math.max(most, active);
        await new Promise<void>((resolve) => (release = resolve));
        active--;
        return "done";
      },
      onConnection: () => {},
      timers: manualTimers().timers,
    });
    const first = loop.kick();
    void loop.kick();
    void loop.kick();
    release();
    await first;
    await settle();
    release();
    await settle();
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it("waits for a sign-in without retrying, and counts a throw as no signal", async () => {
    const clock = manualTimers();
    const seen: Connection[] = [];
    let outcome: () => Promise<SyncOutcome> = async () => "signIn";
    const loop = new SyncLoop({ run: () => outcome(), onConnection: (c) => seen.push(c), timers: clock.timers });
    await loop.kick();
    expect(seen).toEqual(["signIn"]);
    expect(clock.pending).toEqual([]);
    outcome = async () => {
      throw new TypeError("Failed to fetch");
    };
    await loop.kick();
    expect(seen.at(-1)).toBe("offline");
    expect(clock.delays).toEqual([1000]);
    loop.stop();
    expect(clock.pending).toEqual([]);
  });
});
