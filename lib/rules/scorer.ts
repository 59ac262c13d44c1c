import { problem } from "./problems";
import { parseDeal, parseSetup, type GameSetup, type ParsedDeal } from "./record";
import type {
  DealResult,
  ExplanationKey,
  GameRecord,
  GameResult,
  HouseRules,
  NextDeal,
  Problem,
  RulesMessage,
} from "./types";
import { VARIANTS, talonSize } from "./variants";

export interface ScorerOptions {
  /** Keep the per-deal results (scores, changes, explanations) — true unless only standings are needed. */
  detail?: boolean;
}

type Evaluation = { ok: true; outcome: Outcome } | { ok: false; problems: Problem[] };

/** What one deal does to the game, before it is committed. */
interface Outcome {
  void: boolean;
  raw: number[];
  limpa: number[];
  explain: RulesMessage[];
}

const sign = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "±0");

/**
 * Explanations are few and repeat endlessly over a game, so each distinct one is built once and shared
 * (frozen) instead of building a message per player per deal; `id` names it by its parameters.
 */
const explanations = new Map<string, RulesMessage>();
/**
 * RULES.md K7: a Knektpass player's quota — the cards he exchanged in all, or his largest round under the house
 * rule `quota: "largestRound"`, at least 1 under `minQuota: 1`.
 */
export function knektpassQuota(
  exchangedSum: number,
  exchangedMax: number,
  houseRules: Pick<HouseRules, "quota" | "minQuota">,
): number {
  const quota = houseRules.quota === "largestRound" ? exchangedMax : exchangedSum;
  return houseRules.minQuota === 1 && quota < 1 ? 1 : quota;
}

function explained(key: ExplanationKey, params: Record<string, string | number> = {}, id: string = key): RulesMessage {
  let message = explanations.get(id);
  if (!message) {
    message = Object.freeze({ key, params: Object.freeze(params) });
    if (explanations.size < 10_000) explanations.set(id, message);
  }
  return message;
}
const PASSED_KNEKTPASS = explained("rules.explainPassed");
const PASSED_KNACK = explained("rules.explainLured");
const VOID_KNEKTPASS = explained("rules.explainVoidKnektpass");
const VOID_KNACK = explained("rules.explainVoidKnack");
const VOID_LONE_KNOCKER = explained("rules.explainVoidLoneKnocker");
/** The same explanation for a score that went below 0 and is shown as 0 (RULES.md K8, N9): the change shown differs. */
const reachedZero = new WeakMap<RulesMessage, RulesMessage>();
function clampedAtZero(text: RulesMessage): RulesMessage {
  let clamped = reachedZero.get(text);
  if (!clamped) {
    clamped = Object.freeze({ key: "rules.explainReachesZero", params: Object.freeze({ text }) });
    reachedZero.set(text, clamped);
  }
  return clamped;
}
const names = (players: string[], seats: number[]) => seats.map((s) => players[s]).join(", ");

/**
 * Scores one game deal by deal: a fold over the deal log (docs/conventions.md 2). `push` validates a deal against the
 * current state and applies it only when it is valid, so the scorer is always in a valid state; `check`
 * says what `push` would reject without changing anything. Every rule cited is in RULES.md.
 */
export class GameScorer {
  readonly setup: GameSetup;
  private readonly n: number;
  private readonly seatOf: Map<string, number>;
  private readonly scores: number[];
  private readonly limpaCount: number[];
  private dealer: number;
  /** Norrlands-Knack: no deal of this game has been played yet (RULES.md N3). */
  private firstDealPending: boolean;
  /** Whether the next deal is played under trumftvång (RULES.md N7). */
  private compulsion = false;
  /** House rule trumpCompulsion "triggerPlayer": the seats whose landing on 1 started it. */
  private triggers: number[] = [];
  private winners: number[] = [];
  private readonly results: DealResult[] = [];
  /** An object with one key per player in seat order. */
  private readonly byNameTemplate: Record<string, number>;

