"use client";

import type { ReactNode } from "react";
import { useI18n } from "@/lib/i18n/client";
import { groupAction } from "./actions";
import { useFormAction } from "@/app/_components/use-form-action";

/**
 * One of the group's forms: what it does (`intent`) and its fixed values as hidden fields, the fields the user
 * fills in as children, and the refusal (with each field's message) shown under it. Works without JavaScript too.
 */
export function GroupForm({
  intent,
  values = {},
  submit,
  danger,
  className = "inline-form",
  testId,
  children,
}: {
  intent: string;
  values?: Record<string, string>;
  submit: string;
  danger?: boolean;
  className?: string;
  testId?: string;
  children?: ReactNode;
}) {
  const i18n = useI18n();
  const [result, props, pending] = useFormAction(groupAction);
  const failure = result && !result.ok ? result : null;
  const fieldErrors = failure
    ? Object.values(failure.fields)
        .flat()
        .map((m) => i18n.say(m))
    : [];
  return (
    <form {...props} className={className} data-testid={testId}>
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className={`button small${danger ? " danger" : ""}`} disabled={pending}>
        {submit}
      </button>
      {failure ? (
        <p className="form-error" role="alert">
          {fieldErrors.length ? fieldErrors.join(" ") : i18n.failure(failure)}
        </p>
      ) : null}
    </form>
  );
}
