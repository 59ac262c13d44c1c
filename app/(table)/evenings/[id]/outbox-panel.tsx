"use client";

import { useState, useTransition } from "react";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { clockTime, format } from "@/lib/i18n/format";
import { useI18n } from "@/lib/i18n/client";
import { outboxCounts, type Choice, type LocalGame, type QueuedDeal } from "@/lib/offline/outbox";
import { cardsExchanged, evaluateGame } from "@/lib/rules";
import type { Entries } from "@/lib/rules";
import type { Connection } from "@/lib/offline/sync-loop";
import type { Count } from "@/lib/offline/log-mark";
import { ChangePreview } from "./change-preview";
import { DealForm } from "./deal-form";
import type { TableGame } from "./table-data";
import { DealWriterContext, QUEUED, type DealWriter } from "./deal-writer";

interface Props {
  /** The evening's deals waiting on this phone (this account's). */
  queue: QueuedDeal[];
  connection: Connection;
  /** When the state shown is from, if there is no signal now. */
  copyFrom: number | null;
  /** Deals of other accounts waiting on this phone. */
  foreign: number;
  /** Changes of this account lost with a log the browser cleared, and when they were last counted. */
  lost: Count | null;
  onLossSeen: () => void;
  eveningId: string;
  /** The evening's games as the server last sent them; the last is the current one. */
  games: TableGame[];
  /** The current game as this phone shows it. */
  local: LocalGame;
  /** Whether the evening still takes deals. */
  open: boolean;
  onChoose: (seq: number, choice: Choice) => Promise<string | null>;
  onRemove: (seq: number) => Promise<void>;
  onEdit: (seq: number, entries: Entries) => Promise<void>;
  /** Moves a refused deal into the current game, as its next deal. */
  onMove: (seq: number) => Promise<void>;
  /** Stores a deal the record no longer ends before as the record's next deal (refusal "moved"). */
  onFollow: (seq: number) => Promise<void>;
}

/** "1 card", "3 cards": the dictionary's one-form for 1. */
function plural(dict: Dictionary, one: keyof Dictionary, many: keyof Dictionary, n: number) {
  return n === 1 ? dict[one] : format(dict[many], { n });
}

/**
 * What the table needs to know about the signal and this phone's outbox: no signal (and how old the copy is),
 * how many deals wait, how many need a choice or were not accepted, a sign-in the sending waits for, deals of
 * another account — and, one at a time, a deal the table must decide on.
 */
