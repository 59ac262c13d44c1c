import { describe, expect, it, vi } from "vitest";
import { IMPORT_SLOTS, takeAccountSlot, takeServerSlot } from "@/lib/server/import-slots";

const provider = vi.hoisted(() => ({ name: "sqlite" as "sqlite" | "postgresql" }));
vi.mock("@/lib/db/client", () => ({ databaseProvider: () => provider.name }));

describe("import slots", () => {
  it("let each account send one import at a time, and free its slot once, when it ends", () => {
    expect(IMPORT_SLOTS.perAccount).toBe(1);
    const anna = takeAccountSlot("anna");
    expect(anna).not.toBeNull();
    expect(takeAccountSlot("anna")).toBeNull();
    // Another account's upload is not held back by Anna's, however slow hers is.
    const bo = takeAccountSlot("bo");
    expect(bo).not.toBeNull();
    anna!();
    anna!(); // released twice: still one slot
    const again = takeAccountSlot("anna");
    expect(again).not.toBeNull();
    expect(takeAccountSlot("anna")).toBeNull();
    for (const release of [again, bo]) release!();
  });

  it("run two imports at once on PostgreSQL and one on SQLite, whose one writer would only queue a second", () => {
    provider.name = "postgresql";
    const first = takeServerSlot();
    const second = takeServerSlot();
    expect([first, second].every(Boolean)).toBe(true);
    expect(takeServerSlot()).toBeNull();
    first!();
    first!();
    const third = takeServerSlot();
    expect(third).not.toBeNull();
    expect(takeServerSlot()).toBeNull();
    for (const release of [second, third]) release!();
    provider.name = "sqlite";
    const only = takeServerSlot();
    expect(only).not.toBeNull();
    expect(takeServerSlot()).toBeNull();
    only!();
    expect(takeServerSlot()).not.toBeNull();
  });
});
