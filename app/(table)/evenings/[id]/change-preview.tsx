"use client";

import { useI18n } from "@/lib/i18n/client";
import { format } from "@/lib/i18n/format";
import type { GameResult } from "@/lib/rules";

/**
 * What a change to an earlier deal would do: final scores that move, limpas gained or lost, a winner who appears or
 * disappears.
 */
export function ChangePreview({
  before,
  after,
  players,
}: {
  before: GameResult;
  after: GameResult;
  players: string[];
}) {
  const { dict, t } = useI18n();
  const moved = players.filter((p) => before.scores[p] !== after.scores[p]);
  const limpas = players.filter((p) => (before.limpa[p] ?? 0) !== (after.limpa[p] ?? 0));
  const newWinners = after.winners.filter((w) => !before.winners.includes(w));
  const goneWinners = before.winners.filter((w) => !after.winners.includes(w));
  return (
    <div className="preview" data-testid="change-preview">
      <h3>{dict["table.preview"]}</h3>
      {moved.length === 0 && !limpas.length && !newWinners.length && !goneWinners.length ? (
        <p>{dict["table.previewNone"]}</p>
      ) : null}
      {moved.length ? (
        <ul>
          {moved.map((p) => (
            <li key={p}>
              {p}: {before.scores[p]} → <strong>{after.scores[p]}</strong>
            </li>
          ))}
        </ul>
      ) : null}
      {limpas.length ? (
        <ul data-testid="change-preview-limpa">
          {limpas.map((p) => (
            <li key={p} className="limpa-mark">
              {t("table.previewLimpa", { name: p, from: before.limpa[p] ?? 0, to: after.limpa[p] ?? 0 })}
            </li>
          ))}
        </ul>
      ) : null}
      {newWinners.length ? (
        <p className="banner">{format(dict["table.previewWinnerNew"], { names: newWinners.join(", ") })}</p>
      ) : null}
      {goneWinners.length ? (
        <p className="banner warn">{format(dict["table.previewWinnerGone"], { names: goneWinners.join(", ") })}</p>
      ) : null}
    </div>
  );
}
