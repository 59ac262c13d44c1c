"use client";

/** One house rule as a form field: a whole number, or one of a few choices. */
export interface HouseRuleField {
  name: string;
  label: string;
  help: string;
  input:
    { kind: "integer"; min: number; max: number } | { kind: "choice"; options: { value: string; label: string }[] };
  /** The default for each variant that has this rule. */
  defaults: Record<string, string>;
}

export type RulesLabels = Record<
  "houseRules" | "houseRulesHelp" | "stakes" | "stakesHelp" | "currency" | "perGame" | "perPoint" | "perLimpa",
  string
>;

/** What a form starts with: a saved set's values when it is edited, else the game's defaults and no stakes. */
export interface RulesInitial {
  houseRules: Record<string, unknown>;
  /** Amounts in whole currency units as written ("5", "0.50"). */
  stakes: { currency: string; perGame: string; perPoint: string; perLimpa: string } | null;
}

/** The game: one radio button per variant, with an optional note after its name (e.g. how many can play). */
export function GameChoice({
  legend,
  variants,
  value,
  onChange,
}: {
  legend: string;
  variants: { id: string; name: string; note?: string }[];
  value: string;
  onChange: (id: string) => void;
}) {
  return (
    <fieldset>
      <legend>{legend}</legend>
      <div className="choice-row">
        {variants.map((v) => (
          <label key={v.id}>
            <input type="radio" name="variant" value={v.id} checked={value === v.id} onChange={() => onChange(v.id)} />
            {v.name}
            {v.note ? <span className="muted"> {v.note}</span> : null}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The house rules of the game chosen (defaults preselected, each explained) and the optional stakes. */
export function RulesFields({
  variant,
  houseRules,
  labels,
  initial,
}: {
  variant: string;
  houseRules: HouseRuleField[];
  labels: RulesLabels;
  initial?: RulesInitial;
}) {
  const value = (rule: HouseRuleField) =>
    initial?.houseRules[rule.name] !== undefined ? String(initial.houseRules[rule.name]) : rule.defaults[variant];
  return (
    <>
      <details className="card" open={Boolean(initial?.stakes)}>
        <summary>{labels.stakes}</summary>
        <div className="stack">
          <p className="muted">{labels.stakesHelp}</p>
          <label className="field">
            <span>{labels.currency}</span>
            <input
              name="stakes.currency"
              defaultValue={initial?.stakes?.currency ?? "SEK"}
              maxLength={3}
              autoCapitalize="characters"
            />
          </label>
          {(["perGame", "perPoint", "perLimpa"] as const)
            .filter((field) => field !== "perLimpa" || variant === "norrlands-knack")
            .map((field) => (
              <label className="field" key={field}>
                <span>{labels[field]}</span>
                <input
                  name={`stakes.${field}`}
                  inputMode="decimal"
                  placeholder="0"
                  defaultValue={initial?.stakes?.[field] ?? ""}
                />
              </label>
            ))}
        </div>
      </details>
      <details className="card">
        <summary>{labels.houseRules}</summary>
        <div className="stack">
          <p className="muted">{labels.houseRulesHelp}</p>
          {houseRules
            .filter((rule) => variant in rule.defaults)
            .map((rule) => (
              <label className="field" key={`${variant}-${rule.name}`}>
                <span>{rule.label}</span>
                {rule.input.kind === "integer" ? (
                  <input
                    type="number"
                    name={`houseRule.${rule.name}`}
                    min={rule.input.min}
                    max={rule.input.max}
                    step={1}
                    defaultValue={value(rule)}
                    aria-describedby={`help-${rule.name}`}
                  />
                ) : (
                  <select
                    name={`houseRule.${rule.name}`}
                    defaultValue={value(rule)}
                    aria-describedby={`help-${rule.name}`}
                  >
                    {rule.input.options.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </select>
                )}
                <span className="hint" id={`help-${rule.name}`}>
                  {rule.help}
                </span>
              </label>
            ))}
        </div>
      </details>
    </>
  );
}
