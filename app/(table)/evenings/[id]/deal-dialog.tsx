"use client";

import { useEffect, useMemo, useRef, useState, useTransition } from "react";
import { useI18n } from "@/lib/i18n/client";
import type { DealResult, GameRecord, GameResult } from "@/lib/rules";
import { ChangePreview } from "./change-preview";
import { checkDeletion, contextOfDeal } from "./deal-draft";
import { DealForm } from "./deal-form";
import { useDealWriter } from "./deal-writer";

/** A deal's dialog: why each score changed, its edit, its deletion — or the same deletion as "Undo deal N". */
export type DealDialogView = "explain" | "edit" | "delete" | "undo";

interface Props {
  gameId: string;
  record: GameRecord;
  result: GameResult;
  number: number;
  view: DealDialogView;
  /** Whether deals may be changed (an open evening). */
  editable: boolean;
  onClose: () => void;
  /** After an edit or deletion was stored, or refused in a way that needs the current state. */
  onChanged: (message?: string) => void;
}

/**
 * One deal in a modal dialog, always in view and focused: why each score changed, then — for who may — its edit
 * (with one preview of what changes) or its deletion (asked once, with one preview and one Cancel).
 */
export function DealDialog({ gameId, record, result, number, view: initialView, editable, onClose, onChanged }: Props) {
  const i18n = useI18n();
  const { dict, t } = i18n;
  const ref = useRef<HTMLDialogElement>(null);
  const [view, setView] = useState(initialView);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const writer = useDealWriter();
  const deal = result.deals[number - 1]!;
  const deleting = view === "delete" || view === "undo";
  const deletion = useMemo(() => (deleting ? checkDeletion(record, number) : null), [deleting, record, number]);
  // The words of the button that opened it: "Undo deal 3" asks "Undo deal 3?", "Delete deal 3" asks "Delete deal 3?".
  const words =
    view === "undo"
      ? ({ question: "table.undoQuestion", confirm: "table.undo" } as const)
      : ({ question: "table.deleteQuestion", confirm: "table.confirmDelete" } as const);

  useEffect(() => {
    const dialog = ref.current!;
    if (!dialog.open) dialog.showModal();
    const closed = () => onClose();
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, [onClose]);

  function remove() {
    startTransition(async () => {
      const response = await writer.remove({ gameId, number, expected: record.deals[number - 1]?.entries });
      if (response.ok) onChanged();
      else if (response.code === "conflict") onChanged(`${t("table.conflict")} (${i18n.failure(response)})`);
      else setError(i18n.failure(response));
    });
  }

  const headingId = `deal-dialog-${number}`;
  return (
    <dialog
      ref={ref}
      className="deal-dialog"
      aria-labelledby={view === "edit" ? undefined : headingId}
      data-testid="deal-dialog"
    >
      {view === "edit" ? (
        <DealForm
          gameId={gameId}
          record={record}
          result={result}
          context={contextOfDeal(record, result, number)}
          mode="edit"
          onSaved={(saved) => onChanged("message" in saved ? saved.message : undefined)}
          onCancel={onClose}
        />
      ) : (
        <div className="stack">
          <h2 id={headingId}>{deleting ? t(words.question, { n: number }) : t("table.dealNumber", { n: number })}</h2>
          {view === "explain" ? (
            <>
              <p className="muted">
                {t("table.dealtBy", { name: deal.dealer })}
                {deal.trumpCompulsion ? ` · ${dict["legend.compulsion"]}` : ""}
              </p>
              {sameForAll(deal, record.players) ? (
                // A redeal is one fact about the deal, said once rather than once per player.
                <p data-testid={`explain-deal-${number}`}>{i18n.say(deal.explain[record.players[0]!]!)}</p>
              ) : (
                <dl className="explain-list" data-testid={`explain-deal-${number}`}>
                  {record.players.map((p) => (
                    <div key={p}>
                      <dt>{p}</dt>
                      <dd>
                        {i18n.say(deal.explain[p]!)}
                        {deal.limpa.includes(p) ? <span className="limpa-mark"> {dict["legend.limpa"]}</span> : null}
                      </dd>
                    </div>
                  ))}
                </dl>
              )}
            </>
          ) : deletion?.after ? (
            <ChangePreview before={result} after={deletion.after} players={record.players} />
          ) : (
            <ul className="problems" data-testid="delete-problems">
              <li>{t("table.invalidChange")}</li>
              {deletion?.problems.map((p, i) => (
                <li key={i}>{i18n.problem(p)}</li>
              ))}
            </ul>
          )}
          {error ? (
            <p className="form-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="actions">
            {view === "explain" && editable ? (
              <>
                <button type="button" className="button primary" onClick={() => setView("edit")}>
                  {t("table.editDeal", { n: number })}
                </button>
                <button type="button" className="button danger" onClick={() => setView("delete")}>
                  {t("table.delete", { n: number })}
                </button>
              </>
            ) : null}
            {deleting ? (
              <button type="button" className="button danger" disabled={pending || !deletion?.after} onClick={remove}>
                {t(words.confirm, { n: number })}
              </button>
            ) : null}
            <button type="button" className="button" onClick={onClose}>
              {view === "explain" ? t("table.close") : t("table.cancel")}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}

/** Whether a deal says the same of every player and marks no limpa (a redeal). */
function sameForAll(deal: DealResult, players: string[]): boolean {
  const first = JSON.stringify(deal.explain[players[0]!]);
  return deal.void && !deal.limpa.length && players.every((p) => JSON.stringify(deal.explain[p]) === first);
}
