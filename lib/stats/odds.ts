/**
 * Live odds: each player's chance of winning the game from where it stands, by playing the rest of the game many
 * times with the real rules engine (a fork of the game's scorer), each simulated deal drawn from a model of how
 * deals fall — learned from recorded games of the same variant, or a prior without them (decision 022). Pure and
 * seeded: the same position, model and seed give the same odds.
 */
import {
  cardsExchanged,
  createScorer,
  exchangeRounds,
  talonSize,
  type DealRecord,
  type EntryRecord,
  type GameRecord,
  type GameScorer,
  type ParsedDeal,
  type VariantId,
} from "@/lib/rules";

export type Random = () => number;

/** A small, fast, seedable generator (mulberry32). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Where a player stands before a deal, as the model tells situations apart. */
type Situation = "ahead" | "behind" | "atOne";
const SITUATIONS: Situation[] = ["ahead", "behind", "atOne"];

/** Counts behind one rate: how often something happened out of how many times it could. */
interface Tally {
  yes: number;
  of: number;
}

/** What the history shows of one player (by name), weighed against the table's where he has few deals. */
export interface PlayerHabits {
  /** Per situation, how often he plays (knocks). */
  plays: Record<Situation, Tally>;
  /** Knektpass: how many cards he exchanges when he plays (index = cards, 0–9). */
  exchanged: number[];
  /** His strength at the cards: each trick falls to a player in proportion to his (1 = as strong as the prior). */
  strength: number;
  /** The tricks he took in hands whose tricks are all recorded, and how many of those hands he played. */
  tricks: number;
  hands: number;
}

/** How a variant's deals fall at a table: who plays, the cards exchanged, how the tricks fall, all passing. */
export interface DealModel {
  variant: VariantId;
  /** The table's: per situation, how often a player plays (knocks). */
  plays: Record<Situation, Tally>;
  /** The table's, Knektpass: how many cards a player who plays exchanges (index = cards, 0–9). */
  exchanged: number[];
  /**
   * Knektpass: for each count of cards exchanged (0–9), how often the largest of its rounds held 0–5 cards — the
   * quota under the house rule `quota: "largestRound"` (RULES.md K7).
   */
  largestRound: number[][];
  /**
   * How the tricks lean by what a player did, as a weight beside his strength — Knektpass: by the cards he
   * exchanged (index 0–9; a player who exchanged more has more to take tricks with, or exchanged because he
   * could); Norrlands-Knack: [a player who knocked or plays along, the first deal's knocker].
   */
  trickWeight: number[];
  /** Norrlands-Knack's first deal: how often everyone passes. */
  firstDealPass: Tally;
  /** Norrlands-Knack: how often a knocker in a hand played under trumftvång revokes (a limpa, RULES.md N8). */
  revokes: Tally;
  /** Each player's own habits, by name, for the players of the history. */
  players: Record<string, PlayerHabits>;
  /**
   * How far from the leader a player's chance falls off at this table (`closestWins`): what a rollout still open at
   * the deal cap counts for, fitted on the history's positions (the prior's without finished games).
   */
  temperature: number;
}

/**
 * The prior: what a model starts from before any recorded deal, and what little history is weighed against —
 * about half the table plays a deal, a few cards are exchanged, a first deal is seldom passed by all, a player who
 * exchanged more takes more tricks (players exchange what they expect to cover), every player equally strong.
 */
const PRIOR_WEIGHT = 20;
const PRIOR_PLAY: Record<VariantId, number> = { knektpass: 0.55, "norrlands-knack": 0.6 };
const PRIOR_EXCHANGED = [6, 5, 5, 4, 3, 2, 1, 1, 0.5, 0.5];
/** Knektpass: each card exchanged multiplies a player's weight for the tricks by this, in the prior. */
const PRIOR_PER_CARD = 1.8;
/** How many deals of the table's own rates a player's few deals are weighed against. */
const PLAYER_WEIGHT = 20;
/** How many tricks at the prior's weight a player's strength (and each trick weight) is weighed against. */
const STRENGTH_WEIGHT = 30;

const priorTrickWeight = (variant: VariantId) =>
  variant === "knektpass" ? PRIOR_EXCHANGED.map((_, c) => PRIOR_PER_CARD ** c) : [1, 1];

