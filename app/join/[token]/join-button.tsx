"use client";

import { useActionState } from "react";
import { failureText, type Locale } from "@/lib/i18n/dictionaries";
import { joinAction } from "./actions";

export function JoinButton({ token, label, locale }: { token: string; label: string; locale: Locale }) {
  const [result, action, pending] = useActionState(joinAction.bind(null, token), null);
  return (
    <form action={action} className="stack">
      <button type="submit" className="button primary" disabled={pending}>
        {label}
      </button>
      {result && !result.ok ? (
        <p className="form-error" role="alert">
          {failureText(result, locale)}
        </p>
      ) : null}
    </form>
  );
}
