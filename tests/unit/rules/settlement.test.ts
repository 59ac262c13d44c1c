import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseStakes, scoreGame, settle, settlePayments, type SettledGame, type Stakes } from "@/lib/rules";
import { deal, game, knocks, passes, plays } from "@/tests/support/records";
import { problemText } from "@/lib/i18n/dictionaries";

const SEK = (s: Partial<Stakes>): Stakes => ({ currency: "SEK", perGame: 0, perPoint: 0, perLimpa: 0, ...s });
const settled = (players: string[], result: ReturnType<typeof scoreGame>): SettledGame => ({
  players,
  winners: result.winners,
  scores: result.scores,
  limpa: result.limpa,
});

// Knektpass, three players: Bo plays alone three times and wins at 0 (Anna 12, Cecilia 12).
const ABC = ["Anna", "Bo", "Cecilia"];
const lone = (who: string) => deal(Object.fromEntries(ABC.map((p) => [p, p === who ? plays() : passes()])));
const boWins = scoreGame(game("knektpass", ABC, [lone("Bo"), lone("Bo"), lone("Bo")]));

// Norrlands-Knack, four players: two limpas (A twice), then A stands at 1 ... B wins.
const ABCD = ["A", "B", "C", "D"];
const knack = scoreGame(
  game("norrlands-knack", ABCD, [
    deal({ A: passes(), B: knocks(5), C: passes(), D: passes() }), // B 5
    deal({ A: knocks(0), B: knocks(3), C: knocks(2), D: passes() }), // A limpa 10, B 2, C 8
    deal({ A: knocks(0), B: knocks(2), C: knocks(3), D: passes() }), // A limpa 10, B 0: wins, C 5
  ]),
);

describe("settlement: worked examples", () => {
  it("per game: every player who did not win pays the winner", () => {
    const s = settle([settled(ABC, boWins)], SEK({ perGame: 500 }));
    expect(boWins.winners).toEqual(["Bo"]);
    expect(s.net).toEqual({ Anna: -500, Bo: 1000, Cecilia: -500 });
    expect(s.payments).toEqual([
      { from: "Anna", to: "Bo", amount: 500 },
      { from: "Cecilia", to: "Bo", amount: 500 },
    ]);
  });

  it("per point: the final score as shown, 0 for the winner", () => {
    const s = settle([settled(ABC, boWins)], SEK({ perPoint: 100 }));
    expect(s.net).toEqual({ Anna: -1200, Bo: 2400, Cecilia: -1200 });
    expect(s.games[0]!.lines.Anna).toMatchObject({ game: 0, points: 1200, limpa: 0, received: 0, net: -1200 });
  });

  it("per limpa: each limpa puts the amount into the pot, which the winner takes", () => {
    expect(knack.winners).toEqual(["B"]);
    expect(knack.limpa).toEqual({ A: 2, B: 0, C: 0, D: 0 });
    const s = settle([settled(ABCD, knack)], SEK({ perLimpa: 200 }));
    expect(s.net).toEqual({ A: -400, B: 400, C: 0, D: 0 });
    expect(s.games[0]!.lines.A).toMatchObject({ limpa: 400 });
  });

  it("all three at once, with the evening's record format", () => {
    const s = settle([settled(ABCD, knack)], SEK({ perGame: 500, perPoint: 100, perLimpa: 200 }));
    // A: 500 + 10 × 100 + 2 × 200 = 1900; C: 500 + 500 = 1000; D: 500 + 1000 = 1500; B receives 4400.
    expect(s.net).toEqual({ A: -1900, B: 4400, C: -1000, D: -1500 });
    expect(s.payments).toEqual([
      { from: "A", to: "B", amount: 1900 },
      { from: "D", to: "B", amount: 1500 },
      { from: "C", to: "B", amount: 1000 },
    ]);
  });

  it("a shared win splits evenly; the öre left over go one each to the winners in seat order", () => {
    const shared: SettledGame = {
      players: ["A", "B", "C", "D", "E"],
      winners: ["D", "B"],
      scores: { A: 3, B: 0, C: 4, D: 0, E: 0 },
      limpa: { A: 0, B: 0, C: 0, D: 0, E: 0 },
    };
    // E has 0 but did not win (tie "lowestRaw"): pays the game, no points. Pot 3 × 101 + 7 × 10 = 373.
    const s = settle([shared], SEK({ perGame: 101, perPoint: 10 }));
    expect(s.net).toEqual({ A: -131, B: 187, C: -141, D: 186, E: -101 });
    expect(Object.values(s.net).reduce((a, b) => a + b, 0)).toBe(0);
  });

  it("a game still unfinished when the evening ends moves nothing: its limpa payments are refunded", () => {
    const unfinished = scoreGame(game("norrlands-knack", ABCD, knackDealsUntilLimpa()));
    expect(unfinished.winners).toEqual([]);
    expect(unfinished.limpa.A).toBe(1);
    const s = settle([settled(ABCD, knack), settled(ABCD, unfinished)], SEK({ perGame: 500, perLimpa: 200 }));
    expect(s.games[1]).toMatchObject({ unfinished: true });
    expect(Object.values(s.games[1]!.lines).every((l) => l.net === 0)).toBe(true);
    expect(s.net).toEqual(settle([settled(ABCD, knack)], SEK({ perGame: 500, perLimpa: 200 })).net);
  });

  it("stakes all 0 settle to nothing, with no payments", () => {
    expect(settle([settled(ABC, boWins)], SEK({}))).toMatchObject({
      net: { Anna: 0, Bo: 0, Cecilia: 0 },
      payments: [],
    });
  });
});

