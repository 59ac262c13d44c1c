/**
 * Games from a table that plays its hands — a generator kept apart from the project's (`random-game.ts`) and from
 * the odds' model, to check the odds on games whose habits neither was written with: each deal gives every player
 * a hand (its strength, plus his own skill at the cards); a player plays when his hand is good enough for where he
 * stands (the leader cautious, those behind bolder), exchanges more the weaker his hand, and each trick goes to the
 * strongest hand after the exchange, give or take the play of the cards. Norrlands-Knack's first deal is knocked
 * by the strongest hand if it is good, and every hand plays along.
 */
import {
  createScorer,
  talonSize,
  type DealRecord,
  type EntryRecord,
  type GameRecord,
  type VariantId,
} from "@/lib/rules";

/** xorshift32: this generator's own, not the project's. */
function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 4294967296;
  };
}

const NAMES = ["Agda", "Bertil", "Cecilia", "Dagny", "Einar", "Frida", "Gösta", "Hedda", "Ivar", "Jenny"];
/** Skill at the cards, by name: the same player is as good in every game. */
const SKILL: Record<string, number> = Object.fromEntries(
  NAMES.map((n, i) => [n, [0.12, -0.05, 0.06, -0.1, 0, 0.09, -0.03, 0.03, -0.08, 0.01][i]!]),
);

export function handTableGames(seed: number, variant: VariantId, count: number, maxDeals = 150): GameRecord[] {
  const rnd = xorshift(seed);
  const games: GameRecord[] = [];
  while (games.length < count) {
    const n = variant === "knektpass" ? 3 + Math.floor(rnd() * 4) : 3 + Math.floor(rnd() * 3);
    const players = [...NAMES].sort(() => rnd() - 0.5).slice(0, n);
    const record: GameRecord = {
      variant,
      players,
      firstDealer: players[Math.floor(rnd() * n)]!,
      houseRules: rnd() < 0.3 ? { startScore: 8 + Math.floor(rnd() * 8) } : {},
      deals: [],
    };
    const created = createScorer(record, { detail: false });
    if (!created.ok) throw new Error("a hand table's game did not set up");
    const scorer = created.scorer;
    while (!scorer.isOver && record.deals.length < maxDeals) {
      const deal = handDeal(rnd, record, scorer.standing, scorer.firstDealNext, scorer.compulsionNext);
      if (!scorer.push(deal).ok) throw new Error("a hand table dealt a deal the rules refuse");
      record.deals.push(deal);
    }
    if (scorer.isOver) games.push(record);
  }
  return games;
}

function handDeal(
  rnd: () => number,
  record: GameRecord,
  scores: readonly number[],
  firstDeal: boolean,
  compulsion: boolean,
): DealRecord {
  const { players, variant } = record;
  const n = players.length;
  const hand = players.map((p) => (rnd() + rnd() + rnd()) / 3 + SKILL[p]!);
  const lowest = Math.min(...scores);
  const tricks = (seats: number[], strength: number[]) => {
    const taken = new Map(seats.map((s) => [s, 0]));
    for (let t = 0; t < 5; t++) {
      let best = seats[0]!;
      let top = -Infinity;
      for (const s of seats) {
        const play = strength[s]! + (rnd() - 0.5) * 0.5;
        if (play > top) {
          top = play;
          best = s;
        }
      }
      taken.set(best, taken.get(best)! + 1);
    }
    return taken;
  };
  const entries: Record<string, EntryRecord> = {};
  if (variant === "norrlands-knack" && firstDeal) {
    const strongest = hand.indexOf(Math.max(...hand));
    if (hand[strongest]! < 0.55) {
      for (const p of players) entries[p] = { plays: false };
      return { entries };
    }
    const taken = tricks(
      players.map((_, s) => s),
      hand,
    );
    players.forEach((p, s) => (entries[p] = { plays: s === strongest, tricks: taken.get(s)! }));
    return { entries };
  }
  const bar = (s: number) => (scores[s]! <= lowest ? 0.55 : scores[s]! - lowest > 6 ? 0.42 : 0.5);
  const seats = players.flatMap((_, s) => (hand[s]! > bar(s) ? [s] : []));
  const strength = [...hand];
  const exchanged: number[][] = players.map(() => []);
  if (variant === "knektpass") {
    let talon = talonSize("knektpass", n);
    for (const s of seats) {
      let cards = Math.min(talon, Math.round((0.9 - hand[s]!) * 6 * rnd()));
      talon -= Math.max(0, cards);
      while (cards > 0 && exchanged[s]!.length < 3) {
        const round = Math.min(3, cards);
        exchanged[s]!.push(round);
        cards -= round;
      }
      strength[s]! += 0.06 * exchanged[s]!.reduce((a, b) => a + b, 0);
    }
  }
  const taken = seats.length >= 2 ? tricks(seats, strength) : new Map<number, number>();
  players.forEach((p, s) => {
    if (!seats.includes(s)) return void (entries[p] = { plays: false });
    const entry: EntryRecord = { plays: true };
    if (variant === "knektpass" && exchanged[s]!.length)
      entry.exchanged = exchanged[s]!.length === 1 ? exchanged[s]![0]! : exchanged[s]!;
    if (seats.length >= 2) {
      entry.tricks = taken.get(s)!;
      if (variant === "norrlands-knack" && compulsion && rnd() < 0.05) entry.revoke = true;
    }
    entries[p] = entry;
  });
  return { entries };
}
