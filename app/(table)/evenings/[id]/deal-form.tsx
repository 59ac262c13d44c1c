"use client";

import { useEffect, useMemo, useRef, useState, useTransition, type ReactNode } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { useI18n } from "@/lib/i18n/client";
import {
  closestToZero,
  playersAtOne,
  resolveHouseRules,
  type GameRecord,
  type GameResult,
  type NextDeal,
  type Problem,
} from "@/lib/rules";
import { ChangePreview } from "./change-preview";
import {
  asksRounds,
  cardsOf,
  checkDraft,
  chooseForSeat,
  emptyDraft,
  filledTricks,
  hasTaps,
  othersPass,
  seatInputs,
  toDeal,
  type Draft,
  type SeatDraft,
} from "./deal-draft";
import { useDealWriter } from "./deal-writer";
import { Segmented } from "./segmented";
import { useFormDraft } from "./use-kept-draft";

interface Props {
  gameId: string;
  record: GameRecord;
  result: GameResult;
  context: NextDeal;
  mode: "new" | "edit";
  /** Another change of this game is on its way (an undo): the form takes no tap until it is done. */
  busy?: boolean;
  /** Whether the form holds taps that are not being saved (kept from before a reload too), told as it changes. */
  onHolding?: (taps: boolean) => void;
  /**
   * After a save (or a refusal that needs the current state): the saved deal's number (`queued` when it was
   * kept on this phone to be sent later), or a message to show.
   */
  onSaved: (saved: { number: number; queued: boolean } | { message: string }) => void;
  onCancel?: () => void;
  /** "Deal 3 saved" with Undo, shown above Save. */
  toast?: ReactNode;
}

const TRICKS = [0, 1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }));
/** Cards are chosen six values at a time (0–5, 6–11, 12–15): up to 3 rounds of 5. */
const CARD_PAGES = [0, 6, 12].map((from) =>
  Array.from({ length: Math.min(6, 16 - from) }, (_, i) => ({ value: from + i, label: String(from + i) })),
);
const MAX_ROUNDS = 3;

function newClientKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * The deal on one screen: a compact row per seat — name (dealer and forehand marked), a play/pass (knacka/lura)
 * toggle, cards and tricks as one-tap choices. What follows from the rules is filled in; problems show once a
 * deal is complete or Save is tapped, at the seat they concern.
 */
