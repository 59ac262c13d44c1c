/**
 * Runs `work` when the browser has a moment (requestIdleCallback, at the latest after `timeout` ms; a timer where
 * the API is missing): what the first screen does not need waits until the page is up and answering.
 */
export function whenIdle(work: () => void | Promise<void>, timeout = 2000): { cancel(): void } {
  const run = () => void work();
  if (typeof requestIdleCallback === "function") {
    const handle = requestIdleCallback(run, { timeout });
    return { cancel: () => cancelIdleCallback(handle) };
  }
  const handle = setTimeout(run, 1);
  return { cancel: () => clearTimeout(handle) };
}

/** A promise of the browser's next idle moment (`whenIdle`). */
export function idle(timeout = 2000): Promise<void> {
  return new Promise((resolve) => whenIdle(resolve, timeout));
}

/** A promise of the next task: what follows runs after the browser has had a chance to handle input and paint. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