function knackDealsUntilLimpa() {
  return [
    deal({ A: passes(), B: knocks(2), C: passes(), D: passes() }),
    deal({ A: knocks(0), B: knocks(3), C: knocks(2), D: passes() }),
  ];
}

describe("parseStakes", () => {
  it("reads whole minor units, 0 when absent, SEK by default", () => {
    expect(parseStakes({ perGame: 500 })).toEqual({
      stakes: { currency: "SEK", perGame: 500, perPoint: 0, perLimpa: 0 },
      problems: [],
    });
    expect(parseStakes({ currency: "EUR", perLimpa: 50 }).stakes).toMatchObject({ currency: "EUR", perLimpa: 50 });
  });

  it.each([
    [{ perGame: -1 }, "stakes: perGame must be a whole number of minor units from 0 to 100000000, not -1"],
    [{ perPoint: 2.5 }, "stakes: perPoint must be a whole number of minor units from 0 to 100000000, not 2.5"],
    [{ perLimpa: "5" }, 'stakes: perLimpa must be a whole number of minor units from 0 to 100000000, not "5"'],
    [{ currency: "kr" }, 'stakes: "kr" is not a three-letter ISO 4217 currency code (such as SEK)'],
    [{ currency: "XYZ" }, 'stakes: "XYZ" is not a three-letter ISO 4217 currency code (such as SEK)'],
    [{ perRound: 5 }, "stakes have no field perRound"],
    [[500], "stakes must be an object: currency, perGame, perPoint, perLimpa"],
  ])("refuses %j: %s", (input, message) => {
    const parsed = parseStakes(input);
    expect(parsed.stakes).toBeNull();
    expect(parsed.problems.map((p) => problemText(p, "en"))).toEqual([message]);
  });
});

// ---- Properties over any evening ----

const NAMES = ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"];
const gameArb = fc
  .integer({ min: 2, max: 10 })
  .chain((n) =>
    fc.record({
      players: fc.shuffledSubarray(NAMES, { minLength: n, maxLength: n }),
      winnerMask: fc.array(fc.boolean(), { minLength: n, maxLength: n }),
      scores: fc.array(fc.integer({ min: 0, max: 60 }), { minLength: n, maxLength: n }),
      limpa: fc.array(fc.integer({ min: 0, max: 6 }), { minLength: n, maxLength: n }),
    }),
  )
  .map(({ players, winnerMask, scores, limpa }): SettledGame => {
    const winners = players.filter((_, i) => winnerMask[i]);
    return {
      players,
      winners,
      scores: Object.fromEntries(players.map((p, i) => [p, winners.includes(p) ? 0 : scores[i]!])),
      limpa: Object.fromEntries(players.map((p, i) => [p, limpa[i]!])),
    };
  });
