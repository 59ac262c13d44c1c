"use client";

import { useActionState, useState } from "react";
import type { ActionResult } from "@/lib/http/action-result";
import { useI18n } from "@/lib/i18n/client";

interface Props {
  action: (state: ActionResult | null, formData: FormData) => Promise<ActionResult>;
  labels: { username: string; password: string; submit: string; passwordHint?: string };
  next?: string;
  autoCompletePassword: "current-password" | "new-password";
}

export function AuthForm({ action, labels, next, autoCompletePassword }: Props) {
  const i18n = useI18n();
  const [result, formAction, pending] = useActionState(action, null);
  // Kept across a refused attempt (the form is reset after each submission; the password is typed again).
  const [username, setUsername] = useState("");
  const failure = result && !result.ok ? result : null;
  const fieldError = (field: string) => failure?.fields[field]?.map((m) => i18n.say(m)).join(" ");
  const usernameError = fieldError("username");
  const passwordError = fieldError("password");
  return (
    <form action={formAction} className="stack" noValidate>
      {next ? <input type="hidden" name="next" value={next} /> : null}
      <label className="field">
        <span>{labels.username}</span>
        <input
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          aria-invalid={usernameError ? true : undefined}
          aria-describedby={usernameError ? "username-error" : undefined}
        />
        {usernameError ? (
          <span className="field-error" id="username-error">
            {usernameError}
          </span>
        ) : null}
      </label>
      <label className="field">
        <span>{labels.password}</span>
        <input
          name="password"
          type="password"
          autoComplete={autoCompletePassword}
          required
          aria-invalid={passwordError ? true : undefined}
          aria-describedby={passwordError ? "password-error" : labels.passwordHint ? "password-hint" : undefined}
        />
        {passwordError ? (
          <span className="field-error" id="password-error">
            {passwordError}
          </span>
        ) : labels.passwordHint ? (
          <span className="hint" id="password-hint">
            {labels.passwordHint}
          </span>
        ) : null}
      </label>
      {failure && !Object.keys(failure.fields).length ? (
        <p className="form-error" role="alert">
          {i18n.failure(failure)}
        </p>
      ) : null}
      <button type="submit" className="button primary" disabled={pending}>
        {labels.submit}
      </button>
    </form>
  );
}
