import { describe, expect, it } from "vitest";
import {
  actingAccount,
  afterPage,
  afterSignOutTold,
  readAccountRecord,
  writeAccountRecord,
} from "@/lib/offline/phone-account";

const anna = { id: "u-anna", name: "anna" };
const xavier = { id: "u-xavier", name: "xavier" };

describe("the phone's account", () => {
  it("follows the newest page: an older page from the cache never overrides it", () => {
    let known = afterPage({ account: null, seenAt: 0 }, anna, 1000).record;
    expect(actingAccount(known)).toEqual(anna);
    const cached = afterPage(known, null, 500); // a page kept from before anna signed in
    expect(cached).toEqual({ record: known, changed: false });
    const next = afterPage(known, xavier, 2000);
    expect(next.changed).toBe(true);
    known = next.record;
    expect(actingAccount(known)).toEqual(xavier);
    expect(afterPage(known, xavier, 3000).changed).toBe(false);
    expect(afterPage(known, null, 3000)).toEqual({ record: { account: null, seenAt: 3000 }, changed: true });
  });

  it("acts for nobody after a sign-out without a signal, until the server has heard it", () => {
    const pending = { account: anna, seenAt: 1000, signOutPending: true };
    expect(actingAccount(pending)).toBeNull();
    // The server still knows anna's session (its sign-out was not sent yet): still pending.
    const still = afterPage(pending, anna, 2000);
    expect(still.record.signOutPending).toBe(true);
    expect(actingAccount(still.record)).toBeNull();
    // Someone signed in meanwhile: that is the account now.
    const other = afterPage(pending, xavier, 2000);
    expect(other).toEqual({ record: { account: xavier, seenAt: 2000 }, changed: true });
  });

  it.each([
    ["three hours ahead", 3 * 3600_000],
    ["three hours behind", -3 * 3600_000],
  ])("orders pages by the server's clock only, with the phone's clock %s", (_, skew) => {
    // Pages rendered by the server at 1000 (anna signed in), then the sign-out told; the phone's clock is off by `skew`.
    const phoneNow = 1500 + skew;
    const signedIn = afterPage({ account: null, seenAt: 0 }, anna, 1000).record;
    const pending = { ...signedIn, signOutPending: true };
    const told = afterSignOutTold(pending);
    expect(actingAccount(told)).toBeNull();
    expect(told.seenAt).not.toBe(phoneNow);
    // A page kept from before the sign-out still says anna: older, ignored.
    expect(afterPage(told, anna, 1000).record).toEqual(told);
    // Anna signs in again: the sign-in's page (the server's 2000) is newer — she is the phone's account again.
    expect(afterPage(told, anna, 2000)).toEqual({ record: { account: anna, seenAt: 2000 }, changed: true });
  });

  it("reads what it wrote, and nothing from a broken entry", () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => store.set(k, v),
    };
    expect(readAccountRecord(storage)).toEqual({ account: null, seenAt: 0 });
    writeAccountRecord(storage, { account: anna, seenAt: 5 });
    expect(readAccountRecord(storage)).toEqual({ account: anna, seenAt: 5 });
    store.set("protokoll.account", "{not json");
    expect(readAccountRecord(storage)).toEqual({ account: null, seenAt: 0 });
  });
});
