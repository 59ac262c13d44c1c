"use client";

import { useCallback, useMemo, useState, type ReactNode } from "react";
import { useI18n } from "@/lib/i18n/client";
import type { ActionResult } from "@/lib/http/action-result";
import { playsForMoney, settledGame, type SettledGame, type Stakes } from "@/lib/rules";
import { DealDialog, type DealDialogView } from "./deal-dialog";
import { DealEntry } from "./deal-entry";
import { DealWriterContext } from "./deal-writer";
import { EarlierGames, EditHistory, EveningActions, GameStatus, ProtokollHead, ProtokollSheet } from "./table-sections";
import { OutboxPanel } from "./outbox-panel";
import { NextGame } from "./next-game";
import { SettlementView } from "@/app/_components/settlement-view";
import { fromPage, type PageGame, type TableEdit } from "./table-data";
import { useTable } from "./use-table";
import { useWakeLock } from "./use-wake-lock";
import { NEEDS_SIGNAL } from "@/app/_components/with-signal";
import { hydrateLater } from "@/app/_components/hydrate-later";

const NO_GAMES: SettledGame[] = [];

// The table's root (the game's state, the outbox, the protokoll's heading) hydrates first; the deal form, then the
// parts below it, each after it in slices of their own; a render of the table that does not change them passes
// them by.
const LaterEntry = hydrateLater(DealEntry);
const LaterProtokoll = hydrateLater(ProtokollSheet);
const LaterGames = hydrateLater(EarlierGames);
const LaterSettlement = hydrateLater(SettlementView);
const LaterHistory = hydrateLater(EditHistory);
const LaterActions = hydrateLater(EveningActions);

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
  games: PageGame[];
  edits: TableEdit[];
  limits: { min: number; max: number };
  knownNames: string[];
  /** The known names are the evening's group's players (who a name counts as), not the account's own. */
  namesOfGroup: boolean;
  invite: { url: string; qrSvg: string; members: { userId: string; username: string }[] } | null;
  /** Owner only: the share link of the live scoreboard (url null when switched off). */
  share: { link: { url: string; qrSvg: string } | null; money: boolean | null; odds: boolean } | null;
  /** Stakes pinned for the evening (minor units), or null. */
  stakes: Stakes | null;
  /** The evening's details (date, place, house rules, export and print), shown below the protokoll. */
  details?: ReactNode;
}

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
  namesOfGroup,
  invite,
  share,
  stakes,
  details,
}: Props) {
  const i18n = useI18n();
  const fromServer = useMemo(() => gamesNow.map(fromPage), [gamesNow]);
  const table = useTable({
    eveningId,
    title,
    pageAccount,
    viewer,
    fromServer: { version, renderedAt, open: openNow, role: roleNow, games: fromServer, edits: editsNow },
  });
  const { account, data, local, writer, reload, ready } = table;
  const { open, role, games, edits } = data;
  const game = games.at(-1)!;
  const { record, result } = local;
  const [dialog, setDialog] = useState<{ number: number; view: DealDialogView } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  /** After a deal change (the writer has shown it already): what went wrong, if anything, and the dialog closed. */
  const dealChanged = useCallback((message?: string) => {
    setNotice(message ?? null);
    setDialog(null);
  }, []);
  /** After a change through a server action (a game, sharing, inviting, the evening's end): the page's new state. */
  const { failure } = i18n;
  const refresh = useCallback(
    (result?: ActionResult) => {
      setNotice(result && !result.ok ? failure(result) : null);
      setDialog(null);
      // When the action never left the phone there is nothing new to fetch; asking anyway without a signal would
      // make the router load the whole page again, and the notice with it would be gone.
      if (result !== NEEDS_SIGNAL) reload();
    },
    [failure, reload],
  );
  const closeDialog = useCallback(() => setDialog(null), []);
  const select = useCallback((number: number) => setDialog({ number, view: "explain" }), []);
  const dealCount = result.deals.length;
  const undoLast = useCallback(() => setDialog({ number: dealCount, view: "undo" }), [dealCount]);
  const earlier = useMemo(() => games.slice(0, -1), [games]);
  // Money is settled over every game of the evening: scored only when the evening is played for money.
  const settled = useMemo(
    () =>
      playsForMoney(stakes) ? [...earlier, { record, result }].map((g) => settledGame(g.record, g.result)) : NO_GAMES,
    [earlier, record, result, stakes],
  );
  const over = result.winners.length > 0;
  const inPlay = Boolean(account) && open && !over;
  const awake = useWakeLock(inPlay);
  const lastDealer = result.deals.at(-1)?.dealer ?? record.firstDealer ?? record.players[0]!;
  const suggestedDealer = record.players[(record.players.indexOf(lastDealer) + 1) % record.players.length]!;

  if (!account) return <SignedOutHere eveningId={eveningId} />;

  return (
    <DealWriterContext value={writer}>
      <div className="table-view stack">
        <TableOutbox table={table} eveningId={eveningId} />
        {notice ? (
          <p className="banner warn" role="status">
            {notice}
          </p>
        ) : null}
        <GameStatus number={game.number} record={record} result={result} open={open} />

        <LaterEntry
          gameId={game.id}
          record={record}
          result={result}
          open={open}
          ready={ready}
          onChanged={dealChanged}
        />

        {open && over ? (
          <NextGame
            eveningId={eveningId}
            number={game.number + 1}
            seats={record.players}
            suggestedDealer={suggestedDealer}
            knownNames={knownNames}
            namesOfGroup={namesOfGroup}
            limits={limits}
            onStarted={(queued) => (queued ? setNotice(null) : refresh())}
          />
        ) : null}

        <section className="stack protokoll-section" aria-labelledby="protokoll-heading">
          <ProtokollHead
            dealCount={dealCount}
            open={open}
            awake={awake.supported && inPlay ? awake : null}
            onUndo={undoLast}
          />
          <LaterProtokoll
            number={game.number}
            record={record}
            result={result}
            queued={local.queued}
            provisional={local.provisional}
            onSelect={select}
          />
        </section>
        <LaterGames games={earlier} />

        <LaterSettlement stakes={stakes} games={settled} />

        {details}

        <LaterHistory edits={edits} />
        <LaterActions
          eveningId={eveningId}
          share={share}
          invite={invite}
          owner={role === "owner"}
          open={open}
          onChanged={refresh}
        />

        {dialog ? (
          <DealDialog
            key={`${game.id}-${dialog.number}-${dialog.view}`}
            gameId={game.id}
            record={record}
            result={result}
            number={dialog.number}
            view={dialog.view}
            editable={open}
            onClose={closeDialog}
            onChanged={dealChanged}
          />
        ) : null}
      </div>
    </DealWriterContext>
  );
}

