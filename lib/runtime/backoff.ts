/**
 * The one back-off: how long to wait after the `failures`-th failure in a row — `firstMs` after the first, doubling
 * with each further failure, at most `maxMs`. With `jitter: "full"` the wait is drawn anywhere up to that, so many
 * clients that failed at the same moment (a restart, a network blip) come back spread out rather than all at once.
 * Each use names its own figures. Pure: used by the server and the phone alike.
 */
export interface Backoff {
  firstMs: number;
  maxMs: number;
  jitter?: "none" | "full";
}

export function backoffDelay({ firstMs, maxMs, jitter = "none" }: Backoff, failures: number, random = Math.random) {
  const ceiling = Math.min(maxMs, firstMs * 2 ** Math.max(0, failures - 1));
  return jitter === "full" ? Math.round(random() * ceiling) : ceiling;
}
