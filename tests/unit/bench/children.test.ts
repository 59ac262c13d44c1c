import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/** A port nobody listens on now. */
async function freePort(): Promise<number> {
  return new Promise((done) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

const answers = async (port: number) =>
  fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(500) }).then(
    () => true,
    () => false,
  );

describe("a bench's servers", () => {
  it("end with the bench even when it is killed outright mid-run: no port stays held", async () => {
    const port = await freePort();
    // A bench in miniature: starts a baseline server as every bench starts its children, then works on.
    const dir = mkdtempSync(join(tmpdir(), "protokoll-bench-kill-"));
    const bench = join(dir, "bench.mts");
    writeFileSync(
      bench,
      `import { spawnNode } from ${JSON.stringify(resolve("bench/support/children.ts"))};
       spawnNode(${JSON.stringify(resolve("bench/support/baseline-sse.mjs"))}, ["${port}"]);
       setInterval(() => undefined, 1_000);`,
    );
    const parent = spawn(process.execPath, ["--import", "tsx", bench], { stdio: "ignore" });
    try {
      let up = false;
      for (let i = 0; i < 100 && !up; i++) {
        up = await answers(port);
        if (!up) await new Promise((r) => setTimeout(r, 100));
      }
      expect(up).toBe(true);
      parent.kill("SIGKILL");
      let down = false;
      for (let i = 0; i < 50 && !down; i++) {
        down = !(await answers(port));
        if (!down) await new Promise((r) => setTimeout(r, 100));
      }
      expect(down).toBe(true);
    } finally {
      parent.kill("SIGKILL");
    }
  }, 30_000);
});
