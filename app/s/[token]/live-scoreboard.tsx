"use client";

import { useI18n } from "@/lib/i18n/client";
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from "react";
import { CompulsionBanner } from "@/app/_components/compulsion-banner";
import { ScoreSheet } from "@/app/_components/score-sheet";
import { SettlementView } from "@/app/_components/settlement-view";
import type { Scoreboard, ScoreboardGame } from "@/lib/data/share";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { format } from "@/lib/i18n/format";
import { playersAtOne } from "@/lib/rules/standing";
import { Standings } from "./standings";
import { useLiveScoreboard, useSecondsSince } from "./use-live-scoreboard";

/** Who won the game, in words; null while it is on. */
function winnerText(game: ScoreboardGame | undefined, dict: Dictionary): string | null {
  if (!game?.winners.length) return null;
  return game.winners.length > 1
    ? format(dict["table.winShared"], { names: game.winners.join(" & ") })
    : format(dict["table.wins"], { names: game.winners[0]! });
}

interface BoardProps {
  scoreboard: Scoreboard;
  /** The current game (the last), if any. */
  game: ScoreboardGame | undefined;
  /** Games won per player this evening. */
  wins: Map<string, number>;
  indicator: ReactNode;
  onToggleTv: () => void;
}

/** The game's protokoll; in TV mode the newest deal first, as many whole rows as fit (`limit`). */
/** How many of a long game's deals the share page shows at first (the earlier ones a tap away). */
const LATEST_DEALS = 30;

function GameSheet({
  shown,
  variant,
  newestFirst,
  limit,
  latest,
}: {
  shown: ScoreboardGame;
  variant: string;
  newestFirst: boolean;
  limit?: number;
  latest?: number;
}) {
  const { dict } = useI18n();
  if (!shown.deals.length) return <p className="muted">{dict["share.noDeals"]}</p>;
  return (
    <ScoreSheet
      testId="share-protokoll"
      players={shown.players}
      startScore={shown.startScore}
      winners={shown.winners}
      deals={shown.deals}
      variant={variant}
      newestFirst={newestFirst}
      limit={limit}
      latest={latest}
    />
  );
}

/**
 * How many of the latest deals fit the TV's protokoll box as whole rows: measured after each render and on every
 * resize, one step at a time — rows that do not fit are left out, never cut.
 */
function useRowsThatFit(deals: number) {
  const box = useRef<HTMLDivElement>(null);
  const [limit, setLimit] = useState(deals);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const fit = () => {
      const sheet = element.querySelector<HTMLElement>(".sheet");
      const rows = [...element.querySelectorAll<HTMLElement>("tbody tr")];
      if (!sheet) return;
      // Opened before the first deal, nothing was shown to measure: show one row, then grow from there.
      if (!rows.length) {
        if (deals > 0) setLimit(1);
        return;
      }
      const row = Math.max(...rows.map((r) => r.getBoundingClientRect().height));
      const room = element.clientHeight - sheet.getBoundingClientRect().height;
      setLimit((current) => {
        const shown = Math.min(current, deals);
        const next = room < 0 ? shown - Math.ceil(-room / row) : shown + Math.floor(room / row);
        return Math.max(1, Math.min(deals, next));
      });
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [deals, limit]);
  return { box, limit };
}

function Compulsion({ game }: { game: ScoreboardGame | undefined }) {
  if (!game?.trumpCompulsion) return null;
  return <CompulsionBanner names={playersAtOne(game.players, game.scores)} testId="share-trumftvang" />;
}

/** TV mode: one screen that never scrolls — big standings, the latest deals newest first, the banners. */
function TvBoard({ scoreboard, game, wins, indicator, onToggleTv }: BoardProps) {
  const { dict } = useI18n();
  const winners = winnerText(game, dict);
  const { box, limit } = useRowsThatFit(game?.deals.length ?? 0);
  return (
    <main className="tv-board" data-testid="tv-board">
      <header className="tv-top">
        <h1 data-testid="tv-title">
          <span className="tv-title-text">{scoreboard.title}</span>
          {game ? (
            <span className="muted tv-game-number"> · {format(dict["table.gameN"], { n: game.number })}</span>
          ) : null}
        </h1>
        {game?.nextDealer ? (
          <p className="tv-dealer">
            {dict["evening.nextDealer"]}: <strong data-testid="share-dealer">{game.nextDealer}</strong> ·{" "}
            {dict["evening.forehand"]}: {game.forehand}
          </p>
        ) : null}
        {indicator}
        <button type="button" className="button small" onClick={onToggleTv}>
          {dict["share.exitTv"]}
        </button>
      </header>
      <Compulsion game={game} />
      {game ? (
        <div className="tv-main">
          <Standings game={game} wins={wins} odds={scoreboard.odds} />
          <div className="tv-deals" ref={box}>
            <GameSheet shown={game} variant={scoreboard.variant} newestFirst limit={limit} />
          </div>
        </div>
      ) : null}
      {winners ? (
        <div className="tv-winner" role="status" data-testid="share-winners">
          <svg className="trophy" aria-hidden="true" viewBox="0 0 24 24">
            <path fill="currentColor" d="M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7-6.2-3.8-6.2 3.8 1.6-7L2 9.5l7.1-.6z" />
          </svg>
          <p className="tv-winner-names">{winners}</p>
          <p>
            {format(dict["table.gameN"], { n: game!.number })} · {dict["table.gameOver"]}
          </p>
          {scoreboard.season ? (
            <section className="tv-season" data-testid="tv-season">
              <h2>{format(dict["share.season"], { season: scoreboard.season.name })}</h2>
              <ol>
                {scoreboard.season.rows.map((r) => (
                  <li key={r.player} value={r.rank}>
                    {r.player} <strong>{r.points}</strong>
                  </li>
                ))}
              </ol>
            </section>
          ) : null}
        </div>
      ) : null}
    </main>
  );
}

