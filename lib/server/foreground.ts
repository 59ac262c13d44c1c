/**
 * Work a person is waiting for — a deal being saved, a live update going out — counted while it runs, so work
 * nobody waits for (the live odds, decision 022) runs only between it: `whenIdle` resolves once none is running.
 */
let running = 0;
let waiting: (() => void)[] = [];

/** Counts foreground work from now until the returned function is called (once; later calls do nothing). */
export function beginForeground(): () => void {
  running++;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--running === 0) {
      const resumed = waiting;
      waiting = [];
      for (const resume of resumed) resume();
    }
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

/** How long background work waits for a pause in foreground work at most: under constant load it still moves on. */
const LONGEST_WAIT_MS = 20;

/**
 * Resolves at once when no foreground work runs, else as soon as the last of it settles — or after
 * `LONGEST_WAIT_MS`, so a process that is never idle still gives background work one slice in twenty or so.
 */
export function whenIdle(): Promise<void> {
  if (running === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, LONGEST_WAIT_MS);
    waiting.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