/** The signal and this phone's waiting deals, above the table. */
function TableOutbox({
  table: { phone, copy, data, outbox, local, serverLength },
  eveningId,
}: {
  table: ReturnType<typeof useTable>;
  eveningId: string;
}) {
  const { dict } = useI18n();
  const { games, open } = data;
  const game = games.at(-1)!;
  return (
    <OutboxPanel
      queue={outbox.queue}
      connection={phone.connection}
      copyFrom={phone.offline ? copy.shown.renderedAt : null}
      foreign={phone.foreign}
      lost={phone.lost}
      onLossSeen={phone.lossSeen}
      eveningId={eveningId}
      games={games}
      local={local}
      open={open}
      onChoose={(seq, choice) => outbox.choose(seq, choice, dict["offline.needsSignal"])}
      onRemove={(seq) => outbox.removeQueued(seq, serverLength)}
      onEdit={(seq, entries) => outbox.editQueued(seq, entries, serverLength)}
      onMove={(seq) => outbox.move(seq, game.id, local.record.deals.length + 1)}
      onFollow={(seq) => outbox.follow(seq, local.record.deals.length + 1)}
    />
  );
}

/** The phone acts for another account than the page's (or for none): the table is not shown to it. */
function SignedOutHere({ eveningId }: { eveningId: string }) {
  const { dict } = useI18n();
  return (
    <p className="banner warn" data-testid="signed-out-here">
      {dict["offline.signedOutHere"]}{" "}
      <a href={`/sign-in?next=${encodeURIComponent(`/evenings/${eveningId}`)}`}>{dict["nav.signIn"]}</a>
    </p>
  );
}
