"use client";

import { useActionState } from "react";
import { useI18n } from "@/lib/i18n/client";
import { joinAction } from "./actions";

export function JoinButton({ token, label }: { token: string; label: string }) {
  const i18n = useI18n();
  const [result, action, pending] = useActionState(joinAction.bind(null, token), null);
  return (
    <form action={action} className="stack">
      <button type="submit" className="button primary" disabled={pending}>
        {label}
      </button>
      {result && !result.ok ? (
        <p className="form-error" role="alert">
          {i18n.failure(result)}
        </p>
      ) : null}
    </form>
  );
}