/** The share page: the current game's standings and protokoll, the games already won, the settlement. */
function PageBoard({ scoreboard, about, game, wins, indicator, onToggleTv }: BoardProps & { about: About }) {
  const { dict } = useI18n();
  const finished = scoreboard.games.filter((g) => g.winners.length && g !== game);
  return (
    <main className="scoreboard stack">
      <div className="actions" style={{ justifyContent: "space-between" }}>
        <div>
          <h1>{scoreboard.title}</h1>
          <p className="muted">
            {about.date} · {about.variant}
            {scoreboard.place ? ` · ${scoreboard.place}` : ""}
          </p>
        </div>
        <div className="actions">
          {indicator}
          <button type="button" className="button small" onClick={onToggleTv}>
            {dict["share.tv"]}
          </button>
        </div>
      </div>
      {game ? (
        <section className="stack" aria-label={format(dict["table.gameN"], { n: game.number })}>
          <h2>{format(dict["table.gameN"], { n: game.number })}</h2>
          <Compulsion game={game} />
          {game.winners.length ? (
            <p className="banner celebration" data-testid="share-winners">
              {winnerText(game, dict)}
            </p>
          ) : game.nextDealer ? (
            <p>
              {dict["evening.nextDealer"]}: <strong data-testid="share-dealer">{game.nextDealer}</strong> ·{" "}
              {dict["evening.forehand"]}: {game.forehand}
            </p>
          ) : null}
          <div className="board">
            <Standings game={game} wins={wins} odds={scoreboard.odds} />
            <GameSheet shown={game} variant={scoreboard.variant} newestFirst={false} latest={LATEST_DEALS} />
          </div>
        </section>
      ) : null}
      {finished.length ? (
        <section className="card stack">
          <h2>{dict["share.finished"]}</h2>
          <ul data-testid="share-finished">
            {finished.map((g) => (
              <li key={g.number}>
                {format(dict["table.gameN"], { n: g.number })}: {g.winners.join(" & ")} ★
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <SettlementView stakes={scoreboard.stakes} games={scoreboard.games} />
    </main>
  );
}

/** The live scoreboard behind a share link: kept current by the stream, on the page or full screen (TV mode). */
/** The evening's date and game in words, written by the server (they do not change while it is watched). */
export interface About {
  date: string;
  variant: string;
}

export function LiveScoreboard({
  token,
  initial,
  about,
  tv: startInTv,
}: {
  token: string;
  initial: Scoreboard;
  about: About;
  tv: boolean;
}) {
  const { dict } = useI18n();
  const { scoreboard, connection, updatedAt } = useLiveScoreboard(token, initial);
  const [tv, setTv] = useState(startInTv);
  const seconds = useSecondsSince(updatedAt);
  const wins = new Map<string, number>();
  for (const g of scoreboard.games) for (const w of g.winners) wins.set(w, (wins.get(w) ?? 0) + 1);

  useEffect(() => {
    document.body.classList.toggle("tv-mode", tv);
    return () => document.body.classList.remove("tv-mode");
  }, [tv]);

  function toggleTv() {
    const next = !tv;
    setTv(next);
    if (next) document.documentElement.requestFullscreen?.().catch(() => undefined);
    else if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
  }

  if (connection === "revoked") {
    return (
      <main className="narrow stack">
        <h1>{scoreboard.title}</h1>
        <p className="form-error" role="alert" data-testid="share-revoked">
          {dict["share.revoked"]}
        </p>
      </main>
    );
  }

  const indicator = (
    <p className={`live-indicator ${connection}`} role="status" data-testid="live-indicator">
      <span className="dot" aria-hidden="true" />
      {connection === "live"
        ? dict["share.live"]
        : connection === "reconnecting"
          ? dict["share.reconnecting"]
          : dict["share.polling"]}
      {" · "}
      {format(dict["share.lastUpdate"], { s: seconds })}
    </p>
  );
  const props = { scoreboard, game: scoreboard.games.at(-1), wins, indicator, onToggleTv: toggleTv };
  return tv ? <TvBoard {...props} /> : <PageBoard {...props} about={about} />;
}
