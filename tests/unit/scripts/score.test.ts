import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ordinal, rate, rating } from "openskill";
import { evaluateGame } from "@/lib/rules";
import { handTableGames } from "@/tests/support/hand-table";
import { fitSoftmax, positionsOf, softmaxChances } from "@/tests/support/softmax";

/** The `score` command as a user runs it (README "Seasons and records"). */
function score(...args: string[]) {
  // A command that hangs (a pipe read to its end) is stopped and fails the test, instead of holding the run.
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/score.ts", ...args], {
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

const dir = "tests/fixtures/records/season";
const files = [
  "1-first-evening-game-1.json",
  "2-first-evening-game-2.json",
  "3-second-evening-game-1.json",
  "4-second-evening-game-2.json",
  "5-third-evening-game-1.json",
  "6-third-evening-game-2.json",
].map((f) => path.join(dir, f));

// Each case starts the command as a process of its own (about a second each, more on a busy machine).
describe("score --season (the README's worked example)", { timeout: 60_000 }, () => {
  it("prints the table in order and the records, each with where it was set", () => {
    const run = score("--season", ...files);
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.season.map((r: { player: string; points: number }) => [r.player, r.points])).toEqual([
      ["A", 6],
      ["C", 5],
      ["B", 3],
      ["D", 3],
    ]);
    expect(out.season[3]).toEqual({ player: "D", points: 3, evenings: 2, games: 4, wins: 1, limpas: 0, loneWins: 1 });
    expect(out.records).toContainEqual({
      record: "biggestComeback",
      player: "A",
      value: 1,
      evening: "Friday 6 February",
      game: files[3],
      deal: 1,
    });
  });

  it("--best 1 counts each player's best evening", () => {
    const out = JSON.parse(score("--season", "--best", "1", ...files).stdout);
    expect(out.season.map((r: { player: string; points: number }) => [r.player, r.points])).toEqual([
      ["C", 4],
      ["A", 3],
      ["B", 3],
      ["D", 3],
    ]);
  });

  it("refuses records of both games, a bad --best and a bad date, printing nothing on stdout", () => {
    const mixed = score("--season", files[0]!, "tests/fixtures/records/norrlands-knack-example.json");
    expect(mixed).toMatchObject({ status: 2, stdout: "" });
    expect(mixed.stderr).toContain("mix knektpass and norrlands-knack");
    expect(score("--season", "--best", "0", ...files)).toMatchObject({ status: 2, stdout: "" });
    const tmp = mkdtempSync(path.join(tmpdir(), "season-"));
    const bad = path.join(tmp, "bad.json");
    writeFileSync(bad, JSON.stringify({ variant: "knektpass", players: ["A", "B"], deals: [], date: "soon" }));
    const run = score("--season", files[0]!, bad);
    expect(run).toMatchObject({ status: 2, stdout: "" });
    expect(run.stderr).toContain(`${bad}: "date" must be a date written YYYY-MM-DD`);
  });
});

describe("score reads game records only", { timeout: 120_000 }, () => {
  it("takes a byte order mark; refuses a pipe, a device and more deals than a game keeps; names what a history leaves out", () => {
    const tmp = mkdtempSync(path.join(tmpdir(), "score-files-"));
    const record = readFileSync(files[0]!, "utf8");
    const bom = path.join(tmp, "bom.json");
    writeFileSync(bom, `\uFEFF${record}`);
    expect(score(bom).status).toBe(0);

    const pipe = path.join(tmp, "pipe.json");
    expect(spawnSync("mkfifo", [pipe]).status).toBe(0);
    const zero = path.join(tmp, "zero.json");
    symlinkSync("/dev/zero", zero);
    const long = path.join(tmp, "long.json");
    const pass = { entries: { A: { plays: false }, B: { plays: false } } };
    writeFileSync(long, JSON.stringify({ variant: "knektpass", players: ["A", "B"], deals: Array(1001).fill(pass) }));
    const refused = score(pipe, zero, long);
    expect(refused).toMatchObject({ status: 2, stdout: "" });
    expect(refused.stderr).toContain(`${pipe}: not a regular file`);
    expect(refused.stderr).toContain(`${zero}: not a regular file`);
    expect(refused.stderr).toContain(`${long}: 1001 deals: a game has at most 1000`);

    // A history folder with a record, a note that is JSON but no record, a pipe and a device: the odds are worked
    // out from the record, and each file left out is named.
    const history = mkdtempSync(path.join(tmpdir(), "score-history-"));
    writeFileSync(path.join(history, "game.json"), record);
    writeFileSync(path.join(history, "notes.json"), JSON.stringify({ note: "Fredagsgänget" }));
    expect(spawnSync("mkfifo", [path.join(history, "pipe.json")]).status).toBe(0);
    symlinkSync("/dev/zero", path.join(history, "zero.json"));
    const odds = score("--odds", "--history-dir", history, files[0]!);
    expect(odds.status).toBe(0);
    expect(JSON.parse(odds.stdout).odds.length).toBeGreaterThan(1);
    for (const name of ["notes.json", "pipe.json", "zero.json"])
      expect(odds.stderr).toContain(`${path.join(history, name)}: left out of the history`);
    expect(odds.stderr).not.toContain("game.json");
    // A folder with nothing to learn from says the odds are the prior's.
    const empty = mkdtempSync(path.join(tmpdir(), "score-empty-"));
    const prior = score("--odds", "--history-dir", empty, files[0]!);
    expect(prior.status).toBe(0);
    expect(prior.stderr).toContain(`${empty}: no game record (*.json) to learn from: the odds are the prior's`);
  });
});