export function priorModel(variant: VariantId): DealModel {
  const p = PRIOR_PLAY[variant];
  return {
    variant,
    plays: Object.fromEntries(SITUATIONS.map((s) => [s, { yes: p * PRIOR_WEIGHT, of: PRIOR_WEIGHT }])) as Record<
      Situation,
      Tally
    >,
    exchanged: [...PRIOR_EXCHANGED],
    largestRound: PRIOR_EXCHANGED.map((_, cards) =>
      [0, 0, 0, 0, 0, 0].map((_, most) => (most === Math.min(cards, 5) ? 1 : 0)),
    ),
    trickWeight: priorTrickWeight(variant),
    firstDealPass: { yes: 0.1 * PRIOR_WEIGHT, of: PRIOR_WEIGHT },
    revokes: { yes: 0.05 * PRIOR_WEIGHT, of: PRIOR_WEIGHT },
    players: {},
    temperature: PRIOR_TEMPERATURE[variant],
  };
}

/** The temperature of `closestWins` before any finished game: about what tables of either game show. */
const PRIOR_TEMPERATURE: Record<VariantId, number> = { knektpass: 4, "norrlands-knack": 3 };
/** Fewer finished games than this leave the prior's temperature. */
const TEMPERATURE_GAMES = 10;

/**
 * Each player's chance by his distance from the leader alone — `exp(-(score - lowest) / temperature)`, normalised
 * (seat order): what a rollout still open at the deal cap counts for, and the one-line heuristic `bench:odds`
 * holds the odds against.
 */
export function closestWins(scores: readonly number[], temperature: number): number[] {
  const lowest = Math.min(...scores);
  const weights = scores.map((s) => Math.exp(-(s - lowest) / temperature));
  const total = weights.reduce((a, b) => a + b, 0);
  return weights.map((w) => w / total);
}

/** The temperature with the least Brier score over these positions (their scores, and each player's share won). */
export function fitTemperature(positions: { scores: readonly number[]; won: number[] }[], fallback: number): number {
  let best = { t: fallback, brier: Infinity };
  if (!positions.length) return fallback;
  for (let t = 0.25; t <= 64; t *= 1.05) {
    let brier = 0;
    for (const { scores, won } of positions) closestWins(scores, t).forEach((q, s) => (brier += (q - won[s]!) ** 2));
    if (brier < best.brier) best = { t, brier };
  }
  return best.t;
}

/** Where a player at `score` stands before a deal whose lowest score is `lowest`. */
function situationOf(score: number, lowest: number): Situation {
  if (score <= 1) return "atOne";
  return score <= lowest ? "ahead" : "behind";
}

function habitsOf(model: DealModel, name: string): PlayerHabits {
  let habits = Object.hasOwn(model.players, name) ? model.players[name] : undefined;
  if (!habits) {
    habits = {
      plays: { ahead: { yes: 0, of: 0 }, behind: { yes: 0, of: 0 }, atOne: { yes: 0, of: 0 } },
      exchanged: new Array<number>(10).fill(0),
      strength: 1,
      tricks: 0,
      hands: 0,
    };
    model.players[name] = habits;
  }
  return habits;
}

/** A hand whose tricks are all recorded: who played, how each leans (index into `trickWeight`), their tricks. */
interface Hand {
  players: PlayerHabits[];
  lean: number[];
  tricks: number[];
}

/**
 * The players' strengths and the trick weights that make the recorded hands likeliest, each trick falling to a
 * player in proportion to strength × weight — a multinomial logit fitted by minorisation–maximisation (Hunter,
 * "MM algorithms for generalized Bradley–Terry models", 2004), each figure pulled towards the prior's by
 * `STRENGTH_WEIGHT` tricks, so that a player of a few hands stays near 1.
 */
