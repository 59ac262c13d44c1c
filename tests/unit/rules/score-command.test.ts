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

// Each test starts the command through npm and tsx, which takes seconds when the machine is busy (npm test
// runs its steps side by side).
describe("npm run score", { timeout: 30_000 }, () => {
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

  it("a record with stakes gets its settlement; one with bad stakes is refused like any bad record", () => {
    const knack = {
      variant: "norrlands-knack",
      players: ["A", "B", "C", "D"],
      deals: [
        { entries: { A: { plays: false }, B: { plays: true, tricks: 5 }, C: { plays: false }, D: { plays: false } } },
        {
          entries: {
            A: { plays: true, tricks: 0 },
            B: { plays: true, tricks: 3 },
            C: { plays: true, tricks: 2 },
            D: { plays: false },
          },
        },
        {
          entries: {
            A: { plays: true, tricks: 0 },
            B: { plays: true, tricks: 2 },
            C: { plays: true, tricks: 3 },
            D: { plays: false },
          },
        },
      ],
    };
    const files = {
      stakes: { ...knack, stakes: { currency: "SEK", perGame: 500, perPoint: 100, perLimpa: 200 } },
      zero: { ...knack, stakes: {} },
      negative: { ...knack, stakes: { perGame: -5 } },
      currency: { ...knack, stakes: { currency: "kronor" } },
    };
    const path = (name: keyof typeof files) => {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify(files[name]));
      return file;
    };
    const run = score(path("stakes"), path("zero"), fixture("knektpass-example.json"));
    expect(run.status).toBe(0);
    const [withStakes, zero, plain] = run.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(withStakes.winners).toEqual(["B"]);
    expect(withStakes.settlement).toEqual({
      currency: "SEK",
      net: { A: -1900, B: 4400, C: -1000, D: -1500 },
      payments: [
        { from: "A", to: "B", amount: 1900 },
        { from: "D", to: "B", amount: 1500 },
        { from: "C", to: "B", amount: 1000 },
      ],
    });
    expect(zero.settlement).toEqual({ currency: "SEK", net: { A: 0, B: 0, C: 0, D: 0 }, payments: [] });
    expect(plain).not.toHaveProperty("settlement");

    const refused = score(path("negative"), path("currency"));
    expect(refused.status).toBe(2);
    expect(refused.stdout).toBe("");
    expect(refused.stderr).toContain(
      "stakes: perGame must be a whole number of minor units from 0 to 100000000, not -5",
    );
    expect(refused.stderr).toContain('stakes: "kronor" is not a three-letter ISO 4217 currency code');
  });
});
