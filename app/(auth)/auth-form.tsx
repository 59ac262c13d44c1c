"use client";

import { useActionState, useState } from "react";
import type { ActionResult } from "@/lib/http/action-result";
import { failureText, translate, type Locale } from "@/lib/i18n/dictionaries";

interface Props {
  action: (state: ActionResult | null, formData: FormData) => Promise<ActionResult>;
  locale: Locale;
  labels: { username: string; password: string; submit: string; passwordHint?: string };
  next?: string;
  autoCompletePassword: "current-password" | "new-password";
}

export function AuthForm({ action, locale, labels, next, autoCompletePassword }: Props) {
  const [result, formAction, pending] = useActionState(action, null);
  // Kept across a refused attempt (the form is reset after each submission; the password is typed again).
  const [username, setUsername] = useState("");
  const failure = result && !result.ok ? result : null;
  const fieldError = (field: string) => failure?.fields[field]?.map((m) => translate(m, locale)).join(" ");
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
          {failureText(failure, locale)}
        </p>
      ) : null}
      <button type="submit" className="button primary" disabled={pending}>
        {labels.submit}
      </button>
    </form>
  );
}