function fitTricks(model: DealModel, hands: Hand[]): void {
  if (!hands.length) return;
  const prior = priorTrickWeight(model.variant);
  const weights = model.trickWeight;
  const people = [...new Set(hands.flatMap((h) => h.players))];
  const taken = new Map<PlayerHabits, number>();
  const takenBy = new Array<number>(weights.length).fill(0);
  for (const hand of hands)
    hand.players.forEach((p, i) => {
      taken.set(p, (taken.get(p) ?? 0) + hand.tricks[i]!);
      takenBy[hand.lean[i]!]! += hand.tricks[i]!;
    });
  const total = (hand: Hand) => hand.players.reduce((sum, p, i) => sum + p.strength * weights[hand.lean[i]!]!, 0);
  for (let round = 0; round < 25; round++) {
    const expected = new Map<PlayerHabits, number>();
    for (const hand of hands) {
      const t = total(hand);
      hand.players.forEach((p, i) => expected.set(p, (expected.get(p) ?? 0) + (5 * weights[hand.lean[i]!]!) / t));
    }
    for (const p of people) p.strength = (taken.get(p)! + STRENGTH_WEIGHT) / (expected.get(p)! + STRENGTH_WEIGHT);
    const expectedBy = new Array<number>(weights.length).fill(0);
    for (const hand of hands) {
      const t = total(hand);
      hand.players.forEach((p, i) => (expectedBy[hand.lean[i]!]! += (5 * p.strength) / t));
    }
    for (let r = 0; r < weights.length; r++)
      weights[r] = (takenBy[r]! + STRENGTH_WEIGHT) / (expectedBy[r]! + STRENGTH_WEIGHT / prior[r]!);
  }
}

/** The model learned from recorded games of one variant (others are ignored), on top of the prior. */
export function learnModel(variant: VariantId, games: GameRecord[]): DealModel {
  const model = priorModel(variant);
  const hands: Hand[] = [];
  const positions: { scores: readonly number[]; won: number[] }[] = [];
  let finished = 0;
  for (const record of games) {
    if (record.variant !== variant) continue;
    const created = createScorer(record, { detail: false });
    if (!created.ok) continue;
    const scorer = created.scorer;
    const habits = record.players.map((p) => habitsOf(model, p));
    const from = positions.length;
    for (const deal of record.deals) {
      positions.push({ scores: [...scorer.standing], won: [] });
      const next = scorer.upcoming();
      if (!next) break;
      const scores = scorer.standing;
      const lowest = Math.min(...scores);
      const entries = record.players.map((p) => deal.entries[p]);
      const playing = entries.flatMap((e, s) => (e?.plays ? [s] : []));
      let hand: number[] = [];
      if (variant === "norrlands-knack" && next.firstDeal) {
        model.firstDealPass.of++;
        if (!playing.length) model.firstDealPass.yes++;
        // Everyone plays the first deal's hand along with its knocker (RULES.md N3).
        if (playing.length === 1) hand = record.players.map((_, s) => s);
      } else {
        entries.forEach((entry, seat) => {
          if (!entry) return;
          const situation = situationOf(scores[seat]!, lowest);
          for (const tally of [model.plays[situation], habits[seat]!.plays[situation]]) {
            tally.of++;
            if (entry.plays) tally.yes++;
          }
          if (entry.plays && variant === "knektpass") {
            const cards = Math.min(cardsExchanged(entry), 9);
            model.exchanged[cards]! += 1;
            model.largestRound[cards]![Math.min(5, Math.max(0, ...exchangeRounds(entry)))]! += 1;
            habits[seat]!.exchanged[cards]! += 1;
          }
          if (entry.plays && variant === "norrlands-knack" && next.trumpCompulsion && playing.length >= 2) {
            model.revokes.of++;
            if (entry.revoke) model.revokes.yes++;
          }
        });
        if (playing.length >= 2) hand = playing;
      }
      const tricks = hand.map((s) => entries[s]?.tricks ?? -1);
      if (hand.length && tricks.every((t) => t >= 0) && tricks.reduce((a, b) => a + b, 0) === 5) {
        hands.push({
          players: hand.map((s) => habits[s]!),
          lean: hand.map((s) =>
            variant === "knektpass" ? Math.min(cardsExchanged(entries[s]!), 9) : entries[s]!.plays ? 1 : 0,
          ),
          tricks,
        });
        for (const s of hand) habits[s]!.hands++;
        hand.forEach((s, i) => (habits[s]!.tricks += tricks[i]!));
      }
      if (!scorer.push(deal).ok) break;
    }
    if (scorer.isOver) {
      const won = record.players.map((_, s) => (scorer.winnerSeats.includes(s) ? 1 / scorer.winnerSeats.length : 0));
      for (const position of positions.slice(from)) position.won = won;
      finished++;
    } else positions.length = from;
  }
  if (finished >= TEMPERATURE_GAMES) model.temperature = fitTemperature(positions, model.temperature);
  // A first deal's knocker leans as "knocked" only in the first deal: every other hand's players are at index 0.
  if (variant === "norrlands-knack") for (const h of hands) if (h.players.length && !h.lean.includes(1)) h.lean.fill(0);
  fitTricks(model, hands);
  return model;
}