export function OutboxPanel({
  queue,
  connection,
  copyFrom,
  foreign,
  lost,
  onLossSeen,
  eveningId,
  games,
  local,
  open,
  onChoose,
  onRemove,
  onEdit,
  onMove,
  onFollow,
}: Props) {
  const { dict } = useI18n();
  const counts = outboxCounts(queue);
  // The table decides on the first deal that cannot go as it is; those after it in its game wait for that.
  const blocked = queue.find((d) => d.state !== "waiting");
  if (!copyFrom && !queue.length && connection !== "signIn" && !foreign && !lost) return null;
  const game = games.at(-1)!;
  const unsent = counts.waiting + counts.changes + counts.games;
  return (
    <div className="outbox stack" aria-live="polite">
      {lost ? (
        <div className="banner warn" role="alert" data-testid="outbox-lost">
          <p>
            {format(dict[lost.n === 1 ? "offline.lostOne" : "offline.lost"], {
              n: lost.n,
              time: clockTime(new Date(lost.at)),
            })}
          </p>
          <button type="button" className="button small" onClick={onLossSeen}>
            {dict["offline.lostSeen"]}
          </button>
        </div>
      ) : null}
      {copyFrom || unsent ? (
        <p className={`outbox-status${copyFrom ? " offline" : ""}`}>
          {copyFrom ? (
            <span data-testid="offline-banner">
              {format(dict["offline.banner"], { time: clockTime(new Date(copyFrom)) })}
            </span>
          ) : null}
          {copyFrom && unsent ? " " : null}
          {unsent ? (
            <span data-testid="outbox-count">
              {counts.waiting
                ? copyFrom
                  ? plural(dict, "offline.notSentOne", "offline.notSent", counts.waiting)
                  : plural(dict, "offline.waitingOne", "offline.waiting", counts.waiting)
                : null}
              {counts.waiting && counts.changes ? " " : null}
              {counts.changes
                ? copyFrom
                  ? plural(dict, "offline.changesNotSentOne", "offline.changesNotSent", counts.changes)
                  : plural(dict, "offline.changesWaitingOne", "offline.changesWaiting", counts.changes)
                : null}
              {(counts.waiting || counts.changes) && counts.games ? " " : null}
              {counts.games ? plural(dict, "offline.gamesOne", "offline.games", counts.games) : null}
              {connection === "sending" && !copyFrom ? ` ${dict["offline.sending"]}` : ""}
            </span>
          ) : null}
        </p>
      ) : null}
      {counts.conflict || counts.refused ? (
        <p className="outbox-status" data-testid="outbox-blocked">
          {counts.conflict ? plural(dict, "offline.blockedOne", "offline.blocked", counts.conflict) : null}
          {counts.conflict && counts.refused ? " " : null}
          {counts.refused ? plural(dict, "offline.refusedCountOne", "offline.refusedCount", counts.refused) : null}
        </p>
      ) : null}
      {foreign ? (
        <p className="muted" data-testid="outbox-foreign">
          {dict["offline.foreign"]}
        </p>
      ) : null}
      {connection === "signIn" && queue.length ? (
        <p className="banner warn" data-testid="outbox-sign-in">
          {dict["offline.signIn"]}{" "}
          <a href={`/sign-in?next=${encodeURIComponent(`/evenings/${eveningId}`)}`}>{dict["offline.signInLink"]}</a>
        </p>
      ) : null}
      {blocked?.state === "conflict" ? (
        <Conflict
          key={blocked.seq}
          deal={blocked}
          game={games.find((g) => g.id === blocked.gameId) ?? game}
          onChoose={onChoose}
        />
      ) : null}
      {blocked?.state === "refused" ? (
        <Refused
          key={blocked.seq}
          deal={blocked}
          games={games}
          local={local}
          open={open}
          onRemove={onRemove}
          onEdit={onEdit}
          onMove={onMove}
          onFollow={onFollow}
        />
      ) : null}
    </div>
  );
}

/** One deal in words, seat by seat: who played, cards, tricks, a revoke. */
function DealSummary({ entries, players, knektpass }: { entries: Entries; players: string[]; knektpass: boolean }) {
  const { dict } = useI18n();
  return (
    <ul className="deal-summary">
      {players.map((p) => {
        const e = entries[p];
        if (!e) return null;
        const cards = cardsExchanged(e);
        const parts = [
          e.plays
            ? knektpass
              ? dict["table.plays"]
              : dict["table.knocks"]
            : knektpass
              ? dict["table.passes"]
              : dict["table.lurar"],
          cards ? plural(dict, "offline.cardsOne", "offline.cards", cards) : null,
          e.tricks !== undefined && e.plays ? plural(dict, "offline.tricksOne", "offline.tricks", e.tricks) : null,
          e.revoke ? dict["table.revoke"] : null,
        ].filter(Boolean);
        return (
          <li key={p}>
            <strong>{p}</strong>: {parts.join(" · ")}
          </li>
        );
      })}
    </ul>
  );
}

