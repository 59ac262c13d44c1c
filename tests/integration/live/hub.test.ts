import { afterEach, expect, inject, it } from "vitest";
import { getShareLink } from "@/lib/data/share";
import { LiveHub, type Viewer } from "@/lib/live/hub";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";
import { eventually } from "@/tests/support/eventually";

// Each hub stands for one app instance; on PostgreSQL they share the database's NOTIFY channels.
describeWithDatabase("the live hub's viewer count", () => {
  const hubs: LiveHub[] = [];
  const instance = () => {
    const hub = new LiveHub();
    hubs.push(hub);
    return hub;
  };
  afterEach(async () => {
    await Promise.all(hubs.splice(0).map((hub) => hub.close()));
  });

  it("counts the viewers of every instance on PostgreSQL, and this instance's alone on SQLite", async () => {
    const owner = await newActor("owner");
    const { eveningId: evening } = await newEvening(owner);
    const token = (await getShareLink(owner, evening))!;
    const viewer = (): Viewer => ({ token, send: () => undefined, close: () => undefined });
    const a = instance();
    const b = instance();
    expect(b.count(evening)).toBe(0); // the owner's instance starts listening
    const leaveA1 = a.add(evening, viewer(), 0);
    a.add(evening, viewer(), 0);
    expect(a.count(evening)).toBe(2);
    if (inject("provider") === "postgresql") {
      expect(await eventually(() => b.count(evening) === 2)).toBe(true);
      b.add(evening, viewer(), 0);
      expect(await eventually(() => a.count(evening) === 3 && b.count(evening) === 3)).toBe(true);
      // An instance that starts later hears the others' counts at once, not at the next heartbeat.
      const c = instance();
      c.count(evening);
      expect(await eventually(() => c.count(evening) === 3, 2_000)).toBe(true);
      leaveA1();
      expect(await eventually(() => b.count(evening) === 2 && c.count(evening) === 2)).toBe(true);
      expect(c.count(`${evening}-other`)).toBe(0);
    } else {
      b.add(evening, viewer(), 0);
      await new Promise((r) => setTimeout(r, 500));
      expect([a.count(evening), b.count(evening)]).toEqual([2, 1]);
      leaveA1();
      expect(a.count(evening)).toBe(1);
    }
  });
});

describeWithDatabase("the live hub's first frames", () => {
  it("viewers who connect together cost one scoreboard, and later viewers of the same version none", async () => {
    const hub = new LiveHub();
    try {
      let built = 0;
      const frame = { version: 3, frame: new TextEncoder().encode("id: 3\n\n") };
      const load = async () => {
        built++;
        await new Promise((r) => setTimeout(r, 20));
        return frame;
      };
      const firsts = await Promise.all(Array.from({ length: 50 }, () => hub.frameOf("evening-1", 3, load)));
      expect(built).toBe(1);
      expect(new Set(firsts)).toEqual(new Set([frame]));
      hub.add("evening-1", { token: "t", send: () => undefined, close: () => undefined }, 3, frame);
      expect((await hub.frameOf("evening-1", 3, load))?.frame).toBe(frame.frame);
      expect(built).toBe(1);
      // A newer version (a deal came in) is built again; a link that stopped working builds nothing.
      await hub.frameOf("evening-1", 4, load);
      expect(built).toBe(2);
      expect(await hub.frameOf("evening-2", 1, async () => null)).toBeNull();
    } finally {
      await hub.close();
    }
  });
});