const rate = (t: Tally) => t.yes / t.of;

/**
 * How many random numbers a simulated deal reads per seat — whether he plays, his exchange, one per trick, a
 * revoke, the first deal's knock, his exchange's largest round — and after all seats' the deal's own (a first deal
 * passed by all). Each seat
 * reads its own, always the same number of them, so the rollouts of one group can hand the same numbers to other
 * seats (see `rollingOut`). The tricks' are exponential (each trick goes to the seat whose number, by his weight,
 * runs out first); the others uniform.
 */
const SEAT_DRAWS = 10;
const PLAYS = 0;
const EXCHANGE = 1;
const TRICK = 2;
const REVOKE = 7;
const KNOCK = 8;
const ROUND = 9;

/**
 * A model ready to draw a table's deals from, worked out once per model and table (rollouts draw hundreds of
 * thousands of deals): per seat, the rates as numbers — the player's own weighed against the table's — his
 * exchanges summed up to 1, his strength; and the deal it draws into, reused.
 */
interface TableSampler {
  n: number;
  knektpass: boolean;
  talon: number;
  plays: Float64Array;
  exchange: Float64Array[];
  /** For each count of cards exchanged, its largest round's cumulative weights (0–5). */
  largest: Float64Array[];
  strength: Float64Array;
  trickWeight: number[];
  firstDealPass: number;
  revoke: number;
  deal: ParsedDeal;
  weight: Float64Array;
  seats: number[];
  /** Where seat s's numbers start in a row, for the rollout's rotation (`rotate`). */
  base: Int32Array;
}
const samplers = new WeakMap<DealModel, Map<string, TableSampler>>();

function samplerOf(model: DealModel, players: readonly string[]): TableSampler {
  let byTable = samplers.get(model);
  if (!byTable) samplers.set(model, (byTable = new Map()));
  const key = players.join("\u0000");
  let sampler = byTable.get(key);
  if (sampler) return sampler;
  const n = players.length;
  const tableTotal = model.exchanged.reduce((a, b) => a + b, 0);
  const plays = new Float64Array(n * SITUATIONS.length);
  const exchange: Float64Array[] = [];
  const strength = new Float64Array(n);
  players.forEach((name, s) => {
    const own = Object.hasOwn(model.players, name) ? model.players[name] : undefined;
    SITUATIONS.forEach((situation, i) => {
      const table = rate(model.plays[situation]);
      const mine = own?.plays[situation] ?? { yes: 0, of: 0 };
      plays[s * SITUATIONS.length + i] = (mine.yes + PLAYER_WEIGHT * table) / (mine.of + PLAYER_WEIGHT);
    });
    const counts = own?.exchanged ?? [];
    const played = counts.reduce((a, b) => a + b, 0);
    const weights = model.exchanged.map((w, c) => (counts[c] ?? 0) + (PLAYER_WEIGHT * w) / tableTotal);
    const cumulative = new Float64Array(weights.length);
    weights.reduce((sum, w, c) => (cumulative[c] = sum + w / (played + PLAYER_WEIGHT)), 0);
    exchange.push(cumulative);
    strength[s] = own?.strength ?? 1;
  });
  const zeros = () => new Array<number>(n).fill(0);
  sampler = {
    n,
    knektpass: model.variant === "knektpass",
    talon: talonSize(model.variant, n),
    plays,
    exchange,
    largest: model.largestRound.map((row) => {
      const total = row.reduce((a, b) => a + b, 0) || 1;
      const cumulative = new Float64Array(row.length);
      row.reduce((sum, w, i) => (cumulative[i] = sum + w / total), 0);
      return cumulative;
    }),
    strength,
    trickWeight: [...model.trickWeight],
    firstDealPass: rate(model.firstDealPass),
    revoke: rate(model.revokes),
    deal: {
      plays: new Array<boolean>(n).fill(false),
      exchangedSum: zeros(),
      exchangedMax: zeros(),
      tricks: zeros(),
      revoke: new Array<boolean>(n).fill(false),
    },
    weight: new Float64Array(n),
    seats: [],
    base: new Int32Array(n),
  };
  byTable.set(key, sampler);
  if (byTable.size > 64) byTable.delete(byTable.keys().next().value!);
  return sampler;
}

