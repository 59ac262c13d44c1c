"use client";

/** A row of big toggle buttons, one of which is chosen: the one-handed control of the deal screen. */
export function Segmented<T extends string | number | boolean>({
  label,
  options,
  value,
  onChange,
  hideLabel = false,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
  hideLabel?: boolean;
}) {
  return (
    <div className="segmented-field">
      {hideLabel ? null : <span className="segmented-label">{label}</span>}
      <div role="group" aria-label={label} className="segmented">
        {options.map((o) => (
          <button key={String(o.value)} type="button" aria-pressed={value === o.value} onClick={() => onChange(o.value)}>
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}
