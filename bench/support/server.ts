/**
 * For benchmarks: a production server on a fresh SQLite database in a temporary folder, with the data layer
 * of this process pointed at the same database (run with the react-server condition, like the server).
 */
import { spawnSync, type ChildProcess } from "node:child_process";
import { spawnNode } from "./children";
import { existsSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface BenchServer {
  base: string;
  pid: number;
  env: NodeJS.ProcessEnv;
  stop: () => void;
}

export function prepareDatabase(): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), "protokoll-bench-"));
  const env = {
    ...process.env,
    DATABASE_URL: `file:${join(dir, "bench.db")}`,
    AUTH_SECRET: "bench-secret-bench-secret-bench-secret-00",
  };
  process.env.DATABASE_URL = env.DATABASE_URL;
  process.env.AUTH_SECRET = env.AUTH_SECRET;
  const run = (command: string, args: string[]) => {
    const result = spawnSync(command, args, { env, stdio: ["ignore", "ignore", "inherit"] });
    if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed`);
  };
  if (!existsSync(".next/BUILD_ID")) run("npm", ["run", "build"]);
  run("npx", ["prisma", "migrate", "deploy"]);
  return env;
}

export async function startServer(env: NodeJS.ProcessEnv, port: number): Promise<BenchServer> {
  // A server of an earlier step may still be shutting down on this port: wait until it is gone, or this one
  // could not listen and the bench would talk to the old one. One still there after 10 s is another run's: say so.
  for (let i = 0; ; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(500) });
    } catch {
      break;
    }
    if (i >= 100) throw new Error(`port ${port} is taken by another server (another bench's, left running?)`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // BENCH_SERVER_LOG=FILE keeps what the server prints (its errors), appended to FILE.
  const log = process.env.BENCH_SERVER_LOG ? openSync(process.env.BENCH_SERVER_LOG, "a") : "ignore";
  // BENCH_NODE_ARGS passes flags to the server's node (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it).
  const nodeArgs = process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? [];
  // Stopped whatever happens to the bench: when it stops its server itself, and when it ends (or dies) without
  // (bench/support/children.ts).
  const child: ChildProcess = spawnNode("scripts/server.mjs", ["-p", String(port)], {
    env,
    nodeArgs,
    stdio: ["ignore", log, log],
  });
  const stop = () => child.exitCode === null && child.signalCode === null && child.kill("SIGTERM");
  const base = `http://127.0.0.1:${port}`;
  await waitForHealth(`${base}/api/health`);
  return { base, pid: child.pid!, env, stop: () => void stop() };
}

/** Waits until `url` answers 200 (a server the bench started), for at most 30 s. */
export async function waitForHealth(url: string): Promise<void> {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (i > 300) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Resident memory of a process in kB (Linux). */
export function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

/** Signs in through Auth.js's credentials endpoint and returns the session cookie. */
export async function signIn(base: string, username: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const csrfCookie = csrf.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const response = await fetch(`${base}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: csrfCookie },
    body: new URLSearchParams({ csrfToken, username, password, callbackUrl: base }),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
  if (!session) throw new Error(`sign-in failed for ${username}`);
  return session.split(";")[0]!;
}
