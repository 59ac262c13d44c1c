import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { backupParts, countProblem, fileSizeProblem, IMPORT_LIMITS } from "@/lib/transfer/limits";

describe("Back up all in parts that each import again", () => {
  it("every evening in exactly one part, in order, and every part within the import's limits", () => {
    const evening = fc.record({
      size: fc.integer({ min: 200, max: 2_000_000 }),
      deals: fc.integer({ min: 0, max: 100_000 / 4 }),
    });
    fc.assert(
      fc.property(fc.array(evening, { maxLength: 300 }), (evenings) => {
        const parts = backupParts(evenings);
        expect(parts.flat()).toEqual(evenings.map((_, i) => i));
        for (const part of parts) {
          if (part.length <= 1) continue; // a single evening is one file, however large
          expect(part.length).toBeLessThanOrEqual(IMPORT_LIMITS.evenings);
          expect(part.reduce((n, i) => n + evenings[i]!.deals, 0)).toBeLessThanOrEqual(IMPORT_LIMITS.deals);
          expect(fileSizeProblem(part.reduce((n, i) => n + evenings[i]!.size, 0))).toBeNull();
        }
      }),
    );
  });

  it("a history of 3,000 evenings comes in two parts, each of which the import's count accepts", () => {
    const evenings = Array.from({ length: 3_000 }, () => ({ size: 1_000, deals: 5 }));
    const parts = backupParts(evenings);
    expect(parts.map((p) => p.length)).toEqual([IMPORT_LIMITS.evenings, 3_000 - IMPORT_LIMITS.evenings]);
    for (const part of parts) {
      const file = { evenings: part.map(() => ({ games: [{ deals: Array.from({ length: 5 }, () => ({})) }] })) };
      expect(countProblem(file)).toBeNull();
    }
  });
});