  /** Whether to keep a DealResult per deal; without it only the standings are kept (e.g. to check a new deal). */
  private readonly detail: boolean;
  private dealsScored = 0;
  private wonIn = 0;
  private lastWinners: string[] = [];

  constructor(setup: GameSetup, options: ScorerOptions = {}, of?: GameScorer) {
    this.setup = setup;
    this.detail = options.detail ?? true;
    this.n = setup.players.length;
    // A fork shares its game's lookups, which never change.
    this.seatOf = of?.seatOf ?? new Map(setup.players.map((p, i) => [p, i]));
    this.byNameTemplate = of?.byNameTemplate ?? Object.fromEntries(setup.players.map((p) => [p, 0]));
    this.scores = new Array<number>(this.n).fill(setup.houseRules.startScore);
    this.limpaCount = new Array<number>(this.n).fill(0);
    this.dealer = setup.firstDealer;
    this.firstDealPending = setup.variant === "norrlands-knack";
    this.compulsion = this.compulsionAtStart();
  }

  get dealCount(): number {
    return this.dealsScored;
  }

  /**
   * A scorer standing where this one stands, going on by itself (without per-deal detail): what a simulation of the
   * rest of the game plays on, many times over, without scoring the deals so far again.
   */
  fork(): GameScorer {
    const copy = new GameScorer(this.setup, { detail: false }, this);
    copy.scores.splice(0, this.n, ...this.scores);
    copy.limpaCount.splice(0, this.n, ...this.limpaCount);
    copy.dealer = this.dealer;
    copy.firstDealPending = this.firstDealPending;
    copy.compulsion = this.compulsion;
    copy.triggers = [...this.triggers];
    copy.winners = [...this.winners];
    copy.dealsScored = this.dealsScored;
    copy.wonIn = this.wonIn;
    copy.lastWinners = [...this.lastWinners];
    return copy;
  }

  /** Whether the next deal is Norrlands-Knack's first (RULES.md N3): `upcoming().firstDeal` without building it. */
  get firstDealNext(): boolean {
    return this.firstDealPending;
  }

  /** Whether the next deal is played under trumftvång (RULES.md N7): `upcoming().trumpCompulsion` without building it. */
  get compulsionNext(): boolean {
    return this.compulsion;
  }

  /** The scores in seat order, as they stand (no copy: not to be changed). */
  get standing(): readonly number[] {
    return this.scores;
  }

  /** The winners' seats once the game is over. */
  get winnerSeats(): readonly number[] {
    return this.winners;
  }

  get isOver(): boolean {
    return this.winners.length > 0;
  }

  /** The problems `push` would report for this deal, without applying it. */
  check(deal: unknown): Problem[] {
    const evaluation = this.evaluate(deal);
    return evaluation.ok ? [] : evaluation.problems;
  }

  /** Applies a valid deal; its result is null when the scorer keeps no detail. */
  push(deal: unknown): { ok: true; result: DealResult | null } | { ok: false; problems: Problem[] } {
    const evaluation = this.evaluate(deal);
    if (!evaluation.ok) return evaluation;
    return { ok: true, result: this.commit(evaluation.outcome) };
  }

  /**
   * `push` for a deal already in seat order, as a simulation draws them (decision 022): checked and scored by the
   * same rules, without reading players' names. The arrays are read, not kept. False (nothing applied) when the
   * rules refuse the deal.
   */
  pushSeated(deal: ParsedDeal): boolean {
    if (this.isOver) return false;
    const number = this.dealsScored + 1;
    const evaluation =
      this.setup.variant === "knektpass" ? this.evaluateKnektpass(deal, number) : this.evaluateKnack(deal, number);
    if (!evaluation.ok) return false;
    this.commit(evaluation.outcome);
    return true;
  }

