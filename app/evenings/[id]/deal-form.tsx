"use client";

import { useMemo, useRef, useState, useTransition } from "react";
import { format, type Dictionary, type Locale } from "@/lib/i18n/dictionaries";
import type { GameRecord, GameResult } from "@/lib/rules";
import { deleteDealAction, editDealAction, recordDealAction } from "./actions";
import { ChangePreview } from "./change-preview";
import { checkDeletion, checkDraft, draftFrom, emptyDraft, seatInputs, toDeal, type DealContext, type Draft, type SeatDraft } from "./deal-draft";
import { Segmented } from "./segmented";

interface Props {
  gameId: string;
  record: GameRecord;
  result: GameResult;
  context: DealContext;
  mode: "new" | "edit";
  dict: Dictionary;
  locale: Locale;
  /** After a save (or a refusal that needs the current state): reload the page's data. */
  onSaved: (message?: string) => void;
  onCancel?: () => void;
  /** Open with the deletion preview showing (undo of the last deal). */
  startWithDelete?: boolean;
}

const TRICKS = [0, 1, 2, 3, 4, 5].map((n) => ({ value: n, label: String(n) }));

function newClientKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

export function DealForm({ gameId, record, result, context, mode, dict, locale, onSaved, onCancel, startWithDelete = false }: Props) {
  const t = (key: keyof Dictionary, values: Record<string, string | number> = {}) => format(dict[key], values);
  const knektpass = record.variant === "knektpass";
  const [draft, setDraft] = useState<Draft>(() =>
    mode === "edit" ? draftFrom(record.players, record.deals[context.number - 1]!.entries) : emptyDraft(record.players),
  );
  const [error, setError] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(startWithDelete);
  const [pending, startTransition] = useTransition();
  // One key per deal being entered: a retried submission (double tap, flaky Wi-Fi) is stored once.
  const clientKey = useRef(newClientKey());
  const check = useMemo(() => checkDraft(record, context, draft, mode), [record, context, draft, mode]);
  const deletion = useMemo(() => (confirmDelete ? checkDeletion(record, context.number) : null), [confirmDelete, record, context.number]);
  const message = (p: { message: string; messageSv: string }) => (locale === "sv" ? p.messageSv : p.message);
  const failure = (r: { problems: { message: string; messageSv: string }[]; message: string; messageSv: string }) =>
    r.problems.length ? r.problems.map(message).join(" ") : message(r);

  function update(player: string, change: Partial<SeatDraft>) {
    setError(null);
    setDraft((current) => {
      const next = { ...current, [player]: { ...current[player]!, ...change } };
      // First deal of Norrlands-Knack: bidding stops at the first knock, so everyone else lurar.
      if (!knektpass && context.firstDeal && change.plays === true) {
        for (const p of record.players) if (p !== player) next[p] = { ...next[p]!, plays: false };
      }
      return next;
    });
  }

  function submit(deal = toDeal(record, context, draft)) {
    setError(null);
    startTransition(async () => {
      const response =
        mode === "new"
          ? await recordDealAction({ gameId, number: context.number, entries: deal.entries as never, clientKey: clientKey.current })
          : await editDealAction({ gameId, number: context.number, entries: deal.entries as never });
      if (response.ok) {
        clientKey.current = newClientKey();
        if (mode === "new") setDraft(emptyDraft(record.players));
        onSaved();
      } else if (response.code === "conflict") {
        clientKey.current = newClientKey();
        setDraft(emptyDraft(record.players));
        onSaved(`${t("table.conflict")} (${message(response)})`);
      } else {
        setError(failure(response));
      }
    });
  }

  function remove() {
    startTransition(async () => {
      const response = await deleteDealAction({ gameId, number: context.number });
      if (response.ok) onSaved();
      else setError(failure(response));
    });
  }

  /** Shortcuts fill the whole deal and save it at once. */
  function shortcut(only: string | null) {
    const filled: Draft = Object.fromEntries(record.players.map((p) => [p, { plays: p === only, rounds: [], tricks: null, revoke: false }]));
    setDraft(filled);
    submit(toDeal(record, context, filled));
  }

  const playWord = knektpass ? { yes: t("table.plays"), no: t("table.passes") } : { yes: t("table.knocks"), no: t("table.lurar") };
  const lastDeal = check.after?.deals[context.number - 1];
  const title = mode === "new" ? t("table.enterDeal", { n: context.number }) : t("table.editDeal", { n: context.number });
  const canSave = !pending && check.undecided.length === 0 && check.problems.length === 0;

  return (
    <section className="deal-form stack" aria-labelledby={`deal-form-${mode}`}>
      <h2 id={`deal-form-${mode}`}>{title}</h2>
      {mode === "new" && !(!knektpass && context.firstDeal) ? (
        <div className="shortcuts" role="group" aria-label={t("table.shortcuts")}>
          <button type="button" className="button small" disabled={pending} onClick={() => shortcut(null)}>
            {knektpass ? t("table.allPassed") : t("table.nobodyKnocked")}
          </button>
          {record.players.map((p) => (
            <button key={p} type="button" className="button small" disabled={pending} onClick={() => shortcut(p)}>
              {t("table.only", { name: p })}
            </button>
          ))}
        </div>
      ) : mode === "new" ? (
        <div className="shortcuts">
          <button type="button" className="button small" disabled={pending} onClick={() => shortcut(null)}>
            {t("table.nobodyKnocked")}
          </button>
        </div>
      ) : null}
      {record.players.map((player) => {
        const seat = draft[player]!;
        const inputs = seatInputs(record, context, draft, player);
        const marks = [player === context.dealer ? t("table.dealerMark") : null, player === context.forehand ? t("table.forehandMark") : null].filter(Boolean);
        const explain = lastDeal?.explain[player];
        return (
          <fieldset key={player} className="seat">
            <legend>
              {player}
              {marks.length ? <span className="marks"> · {marks.join(" · ")}</span> : null}
            </legend>
            <Segmented
              label={player}
              hideLabel
              options={[
                { value: true, label: playWord.yes },
                { value: false, label: playWord.no },
              ]}
              value={seat.plays}
              onChange={(plays) => update(player, { plays })}
            />
            {inputs.exchanged ? (
              <div className="rounds">
                {(seat.rounds.length ? seat.rounds : [0]).map((value, r) => (
                  <Segmented
                    key={r}
                    label={`${t("table.exchanged")}, ${t("table.round", { n: r + 1 })}`}
                    options={TRICKS}
                    value={seat.rounds.length ? value : null}
                    onChange={(n) => {
                      const rounds = seat.rounds.length ? [...seat.rounds] : [0];
                      rounds[r] = n;
                      update(player, { rounds });
                    }}
                  />
                ))}
                {seat.rounds.length > 0 && seat.rounds.length < 3 ? (
                  <button type="button" className="button small" onClick={() => update(player, { rounds: [...seat.rounds, 0] })}>
                    {t("table.addRound")}
                  </button>
                ) : null}
              </div>
            ) : null}
            {inputs.alone ? <p className="muted">{knektpass ? t("table.lone") : t("table.loneKnocker")}</p> : null}
            {inputs.tricks ? (
              <Segmented
                label={inputs.tricksOptional ? t("table.tricksOptional") : t("table.tricks")}
                options={TRICKS}
                value={seat.tricks}
                onChange={(tricks) => update(player, { tricks })}
              />
            ) : null}
            {inputs.revoke ? (
              <label className="check">
                <input type="checkbox" checked={seat.revoke} onChange={(e) => update(player, { revoke: e.target.checked })} />
                {t("table.revoke")}
              </label>
            ) : null}
            {explain ? (
              <p className="explain" data-testid={`explain-${player}`}>
                {locale === "sv" ? explain.sv : explain.en}
              </p>
            ) : seat.plays === null ? (
              <p className="muted">{t("table.choose")}</p>
            ) : null}
          </fieldset>
        );
      })}
      <div aria-live="polite" className="stack">
        {check.problems.length ? (
          <ul className="problems" data-testid="deal-problems">
            {check.problems.map((p, i) => (
              <li key={i}>{message(p)}</li>
            ))}
          </ul>
        ) : null}
        {mode === "edit" && check.after && !check.problems.length ? (
          <ChangePreview before={result} after={check.after} players={record.players} dict={dict} />
        ) : null}
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="actions">
        <button type="button" className="button primary" disabled={!canSave} onClick={() => submit()}>
          {pending ? t("table.saving") : mode === "new" ? t("table.save", { n: context.number }) : t("table.saveEdit")}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            {t("table.cancel")}
          </button>
        ) : null}
        {mode === "edit" && !confirmDelete ? (
          <button type="button" className="button danger" onClick={() => setConfirmDelete(true)}>
            {t("table.delete", { n: context.number })}
          </button>
        ) : null}
      </div>
      {deletion ? (
        <div className="card stack" data-testid="delete-preview">
          {deletion.after ? (
            <ChangePreview before={result} after={deletion.after} players={record.players} dict={dict} />
          ) : (
            <ul className="problems">
              <li>{t("table.invalidChange")}</li>
              {deletion.problems.map((p, i) => (
                <li key={i}>{message(p)}</li>
              ))}
            </ul>
          )}
          <div className="actions">
            <button type="button" className="button danger" disabled={pending || !deletion.after} onClick={remove}>
              {t("table.confirmDelete", { n: context.number })}
            </button>
            <button type="button" className="button" onClick={() => setConfirmDelete(false)}>
              {t("table.cancel")}
            </button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
