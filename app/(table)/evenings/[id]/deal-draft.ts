/**
 * The deal being entered on a phone, and what the rules engine says about it. Pure functions over the game
 * record: the browser checks a deal with the same engine the server uses before it is sent.
 *
 * The form asks as little as the rules allow: choosing a seat's cards or tricks marks it as playing, a playing
 * seat with no cards chosen exchanged 0, the last playing seat's tricks follow from the others' (they add up to
 * 5), a lone player needs no tricks, and the first Norrlands-Knack deal asks only the knocker's tricks.
 */
import {
  scorerAfter,
  exchangeRounds,
  evaluateGame,
  resolveHouseRules,
  VARIANTS,
  type DealRecord,
  type EntryRecord,
  type NextDeal,
  type GameRecord,
  type GameResult,
  type Problem,
} from "@/lib/rules";
import type { Entries } from "@/lib/rules";

export interface SeatDraft {
  plays: boolean | null;
  /** Cards exchanged: one total, or one value per round when the quota is the largest round. Empty = none chosen (0). */
  rounds: number[];
  tricks: number | null;
  revoke: boolean;
}

export type Draft = Record<string, SeatDraft>;

const EMPTY_SEAT: SeatDraft = { plays: null, rounds: [], tricks: null, revoke: false };

export function emptyDraft(players: string[]): Draft {
  return Object.fromEntries(players.map((p) => [p, EMPTY_SEAT]));
}

/** Whether anything has been chosen in the draft. */
export function hasTaps(draft: Draft): boolean {
  return Object.values(draft).some((s) => s.plays !== null || s.rounds.length > 0 || s.tricks !== null || s.revoke);
}

export function draftFrom(players: string[], entries: Entries): Draft {
  return Object.fromEntries(
    players.map((p) => {
      const e = entries[p]!;
      const rounds = exchangeRounds(e);
      return [p, { plays: e.plays, rounds, tricks: e.tricks ?? null, revoke: e.revoke ?? false }];
    }),
  );
}

/** Whether the evening asks for each exchange round (quota = largest round) or one total of cards. */
export function asksRounds(record: GameRecord): boolean {
  return (
    record.variant === "knektpass" && resolveHouseRules(record.variant, record.houseRules).quota === "largestRound"
  );
}

/** The cards a seat exchanged in total (sum of its rounds). */
export function cardsOf(seat: SeatDraft): number {
  return seat.rounds.reduce((t, n) => t + n, 0);
}

/** A total of cards as the exchange rounds a record holds: 7 → [5, 2]; 3 → [3]. */
export function roundsOf(total: number): number[] {
  const rounds = [];
  for (let left = total; left > 5; left -= 5) rounds.push(5);
  rounds.push(total - 5 * rounds.length);
  return rounds;
}

/** Whether the hand is played out (so tricks are entered), given who plays. */
function handPlayed(record: GameRecord, context: NextDeal, playing: number): boolean {
  if (record.variant === "knektpass") return playing >= 2;
  return context.firstDeal ? playing === 1 : playing >= 2;
}

/** Which inputs a seat has in this deal, given who plays so far (an undecided seat may still play). */
export function seatInputs(record: GameRecord, context: NextDeal, draft: Draft, player: string) {
  const knektpass = record.variant === "knektpass";
  const seats = record.players.map((p) => draft[p]!);
  const playing = seats.filter((s) => s.plays === true).length;
  const undecided = seats.filter((s) => s.plays === null).length;
  const seat = draft[player]!;
  const plays = seat.plays === true;
  const firstKnack = !knektpass && context.firstDeal;
  // A seat can still become a player unless it passed, or (first Norrlands-Knack deal) someone else knocked.
  const mayPlay = seat.plays !== false && !(firstKnack && playing === 1 && !plays);
  const played = handPlayed(record, context, playing);
  const settled = undecided === 0;
  return {
    exchanged: knektpass && mayPlay,
    /** Tricks are asked of every seat that may play, except where they are known not to count. */
    tricks: mayPlay && !(settled && !played),
    revoke: !knektpass && context.trumpCompulsion && plays && playing >= 2,
    alone: plays && settled && playing === 1 && !firstKnack,
  };
}

/**
 * The tricks the form fills in itself: when every seat is decided and all but one playing seat have tricks, the
 * last one's follow (the tricks add up to 5). Null when nothing follows.
 */
export function filledTricks(
  record: GameRecord,
  context: NextDeal,
  draft: Draft,
): { player: string; tricks: number } | null {
  const seats = record.players.map((p) => [p, draft[p]!] as const);
  if (seats.some(([, s]) => s.plays === null)) return null;
  const playing = seats.filter(([, s]) => s.plays === true);
  if (record.variant !== "knektpass" && context.firstDeal) return null;
  if (!handPlayed(record, context, playing.length)) return null;
  const open = playing.filter(([, s]) => s.tricks === null);
  if (open.length !== 1) return null;
  const per = VARIANTS[record.variant].tricksPerDeal;
  const taken = playing.reduce((t, [, s]) => t + (s.tricks ?? 0), 0);
  return taken <= per ? { player: open[0]![0], tricks: per - taken } : null;
}