  result(): GameResult {
    const { players } = this.setup;
    const over = this.isOver;
    return {
      scores: this.byName(this.scores),
      winners: this.winners.map((s) => players[s]!),
      trumpCompulsion: !over && this.compulsion,
      limpa: this.byName(this.limpaCount),
      nextDealer: over ? null : players[this.dealer]!,
      deals: this.results,
      nextDeal: this.upcoming(),
    };
  }

  /** The next deal (null once the game is over): `result().nextDeal` without building the rest of the result. */
  upcoming(): NextDeal | null {
    if (this.isOver) return null;
    const { players } = this.setup;
    return {
      number: this.dealsScored + 1,
      dealer: players[this.dealer]!,
      forehand: players[(this.dealer + 1) % this.n]!,
      firstDeal: this.firstDealPending,
      trumpCompulsion: this.compulsion,
    };
  }

  private byName(values: number[]): Record<string, number> {
    const out: Record<string, number> = { ...this.byNameTemplate };
    const { players } = this.setup;
    for (let s = 0; s < this.n; s++) out[players[s]!] = values[s]!;
    return out;
  }

  /** Where a problem is: built only for one (a simulation, decision 022, checks millions of deals that have none). */
  private where(deal: number, seat: number): { deal: number; player: string } {
    return { deal, player: this.setup.players[seat]! };
  }

  private evaluate(input: unknown): Evaluation {
    const number = this.dealsScored + 1;
    if (this.isOver) {
      const by = this.winners.map((s) => this.setup.players[s]).join(", ");
      return {
        ok: false,
        problems: [problem("game.over", { deal: number }, "rules.gameOver", { deal: this.wonIn, by })],
      };
    }
    const parsed = parseDeal(this.setup.players, this.seatOf, input, number);
    if (!parsed.deal) return { ok: false, problems: parsed.problems };
    return this.setup.variant === "knektpass"
      ? this.evaluateKnektpass(parsed.deal, number)
      : this.evaluateKnack(parsed.deal, number);
  }

  /** RULES.md K2–K9. */
  private evaluateKnektpass(deal: ParsedDeal, number: number): Evaluation {
    const { houseRules } = this.setup;
    const problems: Problem[] = [];
    const playing: number[] = [];
    for (let s = 0; s < this.n; s++) {
      if (deal.plays[s]) playing.push(s);
      else {
        if (deal.exchangedSum[s]! > 0)
          problems.push(problem("exchanged.byPasser", this.where(number, s), "rules.exchangedByPasser"));
        if (deal.tricks[s]! > 0)
          problems.push(problem("tricks.byPasser", this.where(number, s), "rules.tricksByPasser"));
      }
      if (deal.revoke[s]) problems.push(problem("revoke.notAllowed", this.where(number, s), "rules.revokeKnektpass"));
    }
    if (playing.length >= 2) {
      problems.push(...this.checkTricks(deal, playing, number, true));
      let exchanged = 0;
      for (const s of playing) exchanged += deal.exchangedSum[s]!;
      const talon = talonSize("knektpass", this.n);
      if (exchanged > talon)
        problems.push(
          problem("exchanged.beyondTalon", { deal: number }, "rules.exchangedBeyondTalon", { exchanged, talon }),
        );
    }
    if (problems.length) return { ok: false, problems };

    const raw = this.scores.slice();
    const explain = new Array<RulesMessage>(this.n);
    if (playing.length === 0) {
      explain.fill(VOID_KNEKTPASS);
      return { ok: true, outcome: { void: true, raw, limpa: [], explain } };
    }
    for (let s = 0; s < this.n; s++) {
      if (!deal.plays[s]) explain[s] = PASSED_KNEKTPASS;
    }
    if (playing.length === 1) {
      const s = playing[0]!;
      const points = houseRules.loneWinnerPoints;
      raw[s]! -= points;
      if (this.detail)
        explain[s] = explained("rules.explainLonePlayer", { change: sign(-points) }, `kp.lone.${points}`);
      return { ok: true, outcome: { void: false, raw, limpa: [], explain } };
    }
    for (const s of playing) {
      const quota = knektpassQuota(deal.exchangedSum[s]!, deal.exchangedMax[s]!, houseRules);
      const tricks = deal.tricks[s]!;
      // RULES.md K7: a met quota deducts the tricks; a missed one adds 5 per missing trick.
      const change = tricks >= quota ? -tricks : 5 * (quota - tricks);
      raw[s]! += change;
      // Explanations only where the scorer keeps detail: a simulation (decision 022) scores millions of deals.
      if (this.detail)
        explain[s] = explained("rules.explainQuota", { quota, tricks, change: sign(change) }, `kp.${quota}.${tricks}`);
    }
    return { ok: true, outcome: { void: false, raw, limpa: [], explain } };
  }

