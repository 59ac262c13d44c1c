"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useState, useTransition, type ReactNode } from "react";
import { DICTIONARIES, failureText, format, intlLocale, type Dictionary, type Locale } from "@/lib/i18n/dictionaries";
import type { ActionResult } from "@/lib/action-result";
import { withQueued } from "@/lib/offline/outbox";
import { playersAtOne, scoreGame, settledGame, type Stakes } from "@/lib/rules";
import { CompulsionBanner } from "@/app/_components/compulsion-banner";
import { endEveningAction } from "./actions";
import { DealDialog, type DealDialogView } from "./deal-dialog";
import type { DealContext } from "./deal-draft";
import { DealForm } from "./deal-form";
import { DealWriterContext } from "./deal-writer";
import { InvitePanel } from "./invite-panel";
import { OutboxPanel } from "./outbox-panel";
import { NextGame } from "./next-game";
import { SettlementView } from "@/app/_components/settlement-view";
import { SharePanel } from "./share-panel";
import { applyDealChange, type TableData, type TableEdit, type TableGame } from "./table-data";
import { Protokoll } from "./protokoll";
import { ScoreChart } from "./score-chart";
import { useLiveVersion } from "./use-live-version";
import { useEveningCopy } from "./use-evening-copy";
import { useOutbox } from "./use-outbox";
import { useTableWriter } from "./use-table-writer";
import { usePhone } from "@/app/_components/phone";
import { NEEDS_SIGNAL, withSignal } from "./with-signal";

interface Props {
  eveningId: string;
  /** The evening's title, for the list of evenings kept on this phone. */
  title: string;
  /** The account the page was rendered for: the phone shows it only while it acts for that account. */
  account: string;
  version: number;
  /** When the server rendered this state (ms since the epoch): "copy from" when it is shown without a signal. */
  renderedAt: number;
  open: boolean;
  role: "owner" | "member";
  /** Who is looking: the name on the edit-history lines of the changes made here. */
  viewer: string;
  /**
   * The games as stored: the table scores them itself (the results, with their explanations in both languages,
   * would be most of an evening's bytes).
   */
  games: Omit<TableGame, "result">[];
  edits: TableEdit[];
  limits: { min: number; max: number };
  knownNames: string[];
  invite: { url: string; qrSvg: string; members: { userId: string; username: string }[] } | null;
  /** Owner only: the share link of the live scoreboard (url null when switched off). */
  share: { link: { url: string; qrSvg: string } | null; money: boolean | null } | null;
  /** Stakes pinned for the evening (minor units), or null. */
  stakes: Stakes | null;
  /** The evening's details (date, place, house rules, export and print), shown below the protokoll. */
  details?: ReactNode;
  /** The page's language; its dictionary is part of this bundle already (failure texts), so it is not sent. */
  locale: Locale;
}

/** How long the "Undo" of a deal just saved is offered. */
const UNDO_MS = 10_000;

/**
 * The table: the state of the game and the deal entry on the first screen, then the protokoll, the next game,
 * and — out of the way of entry — the evening's details, sharing and inviting.
 */