export function DealForm({
  gameId,
  record,
  result,
  context,
  mode,
  busy = false,
  onHolding,
  onSaved,
  onCancel,
  toast,
}: Props) {
  const i18n = useI18n();
  const { t } = i18n;
  const knektpass = record.variant === "knektpass";
  const rounds = asksRounds(record);
  const { draft, setDraft, forgetDraft, opened } = useFormDraft(gameId, record, context.number, mode);
  const [attempted, setAttempted] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, startTransition] = useTransition();
  const pending = saving || busy;
  const writer = useDealWriter();
  // One key per deal being entered: a retried submission (double tap, flaky Wi-Fi) is stored once.
  const clientKey = useRef(newClientKey());
  const check = useMemo(() => checkDraft(record, context, draft, mode), [record, context, draft, mode]);
  const filled = filledTricks(record, context, draft);
  // A new deal's problems show once it is complete; an edit's only on Save — an edit is complete from the start,
  // and its first tap of two would otherwise show a problem the second one settles.
  const showProblems = attempted || (mode === "new" && check.complete);
  const holdingTaps = mode === "new" && !pending && hasTaps(draft);
  useEffect(() => onHolding?.(holdingTaps), [holdingTaps, onHolding]);

  function change(next: Draft) {
    setError(null);
    setAttempted(false);
    setDraft(next);
  }
  const choose = (player: string, choice: Partial<SeatDraft>) =>
    change(chooseForSeat(record, context, draft, player, choice));

  function send(deal = toDeal(record, context, draft)) {
    setError(null);
    startTransition(async () => {
      const response =
        mode === "new"
          ? await writer.record({ gameId, number: context.number, entries: deal.entries, clientKey: clientKey.current })
          : await writer.edit({ gameId, number: context.number, entries: deal.entries, expected: opened });
      if (response.ok || response.code === "conflict") forgetDraft();
      if (response.ok) {
        clientKey.current = newClientKey();
        onSaved({ number: context.number, queued: response.data.queued });
      } else if (response.code === "conflict") {
        clientKey.current = newClientKey();
        onSaved({ message: `${t("table.conflict")} (${i18n.failure(response)})` });
      } else {
        setError(i18n.failure(response));
      }
    });
  }

  function save() {
    setAttempted(true);
    if (check.complete && !check.problems.length) send();
  }

  /** Nobody plays: the deal is void, saved at once. */
  function redeal() {
    const passed = othersPass(emptyDraft(record.players));
    setDraft(passed);
    send(toDeal(record, context, passed));
  }

  const playWord = playWords(knektpass, t);
  const title = t(mode === "new" ? "table.enterDeal" : "table.editDeal", { n: context.number });
  const undecidedLeft = record.players.some((p) => draft[p]!.plays === null);
  const dealProblems = showProblems ? check.problems.filter((p) => !p.player) : [];
  const standings = seatStandings(record, result, context.number);
  const headingId = `deal-form-${mode}`;

  return (
    <section className={formClass(record)} aria-labelledby={headingId}>
      {/* The shortcuts stay in reach (sticky at the top, as Save at the foot) while the seat rows scroll. */}
      <div className={mode === "new" ? "deal-form-head sticky" : "deal-form-head"}>
        <h2 id={headingId}>{title}</h2>
        {mode === "new" ? (
          <Shortcuts
            knektpass={knektpass}
            pending={pending}
            undecidedLeft={undecidedLeft}
            onOthersPass={() => change(othersPass(draft))}
            onRedeal={redeal}
            t={t}
          />
        ) : null}
      </div>
      {/* Shut while the deal is being saved (or an undo is on its way): a tap meanwhile would land on this form
          just as the next deal's replaces it, and be lost without a trace. */}
      <fieldset className="seat-rows" disabled={pending} aria-busy={pending}>
        {record.players.map((player) => {
          const seat = draft[player]!;
          const inputs = seatInputs(record, context, draft, player);
          const seatProblems: string[] = [];
          if (attempted && check.undecided.includes(player)) seatProblems.push(playWord.ask);
          if (attempted && check.missingTricks.includes(player)) seatProblems.push(t("table.tricksNeeded"));
          if (showProblems) for (const p of check.problems) if (p.player === player) seatProblems.push(i18n.problem(p));
          return (
            <SeatRow
              key={player}
              compact={record.players.length > 5 && seat.plays !== true}
              player={player}
              seat={seat}
              inputs={inputs}
              context={context}
              problems={seatProblems}
              playWord={playWord}
              standing={standings[player]!}
              rounds={rounds}
              knektpass={knektpass}
              filledTricks={filled?.player === player ? filled.tricks : null}
              t={t}
              onChoose={(choice) => choose(player, choice)}
            />
          );
        })}
      </fieldset>
      <div aria-live="polite">
        {dealProblems.length ? (
          <ul className="problems" data-testid="deal-problems">
            {dealProblems.map((p: Problem, i) => (
              <li key={i}>{i18n.problem(p)}</li>
            ))}
          </ul>
        ) : null}
        {mode === "edit" && check.after && !check.problems.length ? (
          <ChangePreview before={result} after={check.after} players={record.players} />
        ) : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="save-bar">
        {toast ? (
          <fieldset className="toast-slot" disabled={pending}>
            {toast}
          </fieldset>
        ) : null}
        <button type="button" className="button primary" disabled={pending} onClick={save}>
          {saving ? t("table.saving") : mode === "new" ? t("table.save", { n: context.number }) : t("table.saveEdit")}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {t("table.cancel")}
          </button>
        ) : null}
      </div>
    </section>
  );
}

type Say = (key: keyof Dictionary, values?: Record<string, string | number>) => string;

/** The form's layout: by the game (Knack asks tricks only) and by the table's size (more than five: compact). */
const formClass = (record: GameRecord) =>
  `deal-form ${record.variant === "knektpass" ? "knektpass" : "knack"}${record.players.length > 5 ? " many" : ""}`;

/** The words for playing and passing in the evening's game. */
function playWords(knektpass: boolean, t: Say) {
  return knektpass
    ? { yes: t("table.plays"), no: t("table.passes"), ask: t("table.choose") }
    : { yes: t("table.knocks"), no: t("table.lurar"), ask: t("table.chooseKnack") };
}

