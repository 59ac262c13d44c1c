import { expect, it } from "vitest";
import { getEvening } from "@/lib/data/evening-view";
import { joinEvening } from "@/lib/data/members";
import { HISTORY_PAGE_SIZE, listHistory } from "@/lib/data/history";
import { recordDeal } from "@/lib/data/deals";
import { describeWithDatabase, newActor, newEvening } from "@/tests/support/data";

describeWithDatabase("history", () => {
  it("lists the evenings a user owns or sits at, newest first, a page at a time, with filters", async () => {
    const owner = await newActor("owner");
    const guest = await newActor("guest");
    const stranger = await newActor("stranger");
    const days = Array.from({ length: HISTORY_PAGE_SIZE + 3 }, (_, i) => `2026-01-${String(i + 1).padStart(2, "0")}`);
    const ids: string[] = [];
    for (const [i, date] of days.entries()) {
      const knack = i % 4 === 0;
      const { eveningId } = await newEvening(owner, {
        title: `Kväll ${i + 1}`,
        date,
        variant: knack ? "norrlands-knack" : "knektpass",
        players: i % 2 ? ["Anna", "Bo", "Cecilia"] : ["Dag", "Erik", "Fia"],
      });
      ids.push(eveningId);
    }
    // The guest's own evening and one they joined.
    const { eveningId: theirs } = await newEvening(guest, { title: "Gästens", date: "2025-06-01" });
    await joinEvening(guest, (await getEvening(owner, ids[5]!)).inviteToken!);

    const first = await listHistory(owner);
    expect(first.total).toBe(days.length);
    expect(first.pages).toBe(2);
    expect(first.items.map((e) => e.id)).toEqual([...ids].reverse().slice(0, HISTORY_PAGE_SIZE));
    expect(first.items[0]).toMatchObject({ title: `Kväll ${days.length}`, role: "owner", status: "open" });
    expect(first.items[0]!.date.toISOString()).toBe(`${days.at(-1)}T00:00:00.000Z`);
    const second = await listHistory(owner, { page: 2 });
    expect(second.items.map((e) => e.id)).toEqual([...ids].reverse().slice(HISTORY_PAGE_SIZE));
    // Past the last page: the last page.
    expect((await listHistory(owner, { page: 99 })).items.map((e) => e.id)).toEqual(second.items.map((e) => e.id));

    const anna = await listHistory(owner, { player: "Anna" });
    expect(anna.total).toBe(ids.filter((_, i) => i % 2).length);
    expect(anna.items.every((e) => e.players.includes("Anna"))).toBe(true);
    expect(new Set(anna.items.map((e) => [...e.players].sort().join()))).toEqual(new Set(["Anna,Bo,Cecilia"]));
    const knack = await listHistory(owner, { variant: "norrlands-knack" });
    expect(knack.items.map((e) => e.id)).toEqual(ids.filter((_, i) => i % 4 === 0).reverse());
    const window = await listHistory(owner, { from: "2026-01-03", to: "2026-01-05" });
    expect(window.items.map((e) => e.title)).toEqual(["Kväll 5", "Kväll 4", "Kväll 3"]);
    expect((await listHistory(owner, { player: "Nobody" })).items).toEqual([]);

    const guests = await listHistory(guest);
    expect(guests.items.map((e) => [e.id, e.role])).toEqual([
      [ids[5], "member"],
      [theirs, "owner"],
    ]);
    expect((await listHistory(stranger)).total).toBe(0);
  });

  it("a player filter finds every spelling of one person, in evenings the user sees only", async () => {
    const owner = await newActor("owner");
    const stranger = await newActor("stranger");
    const spelled = async (actor: typeof owner, title: string, anna: string) =>
      (await newEvening(actor, { title, players: [anna, "Bo", "Cecilia"] })).eveningId;
    const plain = await spelled(owner, "Vanlig", "Anna");
    const shouted = await spelled(owner, "Versaler", "ANNA");
    // A Cyrillic "А" and a space before it: the same person to the eye (decision 015).
    const lookalike = await spelled(owner, "Kyrillisk", " \u0410nna");
    await spelled(stranger, "Någon annans", "anna");
    const found = await listHistory(owner, { player: "Anna" });
    expect(new Set(found.items.map((e) => e.id))).toEqual(new Set([plain, shouted, lookalike]));
    expect((await listHistory(owner, { player: "ANNA" })).total).toBe(3);
    expect((await listHistory(stranger, { player: "Anna" })).total).toBe(1);
  });

  it("shows each finished game's winners from the statistics, with no deal read", async () => {
    const owner = await newActor("owner");
    const { eveningId, gameId } = await newEvening(owner, { houseRules: { startScore: 5 } });
    await recordDeal(owner, {
      gameId,
      number: 1,
      entries: { Anna: { plays: true }, Bo: { plays: false }, Cecilia: { plays: false } },
    });
    const [item] = (await listHistory(owner)).items.filter((e) => e.id === eveningId);
    expect(item!.winners).toEqual([["Anna"]]);
    expect(item!.money).toBeNull();
  });
});
