import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url).pathname;
const fixture = (name: string) => join(root, "tests/fixtures/records", name);

function score(...files: string[]) {
  const run = spawnSync("npm", ["run", "--silent", "score", "--", ...files], { cwd: root, encoding: "utf8" });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe("npm run score", () => {
  const dir = mkdtempSync(join(tmpdir(), "protokoll-score-"));
  const bad = join(dir, "bad.json");
  writeFileSync(
    bad,
    JSON.stringify({
      variant: "knektpass",
      players: ["A", "B", "C"],
      deals: [{ entries: { A: { plays: true, tricks: 3 }, B: { plays: true, tricks: 3 }, C: { plays: false } } }],
    }),
  );
  const notJson = join(dir, "broken.json");
  writeFileSync(notJson, "{ not json");

  it("prints one JSON line per file, matching the expected output", () => {
    const run = score(fixture("knektpass-example.json"), fixture("norrlands-knack-example.json"));
    expect(run.status).toBe(0);
    expect(run.stderr).toBe("");
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toMatchObject(
      JSON.parse(readFileSync(fixture("knektpass-example.expected.json"), "utf8")),
    );
    expect(JSON.parse(lines[1]!)).toMatchObject(
      JSON.parse(readFileSync(fixture("norrlands-knack-example.expected.json"), "utf8")),
    );
  });

  it("an invalid file prints nothing on stdout, names file and deal on stderr, goes on, and exits 2", () => {
    const run = score(bad, notJson, fixture("knektpass-example.json"));
    expect(run.status).toBe(2);
    expect(run.stdout.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toContain(`${bad}: deal 1: tricks add up to 6 — should be 5`);
    expect(run.stderr).toContain(`${notJson}: not valid JSON`);
  });

  it("without a file it prints a usage line and exits 2", () => {
    const run = score();
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^usage: /);
  });
});
