import { describe, expect, it } from "vitest";
import { DRAFT_PREFIX, forgetDrafts } from "@/lib/offline/drafts";

describe("the deal form's kept drafts", () => {
  it("are all forgotten at sign-out, and nothing else of the tab's storage", () => {
    const store = new Map([
      [`${DRAFT_PREFIX}game-1`, "{}"],
      ["other", "kept"],
      [`${DRAFT_PREFIX}game-2`, "{}"],
    ]);
    const storage = {
      get length() {
        return store.size;
      },
      key: (i: number) => [...store.keys()][i] ?? null,
      removeItem: (k: string) => void store.delete(k),
    };
    forgetDrafts(storage);
    expect([...store.keys()]).toEqual(["other"]);
  });
});