  /** RULES.md N2–N8. */
  private evaluateKnack(deal: ParsedDeal, number: number): Evaluation {
    const { players, houseRules } = this.setup;
    const first = this.firstDealPending;
    const underCompulsion = this.compulsion;
    const problems: Problem[] = [];
    const knockers: number[] = [];
    for (let s = 0; s < this.n; s++) if (deal.plays[s]) knockers.push(s);
    const handPlayed = first ? knockers.length === 1 : knockers.length >= 2;

    for (let s = 0; s < this.n; s++) {
      if (!deal.plays[s]) {
        // In the first deal everyone plays the hand along with the knocker (N3), so passers may carry tricks.
        if (deal.tricks[s]! > 0 && !(first && handPlayed))
          problems.push(problem("tricks.byPasser", this.where(number, s), "rules.tricksByLurer"));
        if (deal.revoke[s]) problems.push(problem("revoke.notAllowed", this.where(number, s), "rules.revokeByLurer"));
      } else if (deal.revoke[s]) {
        if (!underCompulsion)
          problems.push(problem("revoke.notAllowed", this.where(number, s), "rules.revokeNoCompulsion"));
        else if (!handPlayed)
          problems.push(problem("revoke.notAllowed", this.where(number, s), "rules.revokeLoneKnocker"));
      }
    }
    if (first) {
      if (knockers.length > 1)
        problems.push(
          problem("firstDeal.knockers", { deal: number }, "rules.firstDealKnockers", {
            names: names(players, knockers),
          }),
        );
      else if (knockers.length === 1) problems.push(...this.checkFirstDealTricks(deal, knockers[0]!, number));
    } else if (knockers.length >= 2) {
      problems.push(...this.checkTricks(deal, knockers, number, false));
    }
    if (problems.length) return { ok: false, problems };

    const raw = this.scores.slice();
    const explain = new Array<RulesMessage>(this.n);
    const limpa: number[] = [];
    if (knockers.length === 0) {
      explain.fill(VOID_KNACK);
      return { ok: true, outcome: { void: true, raw, limpa, explain } };
    }
    if (!first && knockers.length === 1 && houseRules.loneKnocker === "redeal") {
      explain.fill(VOID_LONE_KNOCKER);
      return { ok: true, outcome: { void: true, raw, limpa, explain } };
    }
    for (let s = 0; s < this.n; s++) {
      if (deal.plays[s]) continue;
      const tricks = deal.tricks[s]!;
      explain[s] =
        first && tricks > 0
          ? explained("rules.explainFirstDealTricks", { tricks }, `nk.first.${tricks}`)
          : PASSED_KNACK;
    }
    if (!first && knockers.length === 1) {
      const s = knockers[0]!;
      const points = houseRules.loneWinnerPoints;
      // A negative loneWinnerPoints adds points, but a Norrlands-Knack score never goes above the start.
      raw[s] = Math.min(houseRules.startScore, raw[s]! - points);
      explain[s] = explained("rules.explainLoneKnocker", { change: sign(-points) }, `nk.lone.${points}`);
      return { ok: true, outcome: { void: false, raw, limpa, explain } };
    }
    const cap = houseRules.startScore;
    for (const s of knockers) {
      const tricks = deal.tricks[s]!;
      const before = raw[s]!;
      if (deal.revoke[s]) {
        // N8: a revoke is a limpa and his tricks do not count — unless the house keeps them (revokeKeepsTricks).
        const base = houseRules.revokeKeepsTricks ? Math.max(0, before - tricks) : before;
        raw[s] = Math.min(base + 5, cap);
        limpa.push(s);
        const after = raw[s];
        explain[s] = houseRules.revokeKeepsTricks
          ? explained(
              "rules.explainRevokeKept",
              { tricks, before, base, after },
              `nk.kept.${tricks}.${before}.${after}`,
            )
          : explained("rules.explainRevoke", { before, after }, `nk.revoke.${before}.${after}`);
      } else if (tricks === 0) {
        // N5: the limpa line; never above the start score.
        raw[s] = Math.min(before + 5, cap);
        limpa.push(s);
        const after = raw[s];
        if (this.detail) explain[s] = explained("rules.explainLimpa", { before, after }, `nk.limpa.${before}.${after}`);
      } else {
        raw[s] = before - tricks;
        if (this.detail)
          explain[s] = explained("rules.explainTook", { tricks, change: sign(-tricks) }, `nk.took.${tricks}`);
      }
    }
    return { ok: true, outcome: { void: false, raw, limpa, explain } };
  }