export function TableView({
  eveningId,
  title,
  account: pageAccount,
  version,
  renderedAt,
  open: openNow,
  role: roleNow,
  viewer,
  games: gamesNow,
  edits: editsNow,
  limits,
  knownNames,
  invite,
  share,
  stakes,
  details,
  locale,
}: Props) {
  const dict = DICTIONARIES[locale];
  const router = useRouter();
  const t = (key: keyof Dictionary, values: Record<string, string | number> = {}) => format(dict[key], values);
  const phone = usePhone();
  // The phone acts for one account: another account's copy of this evening is not shown (signed out here).
  const account = phone.account?.id === pageAccount ? pageAccount : null;
  const fromServer = useMemo(() => {
    const games = gamesNow.map((g) => ({ ...g, result: scoreGame(g.record) }));
    return { version, renderedAt, data: { open: openNow, role: roleNow, games, edits: editsNow } };
  }, [version, renderedAt, openNow, roleNow, gamesNow, editsNow]);
  const reload = useCallback(() => {
    // Without a signal the page's data cannot be fetched; the outbox and the kept copy stand in.
    if (navigator.onLine) router.refresh();
  }, [router]);
  useEffect(() => phone.onSynced(reload), [phone, reload]);
  const copy = useEveningCopy<TableData>(account, eveningId, title, fromServer);
  const outbox = useOutbox(account, eveningId, phone.sync);
  const { open, role, games, edits } = copy.shown.data;
  const game = games.at(-1)!;
  const gameQueue = useMemo(() => outbox.queue.filter((d) => d.gameId === game.id), [outbox.queue, game.id]);
  // The game as this phone knows it: the server's deals, then the deals waiting on this phone.
  const local = useMemo(() => withQueued(game.record, game.result, gameQueue), [game, gameQueue]);
  const { record, result } = local;
  const serverLength = game.record.deals.length;
  const { writer, writing } = useTableWriter({
    reachable: () => navigator.onLine && !phone.offline,
    queue: outbox.queue,
    queuedAt: (gameId, number) => {
      const seq = gameId === game.id ? local.seqOf.get(number) : undefined;
      return seq === undefined ? undefined : outbox.queue.find((d) => d.seq === seq);
    },
    apply: (v, change) => copy.apply(v, (data) => applyDealChange(data, change, viewer, new Date())),
    reload,
    outbox: {
      enqueue: outbox.enqueue,
      editQueued: (seq, entries) => outbox.editQueued(seq, entries, serverLength),
      removeQueued: (seq) => outbox.removeQueued(seq, serverLength),
    },
  });
  // Deal changes of this phone on their way: their answers show them, so the poll does not reload for them.
  const { shownVersion } = copy;
  const pollVersion = useCallback(() => (writing() ? null : shownVersion()), [writing, shownVersion]);
  useLiveVersion(eveningId, pollVersion, phone.reached);
  const [dialog, setDialog] = useState<{ number: number; view: DealDialogView } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [justSaved, setJustSaved] = useState<{ gameId: string; number: number; queued: boolean } | null>(null);
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    if (!justSaved) return;
    const timer = setTimeout(() => setJustSaved(null), UNDO_MS);
    return () => clearTimeout(timer);
  }, [justSaved]);

  /** After a deal change (the writer has shown it already): what went wrong, if anything, and the dialog closed. */
  const dealChanged = (message?: string) => {
    setNotice(message ?? null);
    setDialog(null);
  };
  /** After a change through a server action (a game, sharing, inviting, the evening's end): the page's new state. */
  const refresh = (result?: ActionResult) => {
    setNotice(result && !result.ok ? failureText(result, locale) : null);
    setDialog(null);
    // When the action never left the phone there is nothing new to fetch; asking anyway without a signal would
    // make the router load the whole page again, and the notice with it would be gone.
    if (result !== NEEDS_SIGNAL) reload();
  };
  const closeDialog = useCallback(() => setDialog(null), []);
  const over = result.winners.length > 0;
  const next = result.nextDeal;
  const newContext: DealContext | null = next
    ? {
        number: next.number,
        dealer: next.dealer,
        forehand: next.forehand,
        firstDeal: next.firstDeal,
        trumpCompulsion: next.trumpCompulsion,
      }
    : null;
  const lastDealer = result.deals.at(-1)?.dealer ?? record.firstDealer ?? record.players[0]!;
  const suggestedDealer = record.players[(record.players.indexOf(lastDealer) + 1) % record.players.length]!;
  const timeFormat = new Intl.DateTimeFormat(intlLocale(locale), {
    hour: "2-digit",
    minute: "2-digit",
  });
  // The undo is for the deal just saved, and only while it is still the last deal of this game.
  const undoable =
    justSaved && justSaved.gameId === game.id && result.deals.length === justSaved.number ? justSaved : null;

  function saved(outcome: { number: number; queued: boolean } | { message: string }) {
    if ("number" in outcome) {
      setJustSaved({ gameId: game.id, number: outcome.number, queued: outcome.queued });
      dealChanged();
    } else {
      setJustSaved(null);
      dealChanged(outcome.message);
    }
    // The next deal starts at the top: who deals next, trumftvång and an empty form in view.
    window.scrollTo({ top: 0 });
  }

  function undo(number: number) {
    setJustSaved(null);
    startTransition(async () => {
      const response = await writer.remove({ gameId: game.id, number });
      dealChanged(response.ok ? undefined : failureText(response, locale));
    });
  }

  if (!account)
    return (
      <p className="banner warn" data-testid="signed-out-here">
        {dict["offline.signedOutHere"]}{" "}
        <a href={`/sign-in?next=${encodeURIComponent(`/evenings/${eveningId}`)}`}>{dict["nav.signIn"]}</a>
      </p>
    );

  return (
    <DealWriterContext value={writer}>
      <div className="table-view stack">
        <OutboxPanel
          queue={outbox.queue}
          connection={phone.connection}
          copyFrom={phone.offline ? copy.shown.renderedAt : null}
          foreign={phone.foreign}
          eveningId={eveningId}
          games={games}
          local={local}
          open={open}
          dict={dict}
          locale={locale}
          onChoose={(seq, choice) => outbox.choose(seq, choice, dict["offline.needsSignal"])}
          onRemove={(seq) => outbox.removeQueued(seq, serverLength)}
          onEdit={(seq, entries) => outbox.editQueued(seq, entries, serverLength)}
          onMove={(seq) => outbox.move(seq, game.id, record.deals.length + 1)}
        />
        {notice ? (
          <p className="banner warn" role="status">
            {notice}
          </p>
        ) : null}
        <section className="status" aria-label={t("table.gameN", { n: game.number })}>
          <p>
            <strong>{t("table.gameN", { n: game.number })}</strong>
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
          <CompulsionBanner names={playersAtOne(record.players, result.scores)} dict={dict} testId="trumftvang" />
        ) : null}
        {over ? (
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
          </section>
        ) : null}
        {!open ? <p className="banner">{dict["table.ended"]}</p> : null}

        {open && newContext && !over ? (
          <DealForm
            key={`new-${game.id}-${newContext.number}`}
            gameId={game.id}
            record={record}
            result={result}
            context={newContext}
            mode="new"
            dict={dict}
            locale={locale}
            onSaved={saved}
          />
        ) : null}

        {undoable ? (
          <div className="undo-toast" role="status" data-testid="undo-toast">
            <span>{t(undoable.queued ? "offline.saved" : "table.saved", { n: undoable.number })}</span>
            <button type="button" className="button small" disabled={pending} onClick={() => undo(undoable.number)}>
              {dict["table.undoSaved"]}
            </button>
          </div>
        ) : null}

        {open && over ? (
          <NextGame
            eveningId={eveningId}
            number={game.number + 1}
            seats={record.players}
            suggestedDealer={suggestedDealer}
            knownNames={knownNames}
            limits={limits}
            dict={dict}
            locale={locale}
            onStarted={() => refresh()}
          />
        ) : null}

        <section className="stack" aria-labelledby="protokoll-heading">
          <div className="actions" style={{ justifyContent: "space-between" }}>
            <h2 id="protokoll-heading">{dict["evening.scores"]}</h2>
            {open && result.deals.length ? (
              <button
                type="button"
                className="button small"
                onClick={() => setDialog({ number: result.deals.length, view: "delete" })}
              >
                {dict["table.undo"]}
              </button>
            ) : null}
          </div>
          <Protokoll
            record={record}
            result={result}
            dict={dict}
            locale={locale}
            queued={local.queued}
            provisional={local.provisional}
            onSelect={(number) => setDialog({ number, view: "explain" })}
          />
          {result.deals.length ? (
            <ScoreChart record={record} result={result} label={t("chart.label", { n: game.number })} />
          ) : null}
        </section>

        {games.length > 1 ? (
          <details className="card">
            <summary>{dict["table.games"]}</summary>
            {games.slice(0, -1).map((g) => (
              <div key={g.id} className="stack">
                <h3>
                  {t("table.gameN", { n: g.number })}: {g.result.winners.join(" & ")}
                </h3>
                <Protokoll record={g.record} result={g.result} dict={dict} locale={locale} />
                <ScoreChart record={g.record} result={g.result} label={t("chart.label", { n: g.number })} />
              </div>
            ))}
          </details>
        ) : null}

        <SettlementView
          stakes={stakes}
          games={[...games.slice(0, -1), { record, result }].map((g) => settledGame(g.record, g.result))}
          dict={dict}
          locale={locale}
        />

        {details}

        <details className="card">
          <summary>{dict["table.history"]}</summary>
          {edits.length === 0 ? <p className="muted">{dict["table.historyEmpty"]}</p> : null}
          <ol className="history" data-testid="history">
            {edits.map((e) => (
              <li key={e.id}>
                <time dateTime={e.at}>{timeFormat.format(new Date(e.at))}</time> {e.by}{" "}
                {dict[`table.action.${e.action}`]} {t("table.dealNumber", { n: e.dealNumber })} (
                {t("table.gameN", { n: e.gameNumber })})
              </li>
            ))}
          </ol>
        </details>

        {share ? (
          <SharePanel eveningId={eveningId} share={share.link} money={share.money} dict={dict} onChanged={refresh} />
        ) : null}
        {invite && open ? (
          <InvitePanel
            eveningId={eveningId}
            inviteUrl={invite.url}
            qrSvg={invite.qrSvg}
            members={invite.members}
            dict={dict}
            onChanged={refresh}
          />
        ) : null}
        {role === "owner" && open ? (
          <button
            type="button"
            className="button"
            disabled={pending}
            onClick={() =>
              startTransition(async () => {
                refresh(await withSignal(() => endEveningAction(eveningId)));
              })
            }
          >
            {dict["table.endEvening"]}
          </button>
        ) : null}

        {dialog ? (
          <DealDialog
            key={`${game.id}-${dialog.number}-${dialog.view}`}
            gameId={game.id}
            record={record}
            result={result}
            number={dialog.number}
            view={dialog.view}
            editable={open}
            dict={dict}
            locale={locale}
            onClose={closeDialog}
            onChanged={dealChanged}
          />
        ) : null}
      </div>
    </DealWriterContext>
  );
}
