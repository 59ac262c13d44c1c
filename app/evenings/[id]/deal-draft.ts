/**
 * The deal being entered on a phone, and what the rules engine says about it. Pure functions over the game
 * record: the browser checks a deal with the same engine the server uses before it is sent.
 */
import { createScorer, evaluateGame, type DealRecord, type EntryRecord, type GameRecord, type GameResult, type Problem } from "@/lib/rules";

export interface SeatDraft {
  plays: boolean | null;
  rounds: number[];
  tricks: number | null;
  revoke: boolean;
}

export type Draft = Record<string, SeatDraft>;

/** The state of the game at the deal: who deals, first deal of Norrlands-Knack, trumftvång. */
export interface DealContext {
  number: number;
  dealer: string;
  forehand: string;
  firstDeal: boolean;
  trumpCompulsion: boolean;
}

export function emptyDraft(players: string[]): Draft {
  return Object.fromEntries(players.map((p) => [p, { plays: null, rounds: [], tricks: null, revoke: false }]));
}

export function draftFrom(players: string[], entries: Record<string, EntryRecord>): Draft {
  return Object.fromEntries(
    players.map((p) => {
      const e = entries[p]!;
      const rounds = e.exchanged === undefined ? [] : Array.isArray(e.exchanged) ? [...e.exchanged] : [e.exchanged];
      return [p, { plays: e.plays, rounds, tricks: e.tricks ?? null, revoke: e.revoke ?? false }];
    }),
  );
}

/** Which inputs a seat has in this deal, given who plays. */
export function seatInputs(record: GameRecord, context: DealContext, draft: Draft, player: string) {
  const knektpass = record.variant === "knektpass";
  const playing = record.players.filter((p) => draft[p]!.plays === true).length;
  const plays = draft[player]!.plays === true;
  const handPlayed = knektpass ? playing >= 2 : context.firstDeal ? playing === 1 : playing >= 2;
  return {
    exchanged: knektpass && plays,
    tricks: handPlayed && (plays || (!knektpass && context.firstDeal)),
    tricksOptional: !knektpass && context.firstDeal && !plays,
    revoke: !knektpass && context.trumpCompulsion && plays && handPlayed,
    alone: plays && playing === 1 && !(!knektpass && context.firstDeal),
  };
}

export function toDeal(record: GameRecord, context: DealContext, draft: Draft): DealRecord {
  const entries: Record<string, EntryRecord> = {};
  for (const p of record.players) {
    const seat = draft[p]!;
    const inputs = seatInputs(record, context, draft, p);
    const entry: EntryRecord = { plays: seat.plays === true };
    if (inputs.exchanged && seat.rounds.length) entry.exchanged = seat.rounds.length === 1 ? seat.rounds[0]! : [...seat.rounds];
    if (inputs.tricks && seat.tricks !== null) entry.tricks = seat.tricks;
    if (inputs.revoke && seat.revoke) entry.revoke = true;
    entries[p] = entry;
  }
  return { entries };
}

export interface DraftCheck {
  /** Seats where plays/passes is not chosen yet. */
  undecided: string[];
  problems: Problem[];
  /** The game as it would be with this deal (null while undecided or invalid). */
  after: GameResult | null;
}

/** Checks a new deal (appended) or a changed one (replacing deal `number`) with the rules engine. */
export function checkDraft(record: GameRecord, context: DealContext, draft: Draft, mode: "new" | "edit"): DraftCheck {
  const undecided = record.players.filter((p) => draft[p]!.plays === null);
  if (undecided.length) return { undecided, problems: [], after: null };
  const deal = toDeal(record, context, draft);
  if (mode === "new") {
    // Check against the state after the stored deals first: only this deal's problems are of interest.
    const created = createScorer(record, { detail: false });
    if (created.ok) {
      for (const d of record.deals) created.scorer.push(d);
      const problems = created.scorer.check(deal);
      if (problems.length) return { undecided, problems, after: null };
    }
    const evaluation = evaluateGame({ ...record, deals: [...record.deals, deal] });
    return { undecided, problems: evaluation.problems, after: evaluation.result };
  }
  const deals = record.deals.map((d, i) => (i === context.number - 1 ? deal : d));
  const evaluation = evaluateGame({ ...record, deals });
  return { undecided, problems: evaluation.problems, after: evaluation.result };
}

/** What deleting a deal would do to the game. */
export function checkDeletion(record: GameRecord, number: number): { problems: Problem[]; after: GameResult | null } {
  const evaluation = evaluateGame({ ...record, deals: record.deals.filter((_, i) => i !== number - 1) });
  return { problems: evaluation.problems, after: evaluation.result };
}

export function contextOfDeal(record: GameRecord, result: GameResult, number: number): DealContext {
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