const stakesArb = fc.record({
  currency: fc.constant("SEK"),
  perGame: fc.integer({ min: 0, max: 100_000 }),
  perPoint: fc.integer({ min: 0, max: 10_000 }),
  perLimpa: fc.integer({ min: 0, max: 10_000 }),
});
const eveningArb = fc.array(gameArb, { minLength: 1, maxLength: 6 });

describe("settlement: properties", () => {
  it("nets sum to exactly 0; at most n − 1 payments, all positive, that bring everyone to 0", () => {
    fc.assert(
      fc.property(eveningArb, stakesArb, (games, stakes) => {
        const s = settle(games, stakes);
        const players = Object.keys(s.net);
        expect(Object.values(s.net).reduce((a, b) => a + b, 0)).toBe(0);
        expect(s.payments.length).toBeLessThanOrEqual(Math.max(0, players.length - 1));
        const after = { ...s.net };
        for (const p of s.payments) {
          expect(p.amount).toBeGreaterThan(0);
          expect(Number.isInteger(p.amount)).toBe(true);
          after[p.from]! += p.amount;
          after[p.to]! -= p.amount;
        }
        expect(Object.values(after).every((v) => v === 0)).toBe(true);
      }),
    );
  });

  it("a shared win never loses an öre: the winners receive exactly the pot, each within one öre of the others", () => {
    fc.assert(
      fc.property(gameArb, stakesArb, (g, stakes) => {
        const [money] = settle([g], stakes).games;
        const lines = Object.values(money!.lines);
        const owed = lines.reduce((t, l) => t + l.game + l.points + l.limpa, 0);
        const received = lines.reduce((t, l) => t + l.received, 0);
        expect(received).toBe(g.winners.length ? owed : 0);
        const shares = g.winners.map((w) => money!.lines[w]!.received);
        if (shares.length) expect(Math.max(...shares) - Math.min(...shares)).toBeLessThanOrEqual(1);
      }),
    );
  });

  it("reordering the seats changes nothing but which winner receives the indivisible remainder", () => {
    fc.assert(
      fc.property(gameArb, stakesArb, fc.integer({ min: 1, max: 9 }), (g, stakes, turn) => {
        const k = turn % g.players.length;
        const rotated = { ...g, players: [...g.players.slice(k), ...g.players.slice(0, k)] };
        const a = settle([g], stakes).net;
        const b = settle([rotated], stakes).net;
        for (const p of g.players) {
          if (!g.winners.includes(p)) expect(b[p]).toBe(a[p]);
          else expect(Math.abs(b[p]! - a[p]!)).toBeLessThanOrEqual(1);
        }
        const sum = (net: Record<string, number>) => g.winners.reduce((t, w) => t + net[w]!, 0);
        expect(sum(b)).toBe(sum(a));
      }),
    );
  });

  it("payments settle any nets that sum to 0", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000, max: 1_000_000 }), { minLength: 1, maxLength: 10 }), (xs) => {
        const players = xs.map((_, i) => NAMES[i]!);
        const net = Object.fromEntries(players.map((p, i) => [p, xs[i]!]));
        net[players[0]!] = -xs.slice(1).reduce((a, b) => a + b, 0);
        const payments = settlePayments(players, net);
        expect(payments.length).toBeLessThanOrEqual(players.length - 1);
        for (const p of payments) {
          net[p.from]! += p.amount;
          net[p.to]! -= p.amount;
        }
        expect(Object.values(net).every((v) => v === 0)).toBe(true);
      }),
    );
  });
});
