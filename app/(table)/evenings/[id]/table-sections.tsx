"use client";

import { useI18n } from "@/lib/i18n/client";
import { useEffect, useState, useTransition } from "react";
import { CompulsionBanner } from "@/app/_components/compulsion-banner";
import type { ActionResult } from "@/lib/http/action-result";
import { clockTime } from "@/lib/i18n/format";
import { playersAtOne, type GameRecord, type GameResult } from "@/lib/rules";
import { endEveningAction } from "./actions";
import { InvitePanel } from "./invite-panel";
import { Protokoll } from "./protokoll";
import { ScoreChart } from "./score-chart";
import { useLinkedPlace, useScrollToPlace } from "./use-linked-deal";
import { SharePanel } from "./share-panel";
import type { TableEdit, TableGame } from "./table-data";
import { withSignal } from "@/app/_components/with-signal";

/** The state of the game on the first screen: whose deal, trumftvång, the winner, an ended evening. */
export function GameStatus({
  number,
  record,
  result,
  open,
}: {
  number: number;
  record: GameRecord;
  result: GameResult;
  open: boolean;
}) {
  const { dict, t } = useI18n();
  const next = result.nextDeal;
  return (
    <>
      <section className="status" aria-label={t("table.gameN", { n: number })}>
        <p>
          <strong>{t("table.gameN", { n: number })}</strong>
          {next ? (
            <>
              {" · "}
              {dict["evening.nextDealer"]}: <strong data-testid="next-dealer">{next.dealer}</strong> ·{" "}
              {dict["evening.forehand"]}: <strong data-testid="forehand">{next.forehand}</strong>
            </>
          ) : null}
        </p>
        {next?.firstDeal ? <p className="note">{dict["table.firstDeal"]}</p> : null}
      </section>
      {next?.trumpCompulsion ? (
        <CompulsionBanner names={playersAtOne(record.players, result.scores)} testId="trumftvang" />
      ) : null}
      {result.winners.length ? (
        <section className="celebration card" aria-live="polite" data-testid="winners">
          <svg className="trophy" aria-hidden="true" viewBox="0 0 24 24" width="56" height="56">
            <path fill="currentColor" d="M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7-6.2-3.8-6.2 3.8 1.6-7L2 9.5l7.1-.6z" />
          </svg>
          <h2>
            {result.winners.length > 1
              ? t("table.winShared", { names: result.winners.join(" & ") })
              : t("table.wins", { names: result.winners[0]! })}
          </h2>
          <p className="muted">{t("table.gameOver")}</p>
          <ol className="final-scores" aria-label={dict["table.finalScores"]}>
            {[...record.players]
              .sort((a, b) => result.scores[a]! - result.scores[b]!)
              .map((p) => (
                <li key={p}>
                  {p} <strong data-testid={`final-score-${p}`}>{result.scores[p]}</strong>
                </li>
              ))}
          </ol>
        </section>
      ) : null}
      {!open ? <p className="banner">{dict["table.ended"]}</p> : null}
    </>
  );
}

/**
 * The current game's protokoll heading, with "Undo deal N" for who may and the switch of the screen staying on —
 * apart from the sheet below it, so that neither renders again for the other.
 */
