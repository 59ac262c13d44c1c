"use client";

import { useTransition } from "react";
import { deleteRuleSetAction } from "./actions";
import { withSignal } from "@/app/_components/with-signal";

export function DeleteRuleSetButton({ id, label }: { id: string; label: string }) {
  const [pending, startTransition] = useTransition();
  return (
    <button
      type="button"
      className="button small danger"
      disabled={pending}
      onClick={() => startTransition(async () => void (await withSignal(() => deleteRuleSetAction(id))))}
    >
      {label}
    </button>
  );
}
