/**
 * Where the deal form keeps a new deal's taps until it is saved (the tab's session storage, per game), and how a
 * sign-out forgets them all: the next person at the phone never sees the last one's half-entered deal.
 */
export const DRAFT_PREFIX = "protokoll.draft.";

/** Removes every kept draft from `storage` (the tab's session storage). */
export function forgetDrafts(storage: Pick<Storage, "length" | "key" | "removeItem">): void {
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key?.startsWith(DRAFT_PREFIX)) keys.push(key);
    }
    for (const key of keys) storage.removeItem(key);
  } catch {
    // session storage switched off: nothing was kept
  }
}
