"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { useI18n } from "@/lib/i18n/client";
import type { GameRecord, GameResult } from "@/lib/rules";
import { DealForm } from "./deal-form";
import { useDealWriter } from "./deal-writer";
import { UndoToast, useJustSaved } from "./table-sections";

interface Props {
  gameId: string;
  record: GameRecord;
  result: GameResult;
  open: boolean;
  /**
   * Whether the form shows the phone's view of the game (the server's record with the phone's log on top): until
   * then it takes no tap, so a tap is never entered under a number the log would change (decision 023).
   */
  ready: boolean;
  /** After a deal change (the writer has shown it already): what went wrong, if anything. */
  onChanged: (message?: string) => void;
}

/**
 * The next deal's entry while the game goes on, and for a few seconds after a save "Deal 3 saved" with Undo —
 * above Save, where it covers nothing (or at the foot of the screen once the game is over).
 */
export function DealEntry({ gameId, record, result, open, ready, onChanged }: Props) {
  const i18n = useI18n();
  const writer = useDealWriter();
  const { undoable, setJustSaved } = useJustSaved(gameId, result.deals.length);
  // While an undo is on its way the form still shows the next deal; it takes no tap until the undone deal's returns.
  // (A plain state, not a transition: a transition's updates would show only once the undo is done.)
  const [undoing, setUndoing] = useState(false);
  const next = result.nextDeal;
  const entering = open && next && result.winners.length === 0;
  const formKey = entering ? `new-${gameId}-${next.number}` : null;
  const hold = useMovedOnNotice(formKey, next?.number ?? null, onChanged);

  function saved(outcome: { number: number; queued: boolean } | { message: string }) {
    if ("number" in outcome) {
      setJustSaved({ gameId, number: outcome.number, queued: outcome.queued });
      onChanged();
    } else {
      setJustSaved(null);
      onChanged(outcome.message);
    }
    // The next deal starts at the top: who deals next, trumftvång and an empty form in view.
    window.scrollTo({ top: 0 });
  }

  async function undo(number: number) {
    // Busy meanwhile, the form holds no taps (it says so itself): the undone deal's form coming back is no news.
    setUndoing(true);
    try {
      const response = await writer.remove({ gameId, number, expected: record.deals[number - 1]?.entries });
      onChanged(response.ok ? undefined : i18n.failure(response));
    } finally {
      setJustSaved(null);
      setUndoing(false);
    }
  }

  const toast = undoable ? <UndoToast saved={undoable} undoing={undoing} onUndo={(n) => void undo(n)} /> : null;
  return (
    <>
      {entering ? (
        <DealForm
          key={`new-${gameId}-${next.number}`}
          gameId={gameId}
          record={record}
          result={result}
          context={{
            number: next.number,
            dealer: next.dealer,
            forehand: next.forehand,
            firstDeal: next.firstDeal,
            trumpCompulsion: next.trumpCompulsion,
          }}
          mode="new"
          busy={undoing || !ready}
          onHolding={(taps) => formKey && hold(formKey, taps)}
          onSaved={saved}
          toast={toast}
        />
      ) : (
        toast
      )}
    </>
  );
}

/**
 * Taps on the form that are not being saved (`hold`: the form's key while it has them), and the form's deal
 * changing under them — another phone saved that deal or undid the one before, or the game ended: the form starts
 * again empty, and the table is told so, else the next taps would enter the same deal again as the next one.
 */
function useMovedOnNotice(formKey: string | null, number: number | null, notify: (message: string) => void) {
  const { t } = useI18n();
  const holding = useRef<string | null>(null);
  const shown = useRef({ key: formKey, number });
  useEffect(() => {
    const before = shown.current;
    if (before.key === formKey) return;
    shown.current = { key: formKey, number };
    if (before.key !== null && holding.current === before.key) notify(t("table.movedOn", { n: before.number! }));
    holding.current = null;
  }, [formKey, number, notify, t]);
  // A form tells only of its own key: the next deal's form, mounted before this hook hears of the change, does not
  // clear what the previous one held.
  return useCallback((key: string, taps: boolean) => {
    if (taps) holding.current = key;
    else if (holding.current === key) holding.current = null;
  }, []);
}
