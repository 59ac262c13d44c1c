/**
 * The bench's child processes — the product's server, the bare baselines, the viewers' helpers — end with
 * the bench however it ends: stopped by the bench itself, at its normal end, on an error, on Ctrl-C, or killed
 * outright (`kill -9`, a CI timeout). Each child is started with an IPC channel and ends when that channel closes
 * (`bench/support/end-with-parent.mjs`, or the server's own check in scripts/server.mjs): the operating system
 * closes it when the bench's process is gone, whatever killed it. No port stays held for the next run.
 */
import { fork, spawn, type ChildProcess, type ForkOptions, type SpawnOptions } from "node:child_process";

const children = new Set<ChildProcess>();
const stopAll = () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
};
process.on("exit", stopAll);
// Ctrl-C or a polite kill: end as a normal exit does, so the children are stopped at once (not only when the
// channel closes).
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.once(signal, () => process.exit(signal === "SIGINT" ? 130 : 143));

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once("exit", () => children.delete(child));
  return child;
}

/** Runs `node script …args` as a child that ends with the bench. */
export function spawnNode(script: string, args: string[] = [], options: SpawnOptions & { nodeArgs?: string[] } = {}) {
  const { nodeArgs = [], stdio = "ignore", ...rest } = options;
  const [stdin, stdout, stderr] = typeof stdio === "string" ? [stdio, stdio, stdio] : (stdio as unknown[]);
  return track(
    spawn(process.execPath, [...nodeArgs, script, ...args], {
      ...rest,
      stdio: [stdin, stdout, stderr, "ipc"] as SpawnOptions["stdio"],
    }),
  );
}

/** `fork` (an IPC channel for messages) of a child that ends with the bench. */
export function forkNode(script: string, args: string[] = [], options: ForkOptions = {}) {
  return track(fork(script, args, options));
}
