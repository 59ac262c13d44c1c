/**
 * What this phone last knew of its log, kept apart from the log (localStorage, not IndexedDB): the log's
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
