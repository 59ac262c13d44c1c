"use client";

import { useI18n } from "@/lib/i18n/client";
import { useEffect, useOptimistic, useState, useTransition } from "react";
import type { ActionResult } from "@/lib/http/action-result";
import { format } from "@/lib/i18n/format";
import { revokeShareLinkAction, rotateShareLinkAction, setShareMoneyAction, setShowOddsAction } from "./actions";
import { withSignal } from "@/app/_components/with-signal";

interface Props {
  eveningId: string;
  /** null when the link is switched off. */
  share: { url: string; qrSvg: string } | null;
  /** Whether the link shows who pays whom; null when the evening is not played for money. */
  money: boolean | null;
  /** Whether the live scoreboard shows the odds of the game in play. */
  odds: boolean;
  /** After a change, with the action's answer. */
  onChanged: (result: ActionResult) => void;
}

/** The owner's share link for the live scoreboard: QR code, rotate, switch off, and who is watching. */
export function SharePanel({ eveningId, share, money, odds, onChanged }: Props) {
  const { dict } = useI18n();
  const [pending, startTransition] = useTransition();
  const [open, setOpen] = useState(false);
  const [viewers, setViewers] = useState<number | null>(null);
  // The box shows the owner's choice at once; the page's next refresh confirms it (or puts it back).
  const [moneyShown, showMoney] = useOptimistic(money);
  const [oddsShown, showOdds] = useOptimistic(odds);
  useEffect(() => {
    if (!open || !share) return;
    let stopped = false;
    const load = async () => {
      try {
        const response = await fetch(`/api/evenings/${eveningId}/viewers`, { cache: "no-store" });
        if (response.ok && !stopped) setViewers(((await response.json()) as { viewers: number }).viewers);
      } catch {
        // try again on the next tick
      }
    };
    void load();
    const timer = setInterval(load, 5_000);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [open, share, eveningId]);
  const act = (work: () => Promise<ActionResult>, before?: () => void) =>
    startTransition(async () => {
      before?.();
      const response = await withSignal(work);
      onChanged(response);
    });
  return (
    <details className="card no-print" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary>{dict["share.panel"]}</summary>
      <div className="stack">
        <p className="muted">{dict["share.help"]}</p>
        {share ? (
          <>
            <div className="qr" role="img" aria-label={share.url} dangerouslySetInnerHTML={{ __html: share.qrSvg }} />
            <input
              readOnly
              value={share.url}
              aria-label={dict["share.panel"]}
              data-testid="share-url"
              onFocus={(e) => e.target.select()}
            />
            {moneyShown !== null ? (
              <ShareSwitch
                label={dict["share.money"]}
                checked={moneyShown}
                disabled={pending}
                onToggle={(shown) =>
                  act(
                    () => setShareMoneyAction(eveningId, shown),
                    () => showMoney(shown),
                  )
                }
              />
            ) : null}
            <ShareSwitch
              label={dict["share.odds"]}
              checked={oddsShown}
              disabled={pending}
              testId="show-odds"
              onToggle={(shown) =>
                act(
                  () => setShowOddsAction(eveningId, shown),
                  () => showOdds(shown),
                )
              }
            />
            <p data-testid="viewer-count">{format(dict["share.viewers"], { n: viewers ?? "…" })}</p>
            <div className="actions">
              <button
                type="button"
                className="button small"
                disabled={pending}
                onClick={() => act(() => rotateShareLinkAction(eveningId))}
              >
                {dict["share.rotate"]}
              </button>
              <button
                type="button"
                className="button small danger"
                disabled={pending}
                onClick={() => act(() => revokeShareLinkAction(eveningId))}
              >
                {dict["share.revoke"]}
              </button>
            </div>
          </>
        ) : (
          <>
            <p>{dict["share.off"]}</p>
            <button
              type="button"
              className="button small"
              disabled={pending}
              onClick={() => act(() => rotateShareLinkAction(eveningId))}
            >
              {dict["share.enable"]}
            </button>
          </>
        )}
      </div>
    </details>
  );
}

/** One of the owner's switches of what the link shows (the money, the odds). */
function ShareSwitch(props: {
  label: string;
  checked: boolean;
  disabled: boolean;
  testId?: string;
  onToggle: (shown: boolean) => void;
}) {
  return (
    <label className="check">
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        data-testid={props.testId}
        onChange={(e) => props.onToggle(e.target.checked)}
      />
      {props.label}
    </label>
  );
}
