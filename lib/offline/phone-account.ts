/**
 * Which account this phone acts for, as the newest word from the server says (kept in localStorage, so a page
 * served from the cache without a signal still knows). A page rendered by the server tells who is signed in and
 * when it was rendered — by the server's clock; an older page (from the cache) never overrides what a newer one
 * said. The phone's own clock never takes part: hours ahead or behind, it changes nothing (decision 023). A
 * sign-out made without a signal is remembered here until the server has heard it.
 */

export interface PhoneAccount {
  id: string;
  name: string;
}

export interface AccountRecord {
  account: PhoneAccount | null;
  /** When the server rendered the page that said so (ms since the epoch). */
  seenAt: number;
  /** Signed out on this phone while the server could not be told: the first request when the signal returns. */
  signOutPending?: boolean;
}

const KEY = "protokoll.account";

export function readAccountRecord(storage: Pick<Storage, "getItem">): AccountRecord {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? "null") as AccountRecord | null;
    if (parsed && typeof parsed.seenAt === "number") return parsed;
  } catch {
    // unreadable: as if nothing was known
  }
  return { account: null, seenAt: 0 };
}

export function writeAccountRecord(storage: Pick<Storage, "setItem">, record: AccountRecord): void {
  try {
    storage.setItem(KEY, JSON.stringify(record));
  } catch {
    // storage full or blocked: the next page tells again
  }
}

/**
 * What the phone knows after a page rendered at `renderedAt` said `account` is signed in. `changed` is true when
 * the account differs from the one the phone acted for before: the previous account's kept pages must go.
 */
export function afterPage(
  known: AccountRecord,
  account: PhoneAccount | null,
  renderedAt: number,
): { record: AccountRecord; changed: boolean } {
  if (renderedAt <= known.seenAt) return { record: known, changed: false };
  // The server still has the session a sign-out without a signal ended: that sign-out is still to be sent.
  if (known.signOutPending && account && account.id === known.account?.id)
    return { record: { ...known, seenAt: renderedAt }, changed: false };
  const changed = (known.account?.id ?? null) !== (account?.id ?? null);
  return { record: { account, seenAt: renderedAt }, changed };
}

/**
 * The server heard a sign-out made without a signal: nobody is signed in. Pages rendered after the newest one the
 * phone saw say who is signed in from now on; every page kept from before (rendered no later) is older.
 */
export function afterSignOutTold(known: AccountRecord): AccountRecord {
  return { account: null, seenAt: known.seenAt };
}

/** The account the phone acts for now: none while a sign-out waits to reach the server. */
export function actingAccount(record: AccountRecord): PhoneAccount | null {
  return record.signOutPending ? null : record.account;
}