/** Seat s reads the numbers of seat (s + rotation) mod n. */
function rotate(sampler: TableSampler, rotation: number): void {
  for (let s = 0; s < sampler.n; s++) sampler.base[s] = ((s + rotation) % sampler.n) * SEAT_DRAWS;
}

/** The count whose cumulative weight first passes `u` (0..length-1). */
function inverse(cumulative: Float64Array, u: number): number {
  for (let i = 0; i < cumulative.length - 1; i++) if (u < cumulative[i]!) return i;
  return cumulative.length - 1;
}

/** Fills a row of random numbers for a deal of `n` seats (see `SEAT_DRAWS`). */
function fillRow(rnd: Random, row: Float64Array): Float64Array {
  for (let i = 0; i < row.length; i++) row[i] = rnd();
  for (let base = 0; base + SEAT_DRAWS <= row.length; base += SEAT_DRAWS)
    for (let t = TRICK; t < TRICK + 5; t++) row[base + t] = -Math.log(1 - row[base + t]!);
  return row;
}

/** Five tricks to these seats, each to the seat whose exponential number, by his weight, runs out first. */
function dealTricks(sampler: TableSampler, row: Float64Array, seats: number[]): void {
  const { base, weight, deal } = sampler;
  for (const s of seats) deal.tricks[s] = 0;
  for (let t = 0; t < 5; t++) {
    let to = seats[0]!;
    let first = Infinity;
    for (const s of seats) {
      const clock = row[base[s]! + TRICK + t]! / weight[s]!;
      if (clock < first) {
        first = clock;
        to = s;
      }
    }
    deal.tricks[to]!++;
  }
}

/**
 * A simulated next deal of the scorer's game, in seat order (`sampler.deal`, overwritten by the next), drawn from
 * the model with the random numbers in `row` — seat s reads those of seat (s + rotation) mod n. Valid by the rules.
 */
function drawSeated(sampler: TableSampler, scorer: GameScorer, row: Float64Array): ParsedDeal {
  const { n, deal, weight, seats, base } = sampler;
  for (let s = 0; s < n; s++) {
    deal.plays[s] = false;
    deal.exchangedSum[s] = 0;
    deal.exchangedMax[s] = 0;
    deal.tricks[s] = -1;
    deal.revoke[s] = false;
  }
  seats.length = 0;
  if (!sampler.knektpass && scorer.firstDealNext) {
    if (row[n * SEAT_DRAWS]! < sampler.firstDealPass) return deal;
    let knocker = 0;
    let lowest = Infinity;
    for (let s = 0; s < n; s++) {
      const u = row[base[s]! + KNOCK]!;
      if (u < lowest) {
        lowest = u;
        knocker = s;
      }
    }
    for (let s = 0; s < n; s++) {
      seats.push(s);
      weight[s] = sampler.strength[s]! * sampler.trickWeight[s === knocker ? 1 : 0]!;
    }
    dealTricks(sampler, row, seats);
    deal.plays[knocker] = true;
    deal.revoke[knocker] = scorer.compulsionNext && row[base[knocker]! + REVOKE]! < sampler.revoke;
    return deal;
  }
  const scores = scorer.standing;
  let lowest = Infinity;
  for (let s = 0; s < n; s++) if (scores[s]! < lowest) lowest = scores[s]!;
  for (let s = 0; s < n; s++) {
    const score = scores[s]!;
    const situation = score <= 1 ? 2 : score <= lowest ? 0 : 1; // SITUATIONS: ahead, behind, at one
    if (row[base[s]! + PLAYS]! < sampler.plays[s * 3 + situation]!) {
      deal.plays[s] = true;
      seats.push(s);
    }
  }
  let talon = sampler.talon;
  for (const s of seats) {
    let lean = 0;
    if (sampler.knektpass) {
      const cards = Math.min(inverse(sampler.exchange[s]!, row[base[s]! + EXCHANGE]!), talon);
      talon -= cards;
      // The largest round: at most the five cards of a hand and the cards in all, at least a third (three rounds).
      const largest = inverse(sampler.largest[cards]!, row[base[s]! + ROUND]!);
      deal.exchangedSum[s] = cards;
      deal.exchangedMax[s] = Math.max(Math.min(largest, cards, 5), Math.ceil(cards / 3));
      lean = cards;
    }
    weight[s] = sampler.strength[s]! * sampler.trickWeight[lean]!;
  }
  if (seats.length < 2) return deal;
  dealTricks(sampler, row, seats);
  if (!sampler.knektpass && scorer.compulsionNext)
    for (const s of seats) deal.revoke[s] = row[base[s]! + REVOKE]! < sampler.revoke;
  return deal;
}

