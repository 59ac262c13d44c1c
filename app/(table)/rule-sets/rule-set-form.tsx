"use client";

import { useState } from "react";
import { useFormAction } from "@/app/_components/use-form-action";
import { useI18n } from "@/lib/i18n/client";
import {
  GameChoice,
  RulesFields,
  type HouseRuleField,
  type RulesInitial,
  type RulesLabels,
} from "@/app/(table)/evenings/new/rules-fields";
import { saveRuleSetAction } from "./actions";

/** A saved rule set: its name, its game, its house rules and stakes. */
export function RuleSetForm({
  variants,
  houseRules,
  labels,
  initial,
  groups,
}: {
  variants: { id: string; name: string }[];
  houseRules: HouseRuleField[];
  labels: RulesLabels & Record<"name" | "game" | "save" | "group" | "noGroup", string>;
  /** The groups the user is an admin of: a new set may be kept for one of them. */
  groups?: { id: string; name: string }[];
  initial?: RulesInitial & { id: string; name: string; variant: string };
}) {
  const i18n = useI18n();
  const [result, formProps, pending] = useFormAction(saveRuleSetAction);
  const failure = result && !result.ok ? result : null;
  const [variant, setVariant] = useState(initial?.variant ?? variants[0]!.id);
  const nameError = failure?.fields.name?.map((m) => i18n.say(m)).join(" ");
  return (
    <form {...formProps} className="stack" data-testid="rule-set-form">
      {initial ? <input type="hidden" name="id" value={initial.id} /> : null}
      {!initial && groups?.length ? (
        <label className="field">
          <span>{labels.group}</span>
          <select name="groupId" defaultValue="">
            <option value="">{labels.noGroup}</option>
            {groups.map((g) => (
              <option key={g.id} value={g.id}>
                {g.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="field">
        <span>{labels.name}</span>
        <input name="name" required maxLength={60} defaultValue={initial?.name ?? ""} />
        {nameError ? <span className="field-error">{nameError}</span> : null}
      </label>
      <GameChoice legend={labels.game} variants={variants} value={variant} onChange={setVariant} />
      <RulesFields
        key={variant}
        variant={variant}
        houseRules={houseRules}
        labels={labels}
        initial={initial?.variant === variant ? initial : undefined}
      />
      {failure ? (
        <div className="form-error" role="alert">
          {i18n.failure(failure)}
        </div>
      ) : null}
      <button type="submit" className="button primary" disabled={pending}>
        {labels.save}
      </button>
    </form>
  );
}
