"use client";

import { useState, useTransition } from "react";
import { format, intlLocale, type Dictionary, type Locale } from "@/lib/i18n/dictionaries";
import type { Choice, Entries, LocalGame, QueuedDeal } from "@/lib/offline/outbox";
import { evaluateGame } from "@/lib/rules";
import { ChangePreview } from "./change-preview";
import { DealForm } from "./deal-form";
import type { TableGame } from "./table-data";
import type { Connection } from "./use-offline-table";

interface Props {
  /** The evening's deals waiting on this phone. */
  queue: QueuedDeal[];
  connection: Connection;
  /** When the state shown is from, if there is no signal now. */
  copyFrom: number | null;
  eveningId: string;
  /** The current game as the server last sent it, and as this phone shows it. */
  game: TableGame;
  local: LocalGame;
  dict: Dictionary;
  locale: Locale;
  onChoose: (seq: number, choice: Choice) => Promise<string | null>;
  onRemove: (seq: number) => Promise<void>;
}

/**
 * What the table needs to know about the signal and this phone's outbox: no signal (and how old the copy is),
 * how many deals wait, a sign-in the sending waits for, and — one at a time — a deal the table must decide on.
 */
export function OutboxPanel({
  queue,
  connection,
  copyFrom,
  eveningId,
  game,
  local,
  dict,
  locale,
  onChoose,
  onRemove,
}: Props) {
  const t = (key: keyof Dictionary, values: Record<string, string | number> = {}) => format(dict[key], values);
  const time = new Intl.DateTimeFormat(intlLocale(locale), { hour: "2-digit", minute: "2-digit" });
  const waiting = queue.length;
  // The table decides on the first deal of the game that cannot go as it is; those after it wait for that.
  const blocked = queue.find((d) => d.state !== "waiting");
  if (!copyFrom && !waiting && connection !== "signIn") return null;
  return (
    <div className="outbox stack" aria-live="polite">
      {copyFrom || waiting ? (
        <p className={`outbox-status${copyFrom ? " offline" : ""}`}>
          {copyFrom ? (
            <span data-testid="offline-banner">{t("offline.banner", { time: time.format(new Date(copyFrom)) })}</span>
          ) : null}
          {copyFrom && waiting ? " " : null}
          {waiting ? (
            <span data-testid="outbox-count">
              {waiting === 1 ? t("offline.waitingOne") : t("offline.waiting", { n: waiting })}
              {connection === "sending" ? ` ${t("offline.sending")}` : ""}
            </span>
          ) : null}
        </p>
      ) : null}
      {connection === "signIn" ? (
        <p className="banner warn" data-testid="outbox-sign-in">
          {t("offline.signIn")}{" "}
          <a href={`/sign-in?next=${encodeURIComponent(`/evenings/${eveningId}`)}`}>{t("offline.signInLink")}</a>
        </p>
      ) : null}
      {blocked?.state === "conflict" ? (
        <Conflict key={blocked.seq} deal={blocked} game={game} dict={dict} onChoose={onChoose} />
      ) : null}
      {blocked?.state === "refused" ? (
        <Refused
          key={blocked.seq}
          deal={blocked}
          local={local}
          gameId={game.id}
          dict={dict}
          locale={locale}
          onRemove={onRemove}
        />
      ) : null}
    </div>
  );
}

