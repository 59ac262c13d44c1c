"use client";

import { useActionState } from "react";
import type { AuthFormState } from "./actions";

interface Props {
  action: (state: AuthFormState, formData: FormData) => Promise<AuthFormState>;
  labels: { username: string; password: string; submit: string; passwordHint?: string };
  next?: string;
  autoCompletePassword: "current-password" | "new-password";
}

export function AuthForm({ action, labels, next, autoCompletePassword }: Props) {
  const [state, formAction, pending] = useActionState(action, {});
  const usernameError = state.fields?.username?.join(" ");
  const passwordError = state.fields?.password?.join(" ");
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
          defaultValue={state.values?.username}
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
      {state.error ? (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      ) : null}
      <button type="submit" className="button primary" disabled={pending}>
        {labels.submit}
      </button>
    </form>
  );
}