function Conflict({ deal, game, onChoose }: { deal: QueuedDeal; game: TableGame; onChoose: Props["onChoose"] }) {
  const i18n = useI18n();
  const { dict, t } = i18n;
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const { record } = game;
  const knektpass = record.variant === "knektpass";
  // Keep mine is an edit of theirs: the usual preview of what it changes, or why the rules refuse it.
  const mine =
    deal.number <= record.deals.length
      ? evaluateGame({
          ...record,
          deals: record.deals.map((d, i) => (i === deal.number - 1 ? { entries: deal.entries } : d)),
        })
      : null;
  // What each choice makes of this phone's deal: its dealer and trumftvång where it would stand.
  const dealt = game.result.deals[deal.number - 1];
  const next = game.result.nextDeal;
  const choose = (choice: Choice) =>
    startTransition(async () => {
      setError(null);
      const refused = await onChoose(deal.seq!, choice);
      if (refused) setError(t("offline.keepMineRefused", { reason: refused }));
    });
  return (
    <section className="card stack conflict" data-testid="conflict" aria-labelledby={`conflict-${deal.seq}`}>
      <h2 id={`conflict-${deal.seq}`}>
        {deal.theirsBy
          ? t("offline.conflictBy", { n: deal.number, name: deal.theirsBy })
          : t("offline.conflictTitle", { n: deal.number })}
      </h2>
      <div className="versions">
        <div data-testid="conflict-theirs">
          <h3>{deal.theirsBy ? t("offline.theirsBy", { name: deal.theirsBy }) : dict["offline.theirs"]}</h3>
          <DealSummary entries={deal.theirs ?? {}} players={record.players} knektpass={knektpass} />
        </div>
        <div data-testid="conflict-mine">
          <h3>{dict["offline.mine"]}</h3>
          <DealSummary entries={deal.entries} players={record.players} knektpass={knektpass} />
        </div>
      </div>
      {mine?.ok ? (
        <div className="stack" data-testid="keep-mine-preview">
          <p className="muted">{dict["offline.keepMineChanges"]}</p>
          <ChangePreview before={game.result} after={mine.result} players={record.players} />
        </div>
      ) : null}
      {mine && !mine.ok ? (
        <p className="muted">
          {t("offline.keepMineRefused", { reason: mine.problems.map((p) => i18n.problem(p)).join("; ") })}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <ul className="muted choice-what" data-testid="conflict-what">
        <li>{dict["offline.theirsWhat"]}</li>
        {dealt ? (
          <li data-testid="mine-what">
            {t("offline.mineWhat", { n: deal.number, dealer: dealt.dealer })}
            {dealt.trumpCompulsion ? ` ${dict["offline.followCompulsion"]}` : null}
          </li>
        ) : null}
        {next ? (
          <li data-testid="both-what">
            {t("offline.bothWhat", { n: record.deals.length + 1, dealer: next.dealer })}
            {next.trumpCompulsion ? ` ${dict["offline.followCompulsion"]}` : null}
          </li>
        ) : null}
      </ul>
      <p className="muted">{dict["offline.provisional"]}</p>
      <div className="actions">
        <button type="button" className="button" disabled={pending} onClick={() => choose("theirs")}>
          {dict["offline.keepTheirs"]}
        </button>
        <button
          type="button"
          className="button"
          disabled={pending || (mine !== null && !mine.ok)}
          onClick={() => choose("mine")}
        >
          {dict["offline.keepMine"]}
        </button>
        <button type="button" className="button" disabled={pending} onClick={() => choose("both")}>
          {t("offline.keepBothN", { n: record.deals.length + 1 })}
        </button>
      </div>
    </section>
  );
}

/** A waiting deal the rules or the server refused: why, in this phone's words, and what can be done with it. */
function Refused({
  deal,
  games,
  local,
  open,
  onRemove,
  onEdit,
  onMove,
  onFollow,
}: {
  deal: QueuedDeal;
  games: TableGame[];
  local: LocalGame;
  open: boolean;
  onRemove: Props["onRemove"];
  onEdit: Props["onEdit"];
  onMove: Props["onMove"];
  onFollow: Props["onFollow"];
}) {
  const { dict, t } = useI18n();
  const [editing, setEditing] = useState(false);
  const [pending, startTransition] = useTransition();
  const current = games.at(-1)!;
  const own = games.find((g) => g.id === deal.gameId);
  const { record, result } = local;
  const next = result.nextDeal;
  const inCurrent = deal.gameId === current.id;
  // It can be edited where it would be the next deal of the current game as this phone shows it; it can move
  // into the current game when its own game was won meanwhile.
  const canTakeDeals = open && next !== null && deal.refusal !== "ended" && deal.refusal !== "gone";
  const editable = canTakeDeals && inCurrent && !deal.kind && deal.number === record.deals.length + 1;
  const movable = canTakeDeals && !inCurrent && (own !== undefined || deal.refusal === "unstarted") && !deal.kind;
  // The record ends earlier than this phone's copy did: it can follow the record's last deal, as the table sees here.
  const follows = canTakeDeals && inCurrent && deal.refusal === "moved";
  const reason =
    deal.refusal === "won"
      ? t("offline.refusedWon", { game: own?.number ?? "?" })
      : deal.refusal === "unstarted"
        ? dict["offline.refusedUnstarted"]
        : deal.refusal === "ended"
          ? dict["offline.refusedEnded"]
          : deal.refusal === "gone"
            ? dict["offline.refusedGone"]
            : deal.refusal === "moved"
              ? record.deals.length
                ? t("offline.refusedMoved", { last: record.deals.length, n: deal.number })
                : t("offline.refusedMovedEmpty", { n: deal.number })
              : deal.refusal === "changed"
                ? t("offline.refusedChanged", { n: deal.number, reason: deal.reason ?? "" })
                : t("offline.refusedRules", { reason: deal.reason ?? "" });
  const withDeal = { ...record, deals: [...record.deals, { entries: deal.entries }] };
  // The form writes to this deal in the outbox, whatever number the protokoll shows.
  const writer: DealWriter = {
    record: async () => QUEUED,
    edit: async (input) => {
      await onEdit(deal.seq!, input.entries);
      return QUEUED;
    },
    remove: async () => {
      await onRemove(deal.seq!);
      return QUEUED;
    },
    startGame: async () => QUEUED,
  };
  return (
    <section className="card stack refused" data-testid="refused" aria-labelledby={`refused-${deal.seq}`}>
      <h2 id={`refused-${deal.seq}`}>
        {t(
          deal.kind === "game"
            ? "offline.refusedGameTitle"
            : deal.kind
              ? "offline.refusedChangeTitle"
              : "offline.refusedTitle",
          { n: deal.number },
        )}
      </h2>
      <p className="form-error" data-testid="refused-reason">
        {reason}
      </p>
      {follows ? (
        <p data-testid="follow-what">
          {t("offline.followWhat", { n: record.deals.length + 1, dealer: next.dealer })}
          {next.trumpCompulsion ? ` ${dict["offline.followCompulsion"]}` : null}
        </p>
      ) : null}
      <DealSummary
        entries={deal.entries}
        players={(own ?? current).record.players}
        knektpass={record.variant === "knektpass"}
      />
      {editing && editable ? (
        <DealWriterContext value={writer}>
          <DealForm
            gameId={current.id}
            record={withDeal}
            result={result}
            context={{
              number: deal.number,
              dealer: next.dealer,
              forehand: next.forehand,
              firstDeal: next.firstDeal,
              trumpCompulsion: next.trumpCompulsion,
            }}
            mode="edit"
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </DealWriterContext>
      ) : (
        <div className="actions">
          {editable ? (
            <button type="button" className="button" onClick={() => setEditing(true)}>
              {dict["offline.edit"]}
            </button>
          ) : null}
          {follows ? (
            <button
              type="button"
              className="button"
              disabled={pending}
              onClick={() => startTransition(() => onFollow(deal.seq!))}
            >
              {t("offline.followAs", { n: record.deals.length + 1 })}
            </button>
          ) : null}
          {movable ? (
            <button
              type="button"
              className="button"
              disabled={pending}
              onClick={() => startTransition(() => onMove(deal.seq!))}
            >
              {t("offline.moveTo", { game: current.number, n: record.deals.length + 1 })}
            </button>
          ) : null}
          <button
            type="button"
            className="button"
            disabled={pending}
            onClick={() => startTransition(() => onRemove(deal.seq!))}
          >
            {dict["offline.delete"]}
          </button>
        </div>
      )}
    </section>
  );
}