/** A simulated next deal of the scorer's game, drawn from the model (valid by the rules), as a record. */
export function drawDeal(rnd: Random, scorer: GameScorer, model: DealModel): DealRecord {
  const { players } = scorer.setup;
  const sampler = samplerOf(model, players);
  const row = fillRow(rnd, new Float64Array(players.length * SEAT_DRAWS + 1));
  rotate(sampler, 0);
  const deal = drawSeated(sampler, scorer, row);
  const entries: DealRecord["entries"] = {};
  players.forEach((name, s) => {
    const entry: EntryRecord = { plays: deal.plays[s]! };
    const cards = deal.exchangedSum[s]!;
    if (cards) {
      const rounds = [deal.exchangedMax[s]!];
      for (let rest = cards - rounds[0]!; rest > 0; rest -= rounds.at(-1)!) rounds.push(Math.min(rounds[0]!, rest));
      entry.exchanged = rounds.length === 1 ? cards : rounds;
    }
    if (deal.tricks[s]! >= 0) entry.tricks = deal.tricks[s]!;
    if (deal.revoke[s]) entry.revoke = true;
    entries[name] = entry;
  });
  return { entries };
}

/**
 * At most this many deals are simulated after the position; a rollout still open then counts as `closestWins`, the
 * table's own curve of a chance by the distance from the leader. Most games end within it (Knektpass from the
 * default start in 10–35 deals, Norrlands-Knack in fewer); a far end gains little from simulating further, and a
 * shorter look ahead leaves time for more rollouts (decision 022 has the figures for 60, 40, 30, 20 and 15).
 */
export const ROLLOUT_DEAL_CAP = 20;
/** A position is rolled out at least this many times (or until `DEAL_BUDGET` is spent)... */
export const ROLLOUTS = 500;
/** ...and on until every player's chance is this precise (its standard error), or... */
export const PRECISION = 0.005;
/** ...at most this many times, simulating at most this many deals in all (about 40 ms on one core here). */
export const MOST_ROLLOUTS = 6000;
export const DEAL_BUDGET = 25_000;

/**
 * The rollouts of one position, one per step (so a server can give way between them), ending with each player's
 * chance: the one loop behind `winChances` and `winChancesInSlices` (decision 022).
 *
 * Rollouts go in groups of one per seat that share their random numbers, each handing every seat's numbers to the
 * next seat round (rotation sampling): whatever luck one rollout gives a player — his cards, his tricks — another
 * of the group gives to each other player, which cancels some of the luck within a group. Each rollout on its own
 * is still a rest of the game drawn from the model: the numbers a seat reads are random whichever seat they were
 * drawn for. The groups are independent, so their spread tells how precise the chances are: after `rollouts`,
 * groups are added until every chance is within `PRECISION` (one standard error) — few where the game is nearly
 * decided, thousands where it is open — unless `MOST_ROLLOUTS` or `DEAL_BUDGET` comes first. The same position,
 * model and seed give the same chances.
 */