  /** RULES.md K6, N4: in a played hand every player who plays has tricks, and they add up to 5. */
  private checkTricks(deal: ParsedDeal, playing: number[], number: number, knektpass: boolean): Problem[] {
    const { players } = this.setup;
    const problems: Problem[] = [];
    let total = 0;
    for (const s of playing) {
      if (deal.tricks[s]! < 0)
        problems.push(
          problem(
            "tricks.missing",
            { deal: number, player: players[s]! },
            knektpass ? "rules.tricksMissingPlayed" : "rules.tricksMissingKnocked",
          ),
        );
      else total += deal.tricks[s]!;
    }
    const per = VARIANTS[this.setup.variant].tricksPerDeal;
    if (!problems.length && total !== per)
      problems.push(problem("tricks.sum", { deal: number }, "rules.tricksSum", { total, per }));
    return problems;
  }

  /** RULES.md N3: the knocker's tricks are needed; everyone's given never exceed 5, and all given make 5. */
  private checkFirstDealTricks(deal: ParsedDeal, knocker: number, number: number): Problem[] {
    const { players } = this.setup;
    if (deal.tricks[knocker]! < 0)
      return [problem("tricks.missing", { deal: number, player: players[knocker]! }, "rules.tricksMissingKnocked")];
    let total = 0;
    let given = 0;
    for (let s = 0; s < this.n; s++) {
      if (deal.tricks[s]! >= 0) {
        total += deal.tricks[s]!;
        given++;
      }
    }
    const per = VARIANTS[this.setup.variant].tricksPerDeal;
    if (total > per || (given === this.n && total !== per))
      return [
        problem("tricks.sum", { deal: number }, given === this.n ? "rules.tricksSum" : "rules.tricksSumAtMost", {
          total,
          per,
        }),
      ];
    return [];
  }

