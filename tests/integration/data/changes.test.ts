import { afterEach, expect, inject, it } from "vitest";
import { onEveningChanged, type EveningChange } from "@/lib/data/changes";
import { deleteDeal, editDeal, recordDeal } from "@/lib/data/deals";
import { getEvening, getEveningVersion } from "@/lib/data/evening-view";
import { endEvening, startGame } from "@/lib/data/evenings";
import { joinEvening, removeMember, rotateInvite } from "@/lib/data/members";
import { getShareLink, revokeShareLink, rotateShareLink } from "@/lib/data/share";
import { LiveHub, type Viewer } from "@/lib/live/hub";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";
import { eventually } from "@/tests/support/eventually";
import { lone } from "@/tests/support/records";

const decoder = new TextDecoder();

/** A share-link viewer connected to a hub (one app instance), keeping what it was sent. */
function connect(hub: LiveHub, eveningId: string, token: string, version: number) {
  const frames: string[] = [];
  const viewer: Viewer = { token, send: (chunk) => frames.push(decoder.decode(chunk)), close: () => undefined };
  hub.add(eveningId, viewer, version);
  return frames;
}

describeWithDatabase("every change to an evening reaches its viewers and the other phones", () => {
  const hubs: LiveHub[] = [];
  const stops: (() => void)[] = [];
  afterEach(async () => {
    stops.splice(0).forEach((stop) => stop());
    await Promise.all(hubs.splice(0).map((hub) => hub.close()));
  });

  it("deals, games, members, the invite, the share link and the evening's end: the version moves on and viewers hear", async () => {
    const owner = await newActor("owner");
    const guest = await newActor("guest");
    const { eveningId, gameId } = await newEvening(owner, {
      players: ["Anna", "Bo", "Cecilia"],
      houseRules: { startScore: 5 },
    });
    const heard: EveningChange[] = [];
    stops.push(onEveningChanged((id, change) => id === eveningId && heard.push(change)));
    const hub = new LiveHub();
    hubs.push(hub);
    let token = (await getShareLink(owner, eveningId))!;
    let frames = connect(hub, eveningId, token, await getEveningVersion(owner, eveningId));

    /** One change: the second phone sees a new version; the viewer gets a snapshot of it (or is told the link ended). */
    async function expectSeen(change: () => Promise<unknown>, revoked = false) {
      const before = await getEveningVersion(owner, eveningId);
      const sent = frames.length;
      await change();
      const after = await getEveningVersion(owner, eveningId);
      expect(after).toBe(before + 1);
      const expected = revoked ? "event: revoked" : `id: ${after}\n`;
      expect(await eventually(() => frames.slice(sent).some((f) => f.includes(expected)))).toBe(true);
    }

    /** A deal change: seen like any other, and it names the version it made (the phone that made it applies it). */
    async function expectMade(change: () => Promise<{ version?: number }>) {
      let made: { version?: number } = {};
      await expectSeen(async () => (made = await change()));
      expect(made.version).toBe(await getEveningVersion(owner, eveningId));
    }

    await expectMade(() => recordDeal(owner, { gameId, number: 1, entries: lone("Anna") }));
    await expectMade(() => editDeal(owner, { gameId, number: 1, entries: lone("Bo") }));
    await expectMade(() => deleteDeal(owner, { gameId, number: 1 }));
    await expectMade(() => recordDeal(owner, { gameId, number: 1, entries: lone("Anna") })); // Anna wins (5 − 5)
    await expectSeen(() => startGame(owner, { eveningId, players: ["Anna", "Bo", "Cecilia"], firstDealerSeat: 0 }));
    const invite = (await getEvening(owner, eveningId)).inviteToken!;
    await expectSeen(() => joinEvening(guest, invite));
    await expectSeen(() => removeMember(owner, eveningId, guest.userId));
    await expectSeen(() => rotateInvite(owner, eveningId));
    await expectSeen(() => endEvening(owner, eveningId));
    await expectSeen(() => rotateShareLink(owner, eveningId), true);
    token = (await getShareLink(owner, eveningId))!;
    frames = connect(hub, eveningId, token, await getEveningVersion(owner, eveningId));
    await expectSeen(() => revokeShareLink(owner, eveningId), true);
    // What changed travels with it; on PostgreSQL it travels by NOTIFY (the hub above heard it) instead.
    const kinds = [
      "deals",
      "deals",
      "deals",
      "deals",
      "game",
      "members",
      "members",
      "invite",
      "evening",
      "share",
      "share",
    ];
    expect(heard).toEqual(inject("provider") === "postgresql" ? [] : kinds);
  });

  it("a refused change announces nothing and leaves the version alone", async () => {
    const owner = await newActor("owner");
    const stranger = await newActor("stranger");
    const { eveningId, gameId } = await newEvening(owner);
    const heard: string[] = [];
    stops.push(onEveningChanged((id) => id === eveningId && heard.push(id)));
    const before = await getEveningVersion(owner, eveningId);
    await expect(
      recordDeal(stranger, {
        gameId,
        number: 1,
        entries: { Anna: { plays: false }, Bo: { plays: false }, Cecilia: { plays: false } },
      }),
    ).rejects.toThrow();
    await expect(
      recordDeal(owner, {
        gameId,
        number: 1,
        entries: { Anna: { plays: true, tricks: 9 }, Bo: { plays: false }, Cecilia: { plays: false } },
      }),
    ).rejects.toThrow();
    await expect(removeMember(stranger, eveningId, owner.userId)).rejects.toThrow();
    expect(await getEveningVersion(owner, eveningId)).toBe(before);
    expect(heard).toEqual([]);
  });
});
