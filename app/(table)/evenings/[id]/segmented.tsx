"use client";

import type { ReactNode } from "react";

/**
 * A row of toggle buttons, one of which is chosen: the one-tap control of the deal screen. `filled` marks a value
 * the form worked out itself (shown as chosen, drawn differently); `extra` is a last button (e.g. more values).
 */
export function Segmented<T extends string | number | boolean>({
  label,
  options,
  value,
  filled = null,
  onChange,
  hideLabel = false,
  className,
  extra,
}: {
  label: string;
  options: { value: T; label: string }[];
  value: T | null;
  filled?: T | null;
  onChange: (value: T) => void;
  hideLabel?: boolean;
  className?: string;
  extra?: ReactNode;
}) {
  return (
    <div className={className ? `segmented-field ${className}` : "segmented-field"}>
      {hideLabel ? null : <span className="segmented-label">{label}</span>}
      <div role="group" aria-label={label} className="segmented">
        {options.map((o) => {
          const isFilled = value === null && filled === o.value;
          return (
            <button
              key={String(o.value)}
              type="button"
              aria-pressed={value === o.value || isFilled}
              className={isFilled ? "filled" : undefined}
              onClick={() => onChange(o.value)}
            >
              {o.label}
            </button>
          );
        })}
        {extra}
      </div>
    </div>
  );
}