  private commit(outcome: Outcome): DealResult | null {
    const { players, houseRules, variant } = this.setup;
    const number = ++this.dealsScored;
    const before = this.scores.slice();
    const dealer = this.dealer;
    const wasCompulsion = this.compulsion;
    const wasFirst = this.firstDealPending;
    let winners: number[] = [];

    if (outcome.void) {
      if (houseRules.redealDealer === "next") this.dealer = (this.dealer + 1) % this.n;
    } else {
      const reached: number[] = [];
      let lowest = Infinity;
      for (let s = 0; s < this.n; s++) {
        const raw = outcome.raw[s]!;
        if (raw <= 0) {
          reached.push(s);
          if (raw < lowest) lowest = raw;
        }
        this.scores[s] = raw > 0 ? raw : 0; // K8, N9: at or below 0 counts as 0.
      }
      for (const s of outcome.limpa) this.limpaCount[s]!++;
      if (reached.length) {
        winners = houseRules.tie === "lowestRaw" ? reached.filter((s) => outcome.raw[s] === lowest) : reached;
        this.winners = winners;
        this.wonIn = number;
      }
      this.dealer = (this.dealer + 1) % this.n;
      this.firstDealPending = false;
      if (variant === "norrlands-knack") this.updateCompulsion(before);
    }

    if (!this.detail) return null;
    // Cloning a template keeps every per-deal object on one hidden class, which is much faster to build.
    const scores: Record<string, number> = { ...this.byNameTemplate };
    const changes: Record<string, number> = { ...this.byNameTemplate };
    const explain = { ...this.byNameTemplate } as unknown as Record<string, RulesMessage>;
    for (let s = 0; s < this.n; s++) {
      const name = players[s]!;
      scores[name] = this.scores[s]!;
      changes[name] = this.scores[s]! - before[s]!;
      explain[name] = !outcome.void && outcome.raw[s]! < 0 ? clampedAtZero(outcome.explain[s]!) : outcome.explain[s]!;
    }
    const result: DealResult = {
      number,
      void: outcome.void,
      scores,
      changes,
      limpa: outcome.limpa.map((s) => players[s]!),
      trumpCompulsion: wasCompulsion,
      explain,
      dealer: players[dealer]!,
      firstDeal: wasFirst,
      winners: winners.map((s) => players[s]!),
    };
    this.results.push(result);
    return result;
  }

  private compulsionAtStart(): boolean {
    // With a start score of 1 someone stands at 1 from the start; only "anyoneAtOne" looks at standing.
    return (
      this.setup.variant === "norrlands-knack" &&
      this.setup.houseRules.trumpCompulsion === "anyoneAtOne" &&
      this.scores.includes(1)
    );
  }

  /** RULES.md N7 and house rule trumpCompulsion, after a played deal. */
  private updateCompulsion(before: number[]): void {
    const mode = this.setup.houseRules.trumpCompulsion;
    if (mode === "off") {
      this.compulsion = false;
    } else if (mode === "anyoneAtOne") {
      this.compulsion = this.scores.includes(1);
    } else {
      // "triggerPlayer": it ends once all who started it have left 1; a landing while it is on joins nothing,
      // but a landing in the very deal that ends it starts it again (RULES.md, house-rule table).
      if (this.compulsion) this.triggers = this.triggers.filter((s) => this.scores[s] === 1);
      if (!this.triggers.length) {
        for (let s = 0; s < this.n; s++) if (this.scores[s] === 1 && before[s] !== 1) this.triggers.push(s);
      }
      this.compulsion = this.triggers.length > 0;
    }
  }
}

/** Creates a scorer for a record's setup (players, variant, house rules), or returns the setup's problems. */
export function createScorer(
  record: unknown,
  options: ScorerOptions = {},
): { ok: true; scorer: GameScorer } | { ok: false; problems: Problem[] } {
  const parsed = parseSetup(record);
  if (!parsed.setup) return { ok: false, problems: parsed.problems };
  return { ok: true, scorer: new GameScorer(parsed.setup, options) };
}

/**
 * A scorer standing after the record's deals: ready to check or take the next one. Refused when the record's
 * setup or one of its deals is invalid.
 */
export function scorerAfter(
  record: GameRecord,
  options: ScorerOptions = {},
): { ok: true; scorer: GameScorer } | { ok: false; problems: Problem[] } {
  const created = createScorer(record, options);
  if (!created.ok) return created;
  for (const deal of record.deals) {
    const pushed = created.scorer.push(deal);
    if (!pushed.ok) return pushed;
  }
  return created;
}