describe("score --ratings", { timeout: 60_000 }, () => {
  it("prints what the openskill package gives for the same rankings, unfinished games skipped", () => {
    const run = score("--ratings", ...files);
    expect(run.status).toBe(0);
    // The fixtures' finished games by hand (lower rank is better; equal scores share a rank):
    // A | B, C  ·  B | C | A  ·  D | A, B  ·  A | B, D  ·  (unfinished)  ·  C | A, B, D
    const r: Record<string, { mu: number; sigma: number }> = {};
    const play = (ranks: Record<string, number>) => {
      const names = Object.keys(ranks);
      const out = rate(
        names.map((n) => [r[n] ?? rating()]),
        { rank: names.map((n) => ranks[n]!) },
      );
      names.forEach((n, i) => (r[n] = out[i]![0]!));
    };
    play({ A: 1, B: 2, C: 2 });
    play({ A: 3, B: 1, C: 2 });
    play({ A: 2, B: 2, D: 1 });
    play({ A: 1, B: 2, D: 2 });
    play({ A: 2, B: 2, C: 1, D: 2 });
    const expected = Object.fromEntries(
      Object.entries(r).map(([n, x]) => [n, { mu: x.mu, sigma: x.sigma, ordinal: ordinal(x) }]),
    );
    expect(JSON.parse(run.stdout)).toEqual({ ratings: expected });
  });
});

describe(
  "score --odds on a table neither the model nor the project's generator was written with",
  { timeout: 180_000 },
  () => {
    it("does no worse than the distance-from-the-leader heuristic fitted on the same history", () => {
      for (const [variant, seed] of [
        ["knektpass", 11],
        ["norrlands-knack", 12],
      ] as const) {
        const history = mkdtempSync(path.join(tmpdir(), "protokoll-odds-history-"));
        const unseen = mkdtempSync(path.join(tmpdir(), "protokoll-odds-unseen-"));
        const games = handTableGames(seed, variant, 180);
        const learning = games.slice(0, 150);
        learning.forEach((g, i) => writeFileSync(path.join(history, `${i}.json`), JSON.stringify(g)));
        const files = games.slice(150).map((g, i) => {
          const file = path.join(unseen, `${i}.json`);
          writeFileSync(file, JSON.stringify(g));
          return file;
        });
        const run = score("--odds", "--history-dir", history, ...files);
        expect(run.stderr).toBe("");
        const lines = run.stdout
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l).odds as Record<string, number>[]);
        const temperature = fitSoftmax(learning);
        let odds = 0;
        let heuristic = 0;
        games.slice(150).forEach((record, i) => {
          const winners = evaluateGame(record).result!.winners;
          const won = (p: string) => (winners.includes(p) ? 1 / winners.length : 0);
          for (const { scorer, deals } of positionsOf(record)) {
            const closest = softmaxChances(scorer.standing, temperature);
            record.players.forEach((p, s) => {
              odds += (lines[i]![deals]![p]! - won(p)) ** 2;
              heuristic += (closest[s]! - won(p)) ** 2;
            });
          }
        });
        expect(odds, variant).toBeLessThan(heuristic);
      }
    });
  },
);