/** A new deal's shortcuts: the seats not chosen yet pass; nobody plays (the deal is void, saved at once). */
function Shortcuts({
  knektpass,
  pending,
  undecidedLeft,
  onOthersPass,
  onRedeal,
  t,
}: {
  knektpass: boolean;
  pending: boolean;
  undecidedLeft: boolean;
  onOthersPass: () => void;
  onRedeal: () => void;
  t: Say;
}) {
  return (
    <div className="shortcuts" role="group" aria-label={t("table.shortcuts")}>
      <button type="button" className="button small" disabled={pending || !undecidedLeft} onClick={onOthersPass}>
        {knektpass ? t("table.othersPass") : t("table.othersLura")}
      </button>
      <button type="button" className="button small" disabled={pending} onClick={onRedeal}>
        {knektpass ? t("table.allPassed") : t("table.nobodyKnocked")}
      </button>
    </div>
  );
}

/** Where a seat stands before the deal entered or edited: its score, in Norrlands-Knack its limpas and whether it is at 1. */
interface Standing {
  score: number;
  limpa: number | null;
  atOne: boolean;
  /** Closest to 0, marked as the standings mark it — once a deal has moved a score. */
  closest: boolean;
}

function seatStandings(record: GameRecord, result: GameResult, number: number): Record<string, Standing> {
  const knack = record.variant === "norrlands-knack";
  const earlier = result.deals.slice(0, number - 1);
  const start = resolveHouseRules(record.variant, record.houseRules).startScore;
  const scores = earlier.at(-1)?.scores ?? Object.fromEntries(record.players.map((p) => [p, start]));
  const atOne = knack ? playersAtOne(record.players, scores) : [];
  const closest = closestToZero(record.players, scores, earlier);
  return Object.fromEntries(
    record.players.map((p) => [
      p,
      {
        score: scores[p]!,
        limpa: knack ? earlier.filter((d) => d.limpa.includes(p)).length : null,
        atOne: atOne.includes(p),
        closest: closest.includes(p),
      },
    ]),
  );
}

/**
 * One seat's row: name with the dealer and forehand marked, play or pass, cards, tricks, revoke, its problems.
 * At a table of more than five, a seat that does not play (yet) is one line — name, score, play or pass — and its
 * cards and tricks open once it plays: after each Save every seat's score is on the screen at once.
 */
