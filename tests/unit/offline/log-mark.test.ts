import { describe, expect, it } from "vitest";
import { counted, lossSeen, markStorage, readMark, writeMark, type LogMark } from "@/lib/offline/log-mark";

const none: LogMark = { generation: null, waiting: {}, lost: {} };

describe("the phone's mark of its log", () => {
  it("counts each account's waiting changes in the log it has, and loses nothing while that log stays", () => {
    let mark = counted(none, "gen-1", "anna", 3, 1000);
    mark = counted(mark, "gen-1", "xavier", 1, 1100);
    mark = counted(mark, "gen-1", "anna", 0, 1200);
    expect(mark).toEqual({
      generation: "gen-1",
      waiting: { anna: { n: 0, at: 1200 }, xavier: { n: 1, at: 1100 } },
      lost: {},
    });
  });

  it("says how many changes a log the browser cleared held, per account, when they were last counted", () => {
    let mark = counted(none, "gen-1", "anna", 3, 1000);
    mark = counted(mark, "gen-1", "xavier", 2, 1100);
    // The database was cleared: the log the phone opens now is another one, empty.
    mark = counted(mark, "gen-2", "anna", 0, 5000);
    expect(mark.lost).toEqual({ anna: { n: 3, at: 1000 }, xavier: { n: 2, at: 1100 } });
    expect(mark.waiting).toEqual({ anna: { n: 0, at: 5000 } });
    // Counting again in the new log says it again until the table has read it, then never.
    mark = counted(mark, "gen-2", "anna", 1, 6000);
    expect(mark.lost.anna).toEqual({ n: 3, at: 1000 });
    mark = lossSeen(mark, "anna");
    expect(mark.lost).toEqual({ xavier: { n: 2, at: 1100 } });
  });

  it("the first count after the update loses nothing: there was no mark before", () => {
    expect(counted(none, "gen-1", "anna", 2, 1000).lost).toEqual({});
  });

  it("reads what it wrote, and nothing from a broken entry", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    const mark = counted(none, "gen-1", "anna", 2, 1000);
    writeMark(storage, mark);
    expect(readMark(storage)).toEqual(mark);
    store.set("protokoll.log", "{broken");
    expect(readMark(storage)).toEqual(none);
  });

  it("keeps a copy in a cookie: with localStorage cleared too, the loss is still said", () => {
    const local = new Map<string, string>();
    let jar = "other=1";
    const storage = markStorage(
      { getItem: (k) => local.get(k) ?? null, setItem: (k, v) => void local.set(k, v) },
      {
        read: () => jar,
        // As document.cookie does: the pair set replaces the cookie of its name, the attributes are not read back.
        write: (cookie) => {
          const pair = cookie.split("; ")[0]!;
          const name = pair.split("=")[0]!;
          jar = [...jar.split("; ").filter((c) => !c.startsWith(`${name}=`)), pair].join("; ");
        },
      },
      true,
    );
    writeMark(storage, counted(none, "gen-1", "anna", 3, 1000));
    // The browser cleared IndexedDB and localStorage: the cookie still has the mark.
    local.clear();
    const mark = counted(readMark(storage), "gen-2", "anna", 0, 5000);
    expect(mark.lost).toEqual({ anna: { n: 3, at: 1000 } });
    expect(jar).toContain("other=1");
  });
});
