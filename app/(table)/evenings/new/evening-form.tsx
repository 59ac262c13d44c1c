"use client";

import { useState } from "react";
import { useFormAction } from "@/app/_components/use-form-action";
import { useI18n } from "@/lib/i18n/client";
import { createEveningAction } from "../actions";
import { NameHint } from "../name-hint";
import { GameChoice, RulesFields, type HouseRuleField, type RulesLabels } from "./rules-fields";

interface Props {
  today: string;
  variants: { id: string; name: string; min: number; max: number }[];
  houseRules: HouseRuleField[];
  knownNames: string[];
  /** The group the evening is started for (its players are offered), or null. */
  group: { id: string; name: string } | null;
  /** The account's saved rule sets ("our table's rules"), each for one game. */
  ruleSets: { id: string; name: string; variant: string; summary: string }[];
  labels: RulesLabels &
    Record<
      | "title"
      | "date"
      | "place"
      | "game"
      | "players"
      | "player"
      | "addPlayer"
      | "firstDealer"
      | "create"
      | "count"
      | "ruleSet"
      | "ruleSetNone",
      string
    >;
}

export function EveningForm({ today, variants, houseRules, knownNames, group, ruleSets, labels }: Props) {
  const i18n = useI18n();
  const [result, formProps, pending] = useFormAction(createEveningAction);
  const failure = result && !result.ok ? result : null;
  const [variant, setVariant] = useState(variants[0]!.id);
  const [players, setPlayers] = useState<string[]>(["", "", ""]);
  const [firstDealer, setFirstDealer] = useState(0);
  const [ruleSetId, setRuleSetId] = useState("");
  const setsForGame = ruleSets.filter((r) => r.variant === variant);
  const chosenSet = setsForGame.find((r) => r.id === ruleSetId) ?? null;
  const { min, max, name: variantName } = variants.find((v) => v.id === variant)!;
  const named = players.map((p, i) => ({ name: p.trim(), seat: i })).filter((p) => p.name);
  const error = (field: string) => failure?.fields[field]?.map((m) => i18n.say(m)).join(" ");
  const countProblem =
    named.length > max || (named.length > 0 && named.length < min)
      ? labels.count
          .replace("{game}", variantName)
          .replace("{min}", String(min))
          .replace("{max}", String(max))
          .replace("{n}", String(named.length))
      : null;

  return (
    <form {...formProps} className="stack">
      {group ? <input type="hidden" name="groupId" value={group.id} /> : null}
      <label className="field">
        <span>{labels.title}</span>
        <input name="title" required maxLength={80} defaultValue="" aria-invalid={error("title") ? true : undefined} />
        {error("title") ? <span className="field-error">{error("title")}</span> : null}
      </label>
      <div className="player-row">
        <label className="field" style={{ flex: 1 }}>
          <span>{labels.date}</span>
          <input
            name="date"
            type="date"
            required
            defaultValue={today}
            aria-invalid={error("date") ? true : undefined}
          />
          {error("date") ? (
            <span className="field-error" data-testid="date-error">
              {error("date")}
            </span>
          ) : null}
        </label>
        <label className="field" style={{ flex: 1 }}>
          <span>{labels.place}</span>
          <input name="place" maxLength={80} aria-invalid={error("place") ? true : undefined} />
          {error("place") ? <span className="field-error">{error("place")}</span> : null}
        </label>
      </div>
      <GameChoice
        legend={labels.game}
        variants={variants.map((v) => ({ id: v.id, name: v.name, note: `(${v.min}–${v.max})` }))}
        value={variant}
        onChange={setVariant}
      />
      <fieldset className="stack">
        <legend>{labels.players}</legend>
        {players.map((p, i) => (
          <div className="player-row" key={i}>
            <input
              name="player"
              aria-label={`${labels.player} ${i + 1}`}
              value={p}
              maxLength={40}
              autoComplete="off"
              list="known-player-names"
              onChange={(e) => setPlayers(players.map((q, j) => (j === i ? e.target.value : q)))}
            />
            <NameHint
              typed={p}
              knownNames={knownNames}
              group={Boolean(group)}
              onUse={(name) => setPlayers(players.map((q, j) => (j === i ? name : q)))}
              testId={`name-hint-${i + 1}`}
            />
          </div>
        ))}
        <datalist id="known-player-names">
          {knownNames.map((n) => (
            <option key={n} value={n} />
          ))}
        </datalist>
        {players.length < max ? (
          <button type="button" className="button small" onClick={() => setPlayers([...players, ""])}>
            {labels.addPlayer}
          </button>
        ) : null}
        {countProblem ? (
          <p className="field-error" data-testid="player-count">
            {countProblem}
          </p>
        ) : null}
      </fieldset>
      <label className="field">
        <span>{labels.firstDealer}</span>
        <select name="firstDealerSeat" value={firstDealer} onChange={(e) => setFirstDealer(Number(e.target.value))}>
          {named.map((p, i) => (
            <option key={p.seat} value={i}>
              {p.name}
            </option>
          ))}
        </select>
      </label>
      {setsForGame.length ? (
        <label className="field">
          <span>{labels.ruleSet}</span>
          <select name="ruleSetId" value={chosenSet?.id ?? ""} onChange={(e) => setRuleSetId(e.target.value)}>
            <option value="">{labels.ruleSetNone}</option>
            {setsForGame.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </select>
          {chosenSet ? <span className="hint">{chosenSet.summary}</span> : null}
        </label>
      ) : null}
      {chosenSet ? null : <RulesFields variant={variant} houseRules={houseRules} labels={labels} />}
      {failure ? (
        <div className="form-error" role="alert">
          {failure.problems.length ? (
            <ul>
              {failure.problems.map((p, i) => (
                <li key={i}>{i18n.problem(p)}</li>
              ))}
            </ul>
          ) : (
            i18n.failure(failure)
          )}
        </div>
      ) : null}
      <button type="submit" className="button primary" disabled={pending}>
        {labels.create}
      </button>
    </form>
  );
}
