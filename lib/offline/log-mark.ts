/**
 * What this phone last knew of its log, kept apart from the log (localStorage, and a copy in a cookie: a browser that
 * clears both IndexedDB and localStorage to free space keeps its cookies — not IndexedDB): the log's
 * generation (a random id made with the log's database) and how many changes of each account waited, and when. A
 * browser that cleared the site's IndexedDB — to free space, or a person clearing it — leaves a log of another
 * generation, or none: the changes the mark counted are then lost, and the page says so plainly instead of
 * showing a count that is no longer true (decision 023). Pure: the storage is passed in.
 */

/** How many changes waited, and when the phone last counted them (its own clock: for showing only). */
export interface Count {
  n: number;
  at: number;
}

export interface LogMark {
  /** The generation of the log the counts are of; null before the phone first counted. */
  generation: string | null;
  waiting: Record<string, Count>;
  /** Per account: changes that waited in a log the browser cleared, until the table has read it. */
  lost: Record<string, Count>;
}

const KEY = "protokoll.log";
const EMPTY: LogMark = { generation: null, waiting: {}, lost: {} };

export function readMark(storage: Pick<Storage, "getItem">): LogMark {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? "null") as LogMark | null;
    if (parsed && typeof parsed.waiting === "object" && typeof parsed.lost === "object") return parsed;
  } catch {
    // unreadable: as if nothing was known
  }
  return EMPTY;
}

export function writeMark(storage: Pick<Storage, "setItem">, mark: LogMark): void {
  try {
    storage.setItem(KEY, JSON.stringify(mark));
  } catch {
    // storage full or blocked: the next count writes again
  }
}

/** The cookie that keeps a copy of the mark: read when localStorage was cleared with the log. */
export const MARK_COOKIE = "protokoll_log";
/** A year; the mark is written again each time the phone counts its log. */
const COOKIE_AGE_S = 365 * 24 * 3600;

/**
 * The mark's storage: localStorage, and a copy in a cookie (`cookies`: the page's `document.cookie`, passed in),
 * read when localStorage no longer has it. A mark too long for a cookie is kept in localStorage only.
 */
export function markStorage(
  local: Pick<Storage, "getItem" | "setItem">,
  cookies: { read(): string; write(cookie: string): void },
  secure: boolean,
): Pick<Storage, "getItem" | "setItem"> {
  return {
    getItem(key) {
      const kept = local.getItem(key);
      if (kept !== null || key !== KEY) return kept;
      const pair = cookies
        .read()
        .split("; ")
        .find((c) => c.startsWith(`${MARK_COOKIE}=`));
      try {
        return pair ? decodeURIComponent(pair.slice(MARK_COOKIE.length + 1)) : null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      local.setItem(key, value);
      const encoded = encodeURIComponent(value);
      if (key !== KEY || encoded.length > 3000) return;
      const attributes = `; path=/; max-age=${COOKIE_AGE_S}; samesite=lax${secure ? "; secure" : ""}`;
      cookies.write(`${MARK_COOKIE}=${encoded}${attributes}`);
    },
  };
}

/**
 * The mark after the phone counted `waiting` changes of `account` in the log of `generation` at `now`. A log of
 * another generation than the mark's is a new log: every change the mark counted in the old one is lost.
 */
export function counted(mark: LogMark, generation: string, account: string, waiting: number, now: number): LogMark {
  const lost = { ...mark.lost };
  const replaced = mark.generation !== null && mark.generation !== generation;
  if (replaced)
    for (const [who, count] of Object.entries(mark.waiting))
      if (count.n > 0) lost[who] = { n: (lost[who]?.n ?? 0) + count.n, at: count.at };
  const others = replaced ? {} : mark.waiting;
  return { generation, waiting: { ...others, [account]: { n: waiting, at: now } }, lost };
}

/** The table has read that changes were lost: not said again. */
export function lossSeen(mark: LogMark, account: string): LogMark {
  const lost = { ...mark.lost };
  delete lost[account];
  return { ...mark, lost };
}