/** The draft with what the form fills in itself (the last seat's tricks). */
export function completeDraft(record: GameRecord, context: NextDeal, draft: Draft): Draft {
  const filled = filledTricks(record, context, draft);
  return filled ? { ...draft, [filled.player]: { ...draft[filled.player]!, tricks: filled.tricks } } : draft;
}

/** Marks every seat nobody set as passing (lura): "everyone else passes" in one tap. */
export function othersPass(draft: Draft): Draft {
  return Object.fromEntries(Object.entries(draft).map(([p, s]) => [p, s.plays === null ? { ...s, plays: false } : s]));
}

/**
 * Applies one choice to a seat. Choosing cards or tricks marks the seat as playing; passing clears its inputs;
 * in the first Norrlands-Knack deal bidding stops at the first knock, so everyone else lurar (RULES.md N3).
 */
export function chooseForSeat(
  record: GameRecord,
  context: NextDeal,
  draft: Draft,
  player: string,
  change: Partial<SeatDraft>,
): Draft {
  const seat = { ...draft[player]!, ...change };
  if (change.rounds !== undefined || change.tricks !== undefined || change.revoke) seat.plays = true;
  if (seat.plays === false) Object.assign(seat, { rounds: [], tricks: null, revoke: false });
  let next = { ...draft, [player]: seat };
  if (record.variant !== "knektpass" && context.firstDeal && seat.plays === true) {
    // Computed keys, not assignment: a player named "__proto__" is a seat like any other.
    for (const p of record.players) if (p !== player) next = { ...next, [p]: { ...EMPTY_SEAT, plays: false } };
  }
  return next;
}

export function toDeal(record: GameRecord, context: NextDeal, draft: Draft): DealRecord {
  const complete = completeDraft(record, context, draft);
  const playing = record.players.filter((p) => complete[p]!.plays === true).length;
  const played = handPlayed(record, context, playing);
  const entries = new Map<string, EntryRecord>();
  for (const p of record.players) {
    const seat = complete[p]!;
    const entry: EntryRecord = { plays: seat.plays === true };
    if (seat.plays === true) {
      if (record.variant === "knektpass" && played) {
        // No cards chosen means none exchanged; a total of more than 5 is bought in rounds of at most 5 (K3).
        const rounds = seat.rounds.length > 1 ? seat.rounds : roundsOf(cardsOf(seat));
        entry.exchanged = rounds.length === 1 ? rounds[0]! : [...rounds];
      }
      if (played && seat.tricks !== null) entry.tricks = seat.tricks;
      if (played && seat.revoke && record.variant !== "knektpass" && context.trumpCompulsion) entry.revoke = true;
    }
    entries.set(p, entry);
  }
  // Own properties only: a name like "__proto__" is a seat like any other.
  return { entries: Object.fromEntries(entries) };
}

export interface DraftCheck {
  /** Seats where plays/passes (knacka/lura) is not chosen yet. */
  undecided: string[];
  /** Playing seats whose tricks are still needed. */
  missingTricks: string[];
  /** Whether every answer the deal needs is given (problems are worth showing). */
  complete: boolean;
  problems: Problem[];
  /** The game as it would be with this deal (null while incomplete or invalid). */
  after: GameResult | null;
}

/** Checks a new deal (appended) or a changed one (replacing deal `number`) with the rules engine. */
export function checkDraft(record: GameRecord, context: NextDeal, draft: Draft, mode: "new" | "edit"): DraftCheck {
  const complete = completeDraft(record, context, draft);
  const undecided = record.players.filter((p) => complete[p]!.plays === null);
  const playing = record.players.filter((p) => complete[p]!.plays === true);
  const played = handPlayed(record, context, playing.length);
  const missingTricks = undecided.length || !played ? [] : playing.filter((p) => complete[p]!.tricks === null);
  if (undecided.length || missingTricks.length)
    return { undecided, missingTricks, complete: false, problems: [], after: null };
  const deal = toDeal(record, context, complete);
  const none = { undecided, missingTricks, complete: true };
  if (mode === "new") {
    // Check against the state after the stored deals first: only this deal's problems are of interest.
    const created = scorerAfter(record, { detail: false });
    if (created.ok) {
      const problems = created.scorer.check(deal);
      if (problems.length) return { ...none, problems, after: null };
    }
    const evaluation = evaluateGame({ ...record, deals: [...record.deals, deal] });
    return { ...none, problems: evaluation.problems, after: evaluation.result };
  }
  const deals = record.deals.map((d, i) => (i === context.number - 1 ? deal : d));
  const evaluation = evaluateGame({ ...record, deals });
  return { ...none, problems: evaluation.problems, after: evaluation.result };
}

/** What deleting a deal would do to the game. */
export function checkDeletion(record: GameRecord, number: number): { problems: Problem[]; after: GameResult | null } {
  const evaluation = evaluateGame({ ...record, deals: record.deals.filter((_, i) => i !== number - 1) });
  return { problems: evaluation.problems, after: evaluation.result };
}

export function contextOfDeal(record: GameRecord, result: GameResult, number: number): NextDeal {
  const deal = result.deals[number - 1]!;
  const seat = record.players.indexOf(deal.dealer);
  return {
    number,
    dealer: deal.dealer,
    forehand: record.players[(seat + 1) % record.players.length]!,
    firstDeal: deal.firstDeal,
    trumpCompulsion: deal.trumpCompulsion,
  };
}
