/**
 * Work a person is waiting for — a deal being saved, a page, a live update going out — counted while it runs, so
 * work nobody waits for (the live odds, decision 022) runs only between it: `whenIdle` resolves once none has run
 * for a moment.
 */
// One count per process, not per bundle: the Node server's routes, route handlers and the live hub may each come
// from their own bundle with their own copy of this module.
const globalForForeground = globalThis as typeof globalThis & {
  protokollForeground?: { running: number; quietSince: number };
};
/** How much foreground work runs, and when the last of it ended (performance.now()). */
const state = (globalForForeground.protokollForeground ??= { running: 0, quietSince: 0 });

/** Background work starts only after this long without foreground work: a phone's next request is often that near. */
const QUIET_MS = 2;
/**
 * How long background work waits for a quiet moment at most (times its patience): under constant load it still
 * moves on.
 */
const LONGEST_WAIT_MS = 20;

/** Counts foreground work from now until the returned function is called (once; later calls do nothing). */
export function beginForeground(): () => void {
  state.running++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--state.running === 0) state.quietSince = performance.now();
  };
}

/** Runs `work`, counted as foreground work until it settles. */
export async function inForeground<T>(work: () => Promise<T>): Promise<T> {
  const end = beginForeground();
  try {
    return await work();
  } finally {
    end();
  }
}

const quiet = () => state.running === 0 && performance.now() - state.quietSince >= QUIET_MS;

/**
 * Resolves at once when no foreground work has run for `QUIET_MS`, else as soon as that is so — or after
 * `LONGEST_WAIT_MS` times `patience`, so a process that is never quiet still gives background work a slice now and
 * then (work that can wait longer asks for more patience).
 */
export function whenIdle(patience = 1): Promise<void> {
  const longestWaitMs = LONGEST_WAIT_MS * patience;
  if (quiet()) return Promise.resolve();
  return new Promise((resolve) => {
    const started = performance.now();
    const check = () => {
      const waited = performance.now() - started;
      if (quiet() || waited >= longestWaitMs) return resolve();
      const left = state.running === 0 ? QUIET_MS - (performance.now() - state.quietSince) : 1;
      setTimeout(check, Math.max(0.5, Math.min(left, longestWaitMs - waited)));
    };
    check();
  });
}
