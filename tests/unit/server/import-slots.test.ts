import { describe, expect, it, vi } from "vitest";
import { IMPORT_SLOTS, takeImportSlot } from "@/lib/server/import-slots";

const provider = vi.hoisted(() => ({ name: "sqlite" as "sqlite" | "postgresql" }));
vi.mock("@/lib/db/client", () => ({ databaseProvider: () => provider.name }));

describe("import slots", () => {
  it("let one import run per account and two at once on PostgreSQL, and free a slot once, when it ends", () => {
    provider.name = "postgresql";
    expect([IMPORT_SLOTS.perAccount, IMPORT_SLOTS.postgresql]).toEqual([1, 2]);
    const anna = takeImportSlot("anna");
    expect(anna).not.toBeNull();
    expect(takeImportSlot("anna")).toBeNull();
    const bo = takeImportSlot("bo");
    expect(bo).not.toBeNull();
    expect(takeImportSlot("cecilia")).toBeNull();
    anna!();
    anna!(); // released twice: still one slot
    const cecilia = takeImportSlot("cecilia");
    expect(cecilia).not.toBeNull();
    expect(takeImportSlot("david")).toBeNull();
    expect(takeImportSlot("anna")).toBeNull();
    for (const release of [bo, cecilia]) release!();
    takeImportSlot("anna")!();
  });

  it("let one import run at once on SQLite, whose one writer would only queue a second", () => {
    provider.name = "sqlite";
    const anna = takeImportSlot("anna");
    expect(anna).not.toBeNull();
    expect(takeImportSlot("bo")).toBeNull();
    anna!();
    expect(takeImportSlot("bo")).not.toBeNull();
  });
});
