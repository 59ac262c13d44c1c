import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { scoreGame, validateGame, type GameRecord } from "@/lib/rules";
import { randomGame, seeded } from "@/tests/support/random-game";

/** A valid game, generated deal by deal with the engine's own view of the state. */
const games = (options: Parameters<typeof randomGame>[1] = {}) =>
  fc.integer({ min: 1, max: 2 ** 31 - 1 }).map((seed) => randomGame(seeded(seed), { maxDeals: 60, ...options }));

const runs = { numRuns: 300 };

describe("invariants over generated games", () => {
  it("every generated game is valid", () => {
    fc.assert(
      fc.property(games(), (g) => validateGame(g).length === 0),
      runs,
    );
  });

  it("Norrlands-Knack scores stay within 0 and the start score", () => {
    fc.assert(
      fc.property(games({ variant: "norrlands-knack" }), (g) => {
        const cap = g.houseRules?.startScore ?? 10;
        return scoreGame(g).deals.every((d) => Object.values(d.scores).every((s) => s >= 0 && s <= cap));
      }),
      runs,
    );
  });

  it("scores are never below 0 and passers never change", () => {
    fc.assert(
      fc.property(games(), (g) => {
        const r = scoreGame(g);
        return r.deals.every((d, i) => {
          const entries = g.deals[i]!.entries;
          return Object.entries(entries).every(([p, e]) => d.scores[p]! >= 0 && (e.plays || d.changes[p] === 0));
        });
      }),
      runs,
    );
  });

  it("a void deal changes nothing", () => {
    fc.assert(
      fc.property(games(), (g) =>
        scoreGame(g).deals.every((d) => !d.void || Object.values(d.changes).every((c) => c === 0)),
      ),
      runs,
    );
  });

  it("deleting the last deal equals scoring the shorter record", () => {
    fc.assert(
      fc.property(games(), fc.nat(), (g, cut) => {
        const full = scoreGame(g);
        const k = g.deals.length === 0 ? 0 : cut % g.deals.length;
        const shorter = scoreGame({ ...g, deals: g.deals.slice(0, k) });
        expect(shorter.deals).toEqual(full.deals.slice(0, k));
        if (k > 0) expect(shorter.scores).toEqual(full.deals[k - 1]!.scores);
      }),
      runs,
    );
  });

  it("a game never continues after a winner", () => {
    fc.assert(
      fc.property(games({ maxDeals: 400 }), (g: GameRecord) => {
        const r = scoreGame(g);
        fc.pre(r.winners.length > 0);
        expect(r.nextDealer).toBeNull();
        expect(r.deals.at(-1)!.winners).toEqual(r.winners);
        const more = { ...g, deals: [...g.deals, g.deals.at(-1)!] };
        expect(validateGame(more).map((p) => [p.code, p.deal])).toEqual([["game.over", g.deals.length + 1]]);
      }),
      { numRuns: 100 },
    );
  });

  it("limpa counts equal the limpa lines drawn, and the dealer moves one seat per played deal", () => {
    fc.assert(
      fc.property(games(), (g) => {
        const r = scoreGame(g);
        for (const p of g.players) expect(r.limpa[p]).toBe(r.deals.filter((d) => d.limpa.includes(p)).length);
        const seat = (p: string) => g.players.indexOf(p);
        const redealNext = g.houseRules?.redealDealer === "next";
        r.deals.slice(1).forEach((d, i) => {
          const prev = r.deals[i]!;
          const step = prev.void && !redealNext ? 0 : 1;
          expect(seat(d.dealer)).toBe((seat(prev.dealer) + step) % g.players.length);
        });
      }),
      runs,
    );
  });

  it("changing one played trick count breaks the sum and is refused at that deal", () => {
    fc.assert(
      fc.property(games(), fc.nat(), (g, pick) => {
        const played = g.deals
          .map((d, i) => ({
            d,
            i,
            seats: Object.entries(d.entries).filter(([, e]) => e.plays && e.tricks !== undefined),
          }))
          .filter((x) => x.seats.length >= 2);
        fc.pre(played.length > 0);
        const { d, i, seats } = played[pick % played.length]!;
        const [name, entry] = seats[pick % seats.length]!;
        const tricks = entry.tricks === 5 ? 4 : entry.tricks! + 1;
        const broken = structuredClone(g);
        broken.deals[i] = { entries: { ...d.entries, [name]: { ...entry, tricks } } };
        const problems = validateGame(broken);
        expect(problems[0]).toMatchObject({ code: "tricks.sum", deal: i + 1 });
      }),
      runs,
    );
  });
});