/** One deal in words, seat by seat: who played, cards, tricks, a revoke. */
function DealSummary({
  entries,
  players,
  knektpass,
  dict,
}: {
  entries: Entries;
  players: string[];
  knektpass: boolean;
  dict: Dictionary;
}) {
  const t = (key: keyof Dictionary, values: Record<string, string | number> = {}) => format(dict[key], values);
  return (
    <ul className="deal-summary">
      {players.map((p) => {
        const e = entries[p];
        if (!e) return null;
        const cards = Array.isArray(e.exchanged) ? e.exchanged.reduce((a, b) => a + b, 0) : e.exchanged;
        const parts = [
          e.plays
            ? knektpass
              ? dict["table.plays"]
              : dict["table.knocks"]
            : knektpass
              ? dict["table.passes"]
              : dict["table.lurar"],
          cards ? t("offline.cards", { n: cards }) : null,
          e.tricks !== undefined && e.plays ? t("offline.tricks", { n: e.tricks }) : null,
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

function Conflict({
  deal,
  game,
  dict,
  onChoose,
}: {
  deal: QueuedDeal;
  game: TableGame;
  dict: Dictionary;
  onChoose: Props["onChoose"];
}) {
  const t = (key: keyof Dictionary, values: Record<string, string | number> = {}) => format(dict[key], values);
  const [pending, startTransition] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const { record } = game;
  const knektpass = record.variant === "knektpass";
  // Keep mine is an edit of theirs: the usual preview of what it changes, or why the rules refuse it.
  const mine =
    game.id === deal.gameId && deal.number <= record.deals.length
      ? evaluateGame({
          ...record,
          deals: record.deals.map((d, i) => (i === deal.number - 1 ? { entries: deal.entries } : d)),
        })
      : null;
  const choose = (choice: Choice) =>
    startTransition(async () => {
      setError(null);
      const refused = await onChoose(deal.seq!, choice);
      if (refused) setError(t("offline.keepMineRefused", { reason: refused }));
    });
  return (
    <section className="card stack conflict" data-testid="conflict" aria-labelledby={`conflict-${deal.seq}`}>
      <h2 id={`conflict-${deal.seq}`}>{t("offline.conflictTitle", { n: deal.number })}</h2>
      <div className="versions">
        <div data-testid="conflict-theirs">
          <h3>{dict["offline.theirs"]}</h3>
          <DealSummary entries={deal.theirs ?? {}} players={record.players} knektpass={knektpass} dict={dict} />
        </div>
        <div data-testid="conflict-mine">
          <h3>{dict["offline.mine"]}</h3>
          <DealSummary entries={deal.entries} players={record.players} knektpass={knektpass} dict={dict} />
        </div>
      </div>
      {mine?.ok ? (
        <ChangePreview before={game.result} after={mine.result} players={record.players} dict={dict} />
      ) : null}
      {mine && !mine.ok ? (
        <p className="muted">
          {t("offline.keepMineRefused", { reason: mine.problems.map((p) => p.message).join("; ") })}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
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
          {dict["offline.keepBoth"]}
        </button>
      </div>
    </section>
  );
}

function Refused({
  deal,
  local,
  gameId,
  dict,
  locale,
  onRemove,
}: {
  deal: QueuedDeal;
  local: LocalGame;
  gameId: string;
  dict: Dictionary;
  locale: Locale;
  onRemove: Props["onRemove"];
}) {
  const t = (key: keyof Dictionary, values: Record<string, string | number> = {}) => format(dict[key], values);
  const [editing, setEditing] = useState(false);
  const [pending, startTransition] = useTransition();
  const { record, result } = local;
  // It can be edited where it would be the next deal of the game as this phone shows it.
  const next = result.nextDeal;
  const editable = deal.gameId === gameId && next !== null && deal.number === record.deals.length + 1;
  const withDeal = { ...record, deals: [...record.deals, { entries: deal.entries }] };
  return (
    <section className="card stack refused" data-testid="refused" aria-labelledby={`refused-${deal.seq}`}>
      <h2 id={`refused-${deal.seq}`}>{t("offline.refusedTitle", { n: deal.number })}</h2>
      <p className="form-error" data-testid="refused-reason">
        {deal.reason}
      </p>
      <DealSummary
        entries={deal.entries}
        players={record.players}
        knektpass={record.variant === "knektpass"}
        dict={dict}
      />
      {editing && editable ? (
        <DealForm
          gameId={gameId}
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
          dict={dict}
          locale={locale}
          onSaved={() => setEditing(false)}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <div className="actions">
          {editable ? (
            <button type="button" className="button" onClick={() => setEditing(true)}>
              {dict["offline.edit"]}
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