function* rollingOut(
  scorer: GameScorer,
  model: DealModel,
  rnd: Random,
  rollouts: number,
): Generator<void, Record<string, number>> {
  const { players } = scorer.setup;
  const n = players.length;
  const wins = new Array<number>(n).fill(0);
  if (scorer.isOver) {
    for (const s of scorer.winnerSeats) wins[s] = 1 / scorer.winnerSeats.length;
    return Object.fromEntries(players.map((p, s) => [p, wins[s]!]));
  }
  const sampler = samplerOf(model, players);
  const rows: Float64Array[] = [];
  const group = new Array<number>(n).fill(0);
  const squares = new Array<number>(n).fill(0);
  let groups = 0;
  let done = 0;
  let deals = 0;
  const precise = () => {
    if (groups < 2) return false;
    for (let s = 0; s < n; s++) {
      const mean = wins[s]! / done;
      // The variance of a group's mean share (groups of n rollouts), over the groups so far.
      const spread = (squares[s]! / groups - (mean * n) ** 2 / n ** 2) * (groups / (groups - 1));
      if (spread / groups > PRECISION ** 2) return false;
    }
    return true;
  };
  while (done < MOST_ROLLOUTS && deals < DEAL_BUDGET && (done < rollouts || !precise())) {
    group.fill(0);
    let filled = 0;
    for (let rotation = 0; rotation < n; rotation++) {
      const game = scorer.fork();
      rotate(sampler, rotation);
      for (let d = 0; d < ROLLOUT_DEAL_CAP && !game.isOver; d++) {
        if (d >= filled) {
          fillRow(rnd, (rows[d] ??= new Float64Array(n * SEAT_DRAWS + 1)));
          filled++;
        }
        if (!game.pushSeated(drawSeated(sampler, game, rows[d]!))) break;
        deals++;
      }
      done++;
      if (game.isOver) for (const s of game.winnerSeats) group[s]! += 1 / game.winnerSeats.length;
      else {
        const closest = closestWins(game.standing, model.temperature);
        for (let s = 0; s < n; s++) group[s]! += closest[s]!;
      }
      yield;
    }
    groups++;
    for (let s = 0; s < n; s++) {
      wins[s]! += group[s]!;
      squares[s]! += (group[s]! / n) ** 2;
    }
  }
  return Object.fromEntries(players.map((p, s) => [p, wins[s]! / done]));
}

/**
 * Each player's chance of winning from where `scorer` stands: his share of the wins of at least `rollouts` simulated
 * rests of the game, more until the chances are precise (`rollingOut`; a shared win split among its winners, a
 * rollout still open at the deal cap counted as `closestWins`). A finished game gives its winners' shares.
 */
export function winChances(
  scorer: GameScorer,
  model: DealModel,
  rnd: Random,
  rollouts = ROLLOUTS,
): Record<string, number> {
  const steps = rollingOut(scorer, model, rnd, rollouts);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * The chances before the first deal and after each deal of the record (one more entry than it has deals), every
 * position drawn from the same seed as the live odds are (common random numbers, decision 022).
 */
export function oddsOfGame(
  record: GameRecord,
  model: DealModel,
  seed: number,
  rollouts = ROLLOUTS,
): Record<string, number>[] | null {
  const created = createScorer(record, { detail: false });
  if (!created.ok) return null;
  const scorer = created.scorer;
  const out = [winChances(scorer, model, seededRandom(seed), rollouts)];
  for (const deal of record.deals) {
    if (!scorer.push(deal).ok) return null;
    out.push(winChances(scorer, model, seededRandom(seed), rollouts));
  }
  return out;
}

/** A server's rollouts give way to other work after about this many milliseconds of simulation. */
export const SLICE_MS = 0.25;

/**
 * `winChances` as a server works it out — the same rollouts, so the same chances — giving way (`pause`) after
 * every `SLICE_MS` of simulation, so the deals being saved and the live updates sharing the process never wait
 * for more than one slice.
 */
export async function winChancesInSlices(
  scorer: GameScorer,
  model: DealModel,
  rnd: Random,
  pause: () => Promise<void>,
  rollouts = ROLLOUTS,
): Promise<Record<string, number>> {
  const steps = rollingOut(scorer, model, rnd, rollouts);
  let sliceStart = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - sliceStart >= SLICE_MS) {
      await pause();
      sliceStart = performance.now();
    }
  }
}

/** A seed from text (FNV-1a): the same evening and version give the same odds on every instance. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
