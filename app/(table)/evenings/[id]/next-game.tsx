"use client";

import { useState, useTransition } from "react";
import { format } from "@/lib/i18n/format";
import { useI18n } from "@/lib/i18n/client";
import { useDealWriter } from "./deal-writer";
import { NameHint } from "../name-hint";

interface Props {
  eveningId: string;
  number: number;
  seats: string[];
  /** Who deals first by default: the deal continues to the left. */
  suggestedDealer: string;
  knownNames: string[];
  /** The known names are the group's players. */
  namesOfGroup: boolean;
  limits: { min: number; max: number };
  /** After the start: `queued` when it waits on this phone (the table shows the game from the log). */
  onStarted: (queued: boolean) => void;
}

/**
 * Starts the next game with the same seats, or with players added, removed or moved — without a signal too: then it
 * is an entry of the phone's log, and the table plays on (decision 023).
 */
export function NextGame({
  eveningId,
  number,
  seats: initial,
  suggestedDealer,
  knownNames,
  namesOfGroup,
  limits,
  onStarted,
}: Props) {
  const i18n = useI18n();
  const writer = useDealWriter();
  const { dict } = i18n;
  const [seats, setSeats] = useState(initial);
  const [dealer, setDealer] = useState(suggestedDealer);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const dealerSeat = Math.max(0, seats.indexOf(dealer));

  async function add() {
    const clean = name.trim();
    if (!clean) return setAddError(i18n.t("table.nameFirst"));
    if (seats.length >= limits.max) return setAddError(i18n.t("table.seatsFull", { n: limits.max }));
    // Two ways of writing one person ("ANNA", a Cyrillic "А") are one seat, as the server reads them (decision 015);
    // the look-alike table is loaded only when a name is added.
    const { sameNames } = await import("@/lib/schemas/names");
    const same = sameNames([...seats, clean]);
    if (same) {
      const [seated] = same;
      return setAddError(
        seated === clean
          ? i18n.t("table.alreadySeated", { name: seated })
          : i18n.t("table.readsAsSeated", { typed: clean, name: seated }),
      );
    }
    setAddError(null);
    setSeats([...seats, clean]);
    setName("");
  }

  function start() {
    setError(null);
    startTransition(async () => {
      const response = await writer.startGame({ eveningId, number, players: seats, firstDealerSeat: dealerSeat });
      if (response.ok) onStarted(response.data.queued);
      else setError(i18n.failure(response));
    });
  }

  return (
    <section className="card stack" aria-labelledby="next-game">
      <h2 id="next-game">{dict["table.nextGame"]}</h2>
      <fieldset className="stack">
        <legend>{dict["table.seats"]}</legend>
        <ol className="seat-list">
          {seats.map((s, i) => (
            <li key={s}>
              <span>{s}</span>
              {i > 0 ? (
                <button
                  type="button"
                  className="button small"
                  aria-label={`${dict["table.moveUp"]}: ${s}`}
                  onClick={() => setSeats(seats.map((x, j) => (j === i - 1 ? s : j === i ? seats[i - 1]! : x)))}
                >
                  ↑
                </button>
              ) : null}
              <button
                type="button"
                className="button small"
                aria-label={`${dict["table.remove"]}: ${s}`}
                onClick={() => setSeats(seats.filter((x) => x !== s))}
              >
                ✕
              </button>
            </li>
          ))}
        </ol>
        <div className="player-row">
          <input
            aria-label={dict["evening.player"]}
            value={name}
            list="known-names"
            maxLength={40}
            aria-invalid={addError ? true : undefined}
            aria-describedby={addError ? "add-seat-error" : undefined}
            onChange={(e) => {
              setName(e.target.value);
              setAddError(null);
            }}
            onKeyDown={(e) => {
              if (e.key !== "Enter" || e.nativeEvent.isComposing) return;
              e.preventDefault();
              void add();
            }}
          />
          <datalist id="known-names">
            {knownNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
          <button type="button" className="button small" onClick={() => void add()}>
            {dict["table.addSeat"]}
          </button>
          <NameHint
            typed={name}
            knownNames={knownNames.filter((known) => !seats.includes(known))}
            group={namesOfGroup}
            onUse={setName}
            testId="name-hint"
          />
        </div>
        {addError ? (
          <p className="form-error" role="alert" id="add-seat-error">
            {addError}
          </p>
        ) : null}
      </fieldset>
      <label className="field">
        <span>{dict["evening.firstDealer"]}</span>
        <select value={seats[dealerSeat]} onChange={(e) => setDealer(e.target.value)}>
          {seats.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </label>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {seats.length < limits.min ? (
        <p className="muted" data-testid="seats-too-few">
          {i18n.t("table.seatsTooFew", { n: limits.min })}
        </p>
      ) : null}
      <button type="button" className="button primary" disabled={pending || seats.length < limits.min} onClick={start}>
        {format(dict["table.startNext"], { n: number })}
      </button>
    </section>
  );
}
