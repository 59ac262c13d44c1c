"use client";

import { useActionState } from "react";
import type { ActionResult } from "@/lib/http/action-result";
import { format } from "@/lib/i18n/format";
import { useI18n } from "@/lib/i18n/client";
import { changePasswordAction, signOutElsewhereAction } from "./actions";

type Ended = ActionResult<{ endedSessions: number }>;

function Outcome({ result, done }: { result: Ended | null; done: string }) {
  const i18n = useI18n();
  if (!result) return null;
  if (result.ok)
    return (
      <p className="banner ok" role="status">
        {format(done, { count: result.data.endedSessions })}
      </p>
    );
  return Object.keys(result.fields).length ? null : (
    <p className="form-error" role="alert">
      {i18n.failure(result)}
    </p>
  );
}

/** The current password, then the new one; on success the account is signed out everywhere else. */
export function ChangePasswordForm({
  labels,
}: {
  labels: { current: string; password: string; hint: string; submit: string; done: string };
}) {
  const i18n = useI18n();
  const [result, action, pending] = useActionState(changePasswordAction, null);
  const failure = result && !result.ok ? result : null;
  const fieldError = (field: string) => failure?.fields[field]?.map((m) => i18n.say(m)).join(" ");
  const field = (name: "current" | "password", label: string, autoComplete: string, hint?: string) => {
    const error = fieldError(name);
    return (
      <label className="field">
        <span>{label}</span>
        <input
          name={name}
          type="password"
          autoComplete={autoComplete}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error || hint ? `${name}-note` : undefined}
        />
        {error || hint ? (
          <span className={error ? "field-error" : "hint"} id={`${name}-note`}>
            {error ?? hint}
          </span>
        ) : null}
      </label>
    );
  };
  return (
    <form action={action} className="stack" noValidate data-testid="change-password">
      {field("current", labels.current, "current-password")}
      {field("password", labels.password, "new-password", labels.hint)}
      <Outcome result={result} done={labels.done} />
      <button type="submit" className="button primary" disabled={pending}>
        {labels.submit}
      </button>
    </form>
  );
}

/** One button: every other session of the account ends. */
export function SignOutElsewhereForm({ labels }: { labels: { submit: string; done: string } }) {
  const [result, action, pending] = useActionState(signOutElsewhereAction, null);
  return (
    <form action={action} className="stack" data-testid="sign-out-elsewhere">
      <Outcome result={result} done={labels.done} />
      <button type="submit" className="button" disabled={pending}>
        {labels.submit}
      </button>
    </form>
  );
}