export function ProtokollHead({
  dealCount,
  open,
  awake,
  onUndo,
}: {
  dealCount: number;
  open: boolean;
  /** The switch of the screen staying on, where the phone can and the game is in play (null elsewhere). */
  awake: { on: boolean; setOn: (on: boolean) => void } | null;
  onUndo: () => void;
}) {
  const { dict, t } = useI18n();
  return (
    <div className="actions" style={{ justifyContent: "space-between" }}>
      <h2 id="protokoll-heading">{dict["evening.scores"]}</h2>
      <div className="actions">
        {awake ? (
          <button
            type="button"
            className="awake-toggle"
            aria-pressed={awake.on}
            title={dict["table.keepAwakeHelp"]}
            onClick={() => awake.setOn(!awake.on)}
            data-testid="keep-awake"
          >
            {dict["table.keepAwake"]}
          </button>
        ) : null}
        {open && dealCount ? (
          <button type="button" className="button small" onClick={onUndo}>
            {t("table.undo", { n: dealCount })}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * How many of the game in play's deals its protokoll shows at first: the page of deal 80 opens as quickly as that of
 * deal 1 (the earlier rows are a tap away; the chart and the totals keep the whole game).
 */
const LATEST_DEALS = 30;

/** The current game's protokoll and chart. */
export function ProtokollSheet({
  number,
  record,
  result,
  queued,
  provisional,
  onSelect,
}: {
  number: number;
  record: GameRecord;
  result: GameResult;
  queued: number[];
  provisional: number[];
  onSelect: (number: number) => void;
}) {
  const { t } = useI18n();
  const linked = useLinkedPlace();
  useScrollToPlace(linked?.game === number ? linked.id : null);
  return (
    <>
      <Protokoll
        record={record}
        result={result}
        queued={queued}
        provisional={provisional}
        onSelect={onSelect}
        number={number}
        marked={linked?.game === number ? linked.deal : null}
        latest={LATEST_DEALS}
      />
      {result.deals.length ? (
        <ScoreChart record={record} result={result} label={t("chart.label", { n: number })} />
      ) : null}
    </>
  );
}

/** The evening's finished games, folded away, and written out only once unfolded (or linked to). */
export function EarlierGames({ games }: { games: TableGame[] }) {
  const { dict, t } = useI18n();
  const [toggled, setToggled] = useState<boolean | null>(null);
  // A link to one of these games or its deals (a group's record): unfolded, and the place in view.
  const linked = useLinkedPlace();
  const here = linked && games.some((g) => g.number === linked.game) ? linked : null;
  const open = toggled ?? here !== null;
  useScrollToPlace(open && here ? here.id : null);
  if (!games.length) return null;
  return (
    <details className="card" open={open} onToggle={(event) => setToggled(event.currentTarget.open)}>
      <summary>{dict["table.games"]}</summary>
      {/* Written out once opened: a long evening's earlier games are most of its page, and it opens without them. */}
      {(open ? games : []).map((g) => (
        <div key={g.id} className="stack">
          <h3>
            {t("table.gameN", { n: g.number })}: {g.result.winners.join(" & ")}
          </h3>
          <Protokoll
            record={g.record}
            result={g.result}
            number={g.number}
            marked={here?.game === g.number ? here.deal : null}
          />
          <ScoreChart record={g.record} result={g.result} label={t("chart.label", { n: g.number })} />
        </div>
      ))}
    </details>
  );
}

/**
 * Who changed which deal when, newest first — written out once opened: the times are this phone's (its time zone
 * is not the server's), and the page opens without them.
 */
export function EditHistory({ edits }: { edits: TableEdit[] }) {
  const { dict, t } = useI18n();
  const [shown, setShown] = useState(false);
  return (
    <details className="card" onToggle={(event) => setShown(event.currentTarget.open)}>
      <summary>{dict["table.history"]}</summary>
      {shown && edits.length === 0 ? <p className="muted">{dict["table.historyEmpty"]}</p> : null}
      <ol className="history" data-testid="history">
        {shown
          ? edits.map((e) => (
              <li key={e.id}>
                <time dateTime={e.at}>{clockTime(new Date(e.at))}</time> {e.by} {dict[`table.action.${e.action}`]}{" "}
                {t("table.dealNumber", { n: e.dealNumber })} ({t("table.gameN", { n: e.gameNumber })})
              </li>
            ))
          : null}
      </ol>
    </details>
  );
}

/** Sharing, inviting and ending the evening: out of the way of entering deals. */
export function EveningActions({
  eveningId,
  share,
  invite,
  owner,
  open,
  onChanged,
}: {
  eveningId: string;
  share: { link: { url: string; qrSvg: string } | null; money: boolean | null; odds: boolean } | null;
  invite: { url: string; qrSvg: string; members: { userId: string; username: string }[] } | null;
  owner: boolean;
  open: boolean;
  onChanged: (result?: ActionResult) => void;
}) {
  const { dict } = useI18n();
  const [pending, startTransition] = useTransition();
  return (
    <>
      {share ? (
        <SharePanel
          eveningId={eveningId}
          share={share.link}
          money={share.money}
          odds={share.odds}
          onChanged={onChanged}
        />
      ) : null}
      {invite && open ? (
        <InvitePanel
          eveningId={eveningId}
          inviteUrl={invite.url}
          qrSvg={invite.qrSvg}
          members={invite.members}
          onChanged={onChanged}
        />
      ) : null}
      {owner && open ? (
        <button
          type="button"
          className="button"
          disabled={pending}
          onClick={() =>
            startTransition(async () => {
              onChanged(await withSignal(() => endEveningAction(eveningId)));
            })
          }
        >
          {dict["table.endEvening"]}
        </button>
      ) : null}
    </>
  );
}

/** How long the "Undo" of a deal just saved is offered. */
const UNDO_MS = 10_000;

type Saved = { gameId: string; number: number; queued: boolean };

/** The deal just saved: offered to undo for a few seconds, while it is still the last deal of its game. */
export function useJustSaved(gameId: string, dealCount: number) {
  const [justSaved, setJustSaved] = useState<Saved | null>(null);
  useEffect(() => {
    if (!justSaved) return;
    const timer = setTimeout(() => setJustSaved(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [justSaved]);
  const undoable = justSaved && justSaved.gameId === gameId && dealCount === justSaved.number ? justSaved : null;
  return { undoable, setJustSaved };
}

/** "Deal 3 saved" (or kept on this phone) with Undo; `undoing` while the undo is on its way. */
export function UndoToast({
  saved,
  undoing,
  onUndo,
}: {
  saved: Saved;
  undoing: boolean;
  onUndo: (number: number) => void;
}) {
  const { dict, t } = useI18n();
  return (
    <div className="undo-toast" role="status" data-testid="undo-toast">
      <span>{t(saved.queued ? "offline.saved" : "table.saved", { n: saved.number })}</span>
      <button type="button" className="button small" disabled={undoing} onClick={() => onUndo(saved.number)}>
        {dict["table.undoSaved"]}
      </button>
    </div>
  );
}
