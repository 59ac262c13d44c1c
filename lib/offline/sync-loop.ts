/**
 * When the outbox is sent: one run at a time (a request to send during a run makes one more run after it),
 * again with back-off while the server cannot be reached (1 s doubling to 30 s), at once when the signal
 * returns. What a run does is passed in (`run`: the sync of lib/offline/sync.ts under the phone's lock), and so
 * are the timers, so the loop is tested without a browser.
 */
import { backoffDelay } from "@/lib/runtime/backoff";
import type { SyncOutcome } from "./sync";

/** The connection as the table sees it. */
export type Connection = "online" | "sending" | "offline" | "signIn";

export interface SyncLoopOptions {
  /** One run: "idle" when nothing was waiting to be sent. A throw counts as no signal. */
  run(): Promise<SyncOutcome | "idle">;
  /** Told when the connection as the sync sees it changes. */
  onConnection(connection: Connection): void;
  /** Told after a run that ended (whatever its outcome): the page may show the server's record now. */
  onRun?(outcome: SyncOutcome | "idle"): void;
  timers?: { set(fn: () => void, ms: number): unknown; clear(handle: unknown): void };
  /** The wait after a run that could not send everything: 1 s, doubling up to 30 s unless said otherwise. */
  firstDelayMs?: number;
  maxDelayMs?: number;
}

export class SyncLoop {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  /** Runs in a row that could not send everything. */
  private failures = 0;
  private stopped = false;
  private readonly timers: NonNullable<SyncLoopOptions["timers"]>;

  constructor(private readonly options: SyncLoopOptions) {
    this.timers = options.timers ?? {
      set: (fn, ms) => setTimeout(fn, ms),
      clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    };
  }

  /** Sends now, or once more right after the run under way. Resolves when that run has ended. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.runOnce().finally(() => {
      this.running = null;
      if (this.again && !this.stopped) {
        this.again = false;
        void this.kick();
      }
    });
    return this.running;
  }

  /** The signal is back (or the server answered again): the next wait starts short, and it sends at once. */
  signalBack(): Promise<void> {
    this.failures = 0;
    return this.kick();
  }

  stop(): void {
    this.stopped = true;
    this.clearTimer();
  }

  private clearTimer() {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  private async runOnce(): Promise<void> {
    let outcome: SyncOutcome | "idle";
    try {
      outcome = await this.options.run();
    } catch {
      outcome = "offline";
    }
    if (this.stopped) return;
    this.clearTimer();
    if (outcome === "done" || outcome === "idle") {
      this.failures = 0;
      this.options.onConnection("online");
    } else {
      this.options.onConnection(outcome === "signIn" ? "signIn" : outcome === "offline" ? "offline" : "sending");
      if (outcome !== "signIn") {
        const { firstDelayMs = 1_000, maxDelayMs = 30_000 } = this.options;
        const wait = backoffDelay({ firstMs: firstDelayMs, maxMs: maxDelayMs }, ++this.failures);
        this.timer = this.timers.set(() => void this.kick(), wait);
      }
    }
    this.options.onRun?.(outcome);
  }
}