function SeatRow({
  compact,
  player,
  seat,
  inputs,
  context,
  problems,
  playWord,
  standing,
  rounds,
  knektpass,
  filledTricks,
  t,
  onChoose,
}: SeatInputsProps & {
  compact: boolean;
  player: string;
  context: NextDeal;
  problems: string[];
  playWord: { yes: string; no: string; ask: string };
  standing: Standing;
}) {
  return (
    <div
      role="group"
      aria-label={player}
      className={`seat-row${compact ? " compact" : ""}${seat.plays === false ? " passed" : ""}${problems.length ? " has-problem" : ""}${standing.closest ? " leader" : ""}`}
      data-testid={`seat-${player}`}
    >
      <div className="seat-who">
        <span className="seat-name">{player}</span>
        <span className="seat-marks">
          {player === context.dealer ? (
            <abbr className="mark" title={t("table.dealerMark")}>
              {t("table.dealerShort")}
            </abbr>
          ) : null}
          {player === context.forehand ? (
            <abbr className="mark" title={t("table.forehandMark")}>
              {t("table.forehandShort")}
            </abbr>
          ) : null}
        </span>
        <SeatScore standing={standing} t={t} testId={`seat-score-${player}`} />
        <button
          type="button"
          className="play-toggle"
          aria-pressed={seat.plays === null ? "mixed" : seat.plays}
          aria-label={`${player}: ${seat.plays === null ? playWord.ask : seat.plays ? playWord.yes : playWord.no}`}
          onClick={() => onChoose({ plays: seat.plays !== true })}
        >
          {seat.plays === null ? `${playWord.yes}?` : seat.plays ? playWord.yes : playWord.no}
        </button>
      </div>
      <div className="seat-inputs">
        {compact ? null : <SeatInputs {...{ seat, inputs, rounds, knektpass, filledTricks, t, onChoose }} />}
        {problems.length ? (
          <p className="seat-problem" data-testid={`problem-${player}`}>
            {problems.join(" ")}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** What a seat's cards and tricks need: its draft, what it is asked, and how a choice reaches the form. */
interface SeatInputsProps {
  seat: SeatDraft;
  inputs: ReturnType<typeof seatInputs>;
  /** Whether cards are asked round by round. */
  rounds: boolean;
  knektpass: boolean;
  filledTricks: number | null;
  t: Say;
  onChoose: (choice: Partial<SeatDraft>) => void;
}

/** A playing (or possibly playing) seat's cards, tricks, revoke and the word on playing alone. */
function SeatInputs({ seat, inputs, rounds, knektpass, filledTricks, t, onChoose }: SeatInputsProps) {
  return (
    <>
      {inputs.exchanged && !rounds ? (
        <CardsPicker
          label={t("table.exchanged")}
          more={t("table.moreCards")}
          value={seat.rounds.length ? cardsOf(seat) : seat.plays ? 0 : null}
          onChange={(n) => onChoose({ rounds: [n] })}
        />
      ) : null}
      {inputs.exchanged && rounds
        ? (seat.rounds.length ? seat.rounds : [0]).map((value, r, all) => (
            <Segmented
              key={r}
              className="chips"
              label={`${t("table.exchanged")}, ${t("table.round", { n: r + 1 })}`}
              options={TRICKS}
              value={seat.rounds.length || seat.plays ? value : null}
              onChange={(n) => {
                const next = seat.rounds.length ? [...seat.rounds] : [0];
                next[r] = n;
                onChoose({ rounds: next });
              }}
              extra={
                r === all.length - 1 && all.length < MAX_ROUNDS ? (
                  <button
                    type="button"
                    className="more"
                    aria-label={t("table.addRound")}
                    onClick={() => onChoose({ rounds: [...all, 0] })}
                  >
                    +
                  </button>
                ) : null
              }
            />
          ))
        : null}
      {inputs.tricks ? (
        <Segmented
          className="chips"
          label={t("table.tricks")}
          options={TRICKS}
          value={seat.tricks}
          filled={filledTricks}
          onChange={(tricks) => onChoose({ tricks })}
        />
      ) : null}
      {inputs.revoke ? (
        <button
          type="button"
          className="revoke-toggle"
          aria-pressed={seat.revoke}
          onClick={() => onChoose({ revoke: !seat.revoke })}
        >
          {t("table.revoke")}
        </button>
      ) : null}
      {inputs.alone ? <p className="seat-note">{knektpass ? t("table.lone") : t("table.loneKnocker")}</p> : null}
    </>
  );
}

/** A seat's score before the deal, beside its name; in Norrlands-Knack its limpas and a ⚑ at 1. */
function SeatScore({ standing, t, testId }: { standing: Standing; t: Say; testId: string }) {
  const { score, limpa, atOne, closest } = standing;
  const said = [
    t("table.seatScore", { score }),
    limpa ? t("table.seatLimpas", { n: limpa }) : "",
    atOne ? t("legend.compulsion") : "",
    closest ? t("share.closest") : "",
  ].filter(Boolean);
  return (
    <span
      className={`seat-score${atOne ? " at-one" : ""}`}
      title={said.join(" · ")}
      data-testid={testId}
      data-score={score}
    >
      <span className="visually-hidden">{said.join(", ")}</span>
      <span aria-hidden="true">
        {atOne ? <span className="compulsion-mark">⚑</span> : null}
        {score}
        {limpa ? <span className="seat-limpas">{limpa}</span> : null}
      </span>
    </span>
  );
}

/** Cards exchanged as one total: 0–5 in one tap, more on the next page (up to 15, three rounds of 5). */
function CardsPicker({
  label,
  more,
  value,
  onChange,
}: {
  label: string;
  more: string;
  value: number | null;
  onChange: (n: number) => void;
}) {
  const [page, setPage] = useState(() => CARD_PAGES.findIndex((p) => p.some((o) => o.value === value)) | 0);
  const current = Math.max(0, page);
  return (
    <Segmented
      className="chips"
      label={label}
      options={CARD_PAGES[current]!}
      value={value}
      onChange={onChange}
      extra={
        <button
          type="button"
          className="more"
          aria-label={more}
          onClick={() => setPage((current + 1) % CARD_PAGES.length)}
        >
          {current === CARD_PAGES.length - 1 ? "‹" : "+"}
        </button>
      }
    />
  );
}
