import { describe, expect, it } from "vitest";
import { IMPORT_SLOTS, takeImportSlot } from "@/lib/server/import-slots";

describe("import slots", () => {
  it("let one import run per account and a few overall, and free a slot once, when it ends", () => {
    expect(IMPORT_SLOTS.perAccount).toBe(1);
    const first = takeImportSlot("anna");
    expect(first).not.toBeNull();
    expect(takeImportSlot("anna")).toBeNull();
    const others = Array.from({ length: IMPORT_SLOTS.overall - 1 }, (_, i) => takeImportSlot(`other ${i}`));
    expect(others.every(Boolean)).toBe(true);
    expect(takeImportSlot("bo")).toBeNull();
    first!();
    first!(); // released twice: still one slot
    const bo = takeImportSlot("bo");
    expect(bo).not.toBeNull();
    expect(takeImportSlot("cecilia")).toBeNull();
    expect(takeImportSlot("anna")).toBeNull();
    for (const release of [bo, ...others]) release!();
    expect(takeImportSlot("anna")).not.toBeNull();
  });
});
