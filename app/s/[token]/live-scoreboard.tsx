"use client";

import { useEffect, useRef, useState, type CSSProperties } from "react";
import { CompulsionBanner } from "@/app/_components/compulsion-banner";
import { numberFormat, ScoreSheet } from "@/app/_components/score-sheet";
import { SettlementView } from "@/app/_components/settlement-view";
import type { Scoreboard, ScoreboardGame } from "@/lib/data/share";
import type { Dictionary } from "@/lib/i18n/dictionaries";
import { format, intlLocale, type Locale } from "@/lib/i18n/format";
import { playersAtOne } from "@/lib/rules/standing";
import { VARIANTS } from "@/lib/rules/variants";
import type { VariantId } from "@/lib/rules/types";

type Connection = "live" | "reconnecting" | "polling" | "revoked";

const POLL_MS = 3_000;
/** After this many failed reconnects in a row, stop waiting for the stream and poll instead. */
const MAX_STREAM_FAILURES = 3;

/** Keeps the scoreboard current: Server-Sent Events, falling back to polling; never goes back to an older version. */
function useLiveScoreboard(token: string, initial: Scoreboard) {
  const [scoreboard, setScoreboard] = useState(initial);
  const [connection, setConnection] = useState<Connection>("live");
  const [updatedAt, setUpdatedAt] = useState(() => Date.now());
  const version = useRef(initial.version);

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let poller: ReturnType<typeof setInterval> | null = null;
    let failures = 0;
    const accept = (next: Scoreboard) => {
      setUpdatedAt(Date.now());
      if (next.version < version.current) return; // a late frame from before a reconnect
      version.current = next.version;
      setScoreboard(next);
    };
    const revoked = () => {
      stopped = true;
      source?.close();
      if (poller) clearInterval(poller);
      setConnection("revoked");
    };
    const poll = async () => {
      try {
        const response = await fetch(`/api/share/${token}`, { cache: "no-store" });
        if (response.status === 404) return revoked();
        if (response.ok) accept((await response.json()) as Scoreboard);
      } catch {
        // offline: try again on the next tick
      }
    };
    const startPolling = () => {
      if (poller || stopped) return;
      setConnection("polling");
      void poll();
      poller = setInterval(poll, POLL_MS);
    };
    if (typeof EventSource === "undefined") {
      startPolling();
    } else {
      source = new EventSource(`/api/share/${token}/events`);
      source.addEventListener("scoreboard", (event) => {
        failures = 0;
        setConnection("live");
        accept(JSON.parse((event as MessageEvent<string>).data) as Scoreboard);
      });
      source.addEventListener("revoked", revoked);
      source.onopen = () => setConnection("live");
      source.onerror = () => {
        if (stopped) return;
        failures++;
        // The browser reconnects by itself (sending Last-Event-ID); check whether the link still works.
        setConnection("reconnecting");
        void fetch(`/api/share/${token}`, { cache: "no-store" })
          .then((r) => (r.status === 404 ? revoked() : undefined))
          .catch(() => undefined);
        if (failures >= MAX_STREAM_FAILURES || source?.readyState === EventSource.CLOSED) {
          source?.close();
          startPolling();
        }
      };
    }
    return () => {
      stopped = true;
      source?.close();
      if (poller) clearInterval(poller);
    };
  }, [token]);

  return { scoreboard, connection, updatedAt };
}

function useSecondsSince(time: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((now - time) / 1000));
}

/** The current game's standings, lowest first: the player closest to 0 and the evening's leader (most games won) marked. */
function Standings({
  game,
  wins,
  dict,
  locale,
}: {
  game: ScoreboardGame;
  wins: Map<string, number>;
  dict: Dictionary;
  locale: Locale;
}) {
  const numbers = numberFormat(locale);
  const order = [...game.players].sort(
    (a, b) => game.scores[a]! - game.scores[b]! || game.players.indexOf(a) - game.players.indexOf(b),
  );
  const best = game.scores[order[0]!]!;
  const mostWins = Math.max(0, ...wins.values());
  // At the start everyone is equally close: the mark means something only once a deal has moved a score.
  const started = game.deals.some((d) => !d.void);
  return (
    <ol className="standings" data-testid="standings" style={{ "--rows": order.length } as CSSProperties}>
      {order.map((p) => {
        const closest = started && game.scores[p] === best;
        const leads = mostWins > 0 && wins.get(p) === mostWins;
        return (
          <li key={p} className={closest ? "leader" : undefined}>
            <span className="name">{p}</span>
            {leads ? <span className="tag">{`${dict["share.leader"]} ${"★".repeat(mostWins)}`}</span> : null}
            {closest ? <span className="tag">{game.winners.includes(p) ? "0" : dict["share.closest"]}</span> : null}
            <span className="score" data-testid={`standing-${p}`}>
              {numbers.format(game.scores[p]!)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function LiveScoreboard({
  token,
  initial,
  dict,
  locale,
  tv: startInTv,
}: {
  token: string;
  initial: Scoreboard;
  dict: Dictionary;
  locale: Locale;
  tv: boolean;
}) {
  const { scoreboard, connection, updatedAt } = useLiveScoreboard(token, initial);
  const [tv, setTv] = useState(startInTv);
  const seconds = useSecondsSince(updatedAt);
  const game = scoreboard.games.at(-1);
  const finished = scoreboard.games.filter((g) => g.winners.length);
  const wins = new Map<string, number>();
  for (const g of finished) for (const w of g.winners) wins.set(w, (wins.get(w) ?? 0) + 1);
  const dateFormat = new Intl.DateTimeFormat(intlLocale(locale), {
    dateStyle: "long",
    timeZone: "UTC",
  });

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
  const winnerText = game?.winners.length
    ? game.winners.length > 1
      ? format(dict["table.winShared"], { names: game.winners.join(" & ") })
      : format(dict["table.wins"], { names: game.winners[0]! })
    : null;

  const compulsion = game?.trumpCompulsion ? (
    <CompulsionBanner names={playersAtOne(game.players, game.scores)} dict={dict} testId="share-trumftvang" />
  ) : null;
  /** The game's protokoll; in TV mode the newest deal first. */
  const sheet = (shown: ScoreboardGame, newestFirst: boolean) =>
    shown.deals.length ? (
      <ScoreSheet
        testId="share-protokoll"
        players={shown.players}
        startScore={shown.startScore}
        winners={shown.winners}
        deals={shown.deals}
        dict={dict}
        locale={locale}
        variant={scoreboard.variant}
        newestFirst={newestFirst}
      />
    ) : (
      <p className="muted">{dict["share.noDeals"]}</p>
    );

  if (tv) {
    // TV mode: one screen that never scrolls — big standings, the latest deals newest first, the banners.
    return (
      <main className="tv-board" data-testid="tv-board">
        <header className="tv-top">
          <h1>
            {scoreboard.title}
            {game ? <span className="muted"> · {format(dict["table.gameN"], { n: game.number })}</span> : null}
          </h1>
          {game?.nextDealer ? (
            <p className="tv-dealer">
              {dict["evening.nextDealer"]}: <strong data-testid="share-dealer">{game.nextDealer}</strong> ·{" "}
              {dict["evening.forehand"]}: {game.forehand}
            </p>
          ) : null}
          {indicator}
          <button type="button" className="button small" onClick={toggleTv}>
            {dict["share.exitTv"]}
          </button>
        </header>
        {compulsion}
        {game ? (
          <div className="tv-main">
            <Standings game={game} wins={wins} dict={dict} locale={locale} />
            <div className="tv-deals">{sheet(game, true)}</div>
          </div>
        ) : null}
        {winnerText ? (
          <div className="tv-winner" role="status" data-testid="share-winners">
            <svg className="trophy" aria-hidden="true" viewBox="0 0 24 24">
              <path fill="currentColor" d="M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7-6.2-3.8-6.2 3.8 1.6-7L2 9.5l7.1-.6z" />
            </svg>
            <p className="tv-winner-names">{winnerText}</p>
            <p>
              {format(dict["table.gameN"], { n: game!.number })} · {dict["table.gameOver"]}
            </p>
          </div>
        ) : null}
      </main>
    );
  }

  return (
    <main className="scoreboard stack">
      <div className="actions" style={{ justifyContent: "space-between" }}>
        <div>
          <h1>{scoreboard.title}</h1>
          <p className="muted">
            {dateFormat.format(new Date(`${scoreboard.date}T00:00:00Z`))} ·{" "}
            {VARIANTS[scoreboard.variant as VariantId]?.name ?? scoreboard.variant}
            {scoreboard.place ? ` · ${scoreboard.place}` : ""}
          </p>
        </div>
        <div className="actions">
          {indicator}
          <button type="button" className="button small" onClick={toggleTv}>
            {dict["share.tv"]}
          </button>
        </div>
      </div>
      {game ? (
        <section className="stack" aria-label={format(dict["table.gameN"], { n: game.number })}>
          <h2>{format(dict["table.gameN"], { n: game.number })}</h2>
          {compulsion}
          {game.winners.length ? (
            <p className="banner celebration" data-testid="share-winners">
              {game.winners.length > 1
                ? format(dict["table.winShared"], { names: game.winners.join(" & ") })
                : format(dict["table.wins"], { names: game.winners[0]! })}
            </p>
          ) : game.nextDealer ? (
            <p>
              {dict["evening.nextDealer"]}: <strong data-testid="share-dealer">{game.nextDealer}</strong> ·{" "}
              {dict["evening.forehand"]}: {game.forehand}
            </p>
          ) : null}
          <div className="board">
            <Standings game={game} wins={wins} dict={dict} locale={locale} />
            {sheet(game, false)}
          </div>
        </section>
      ) : null}
      {finished.length && !(finished.length === 1 && finished[0] === game) ? (
        <section className="card stack">
          <h2>{dict["share.finished"]}</h2>
          <ul data-testid="share-finished">
            {finished
              .filter((g) => g !== game)
              .map((g) => (
                <li key={g.number}>
                  {format(dict["table.gameN"], { n: g.number })}: {g.winners.join(" & ")} ★
                </li>
              ))}
          </ul>
        </section>
      ) : null}
      <SettlementView stakes={scoreboard.stakes} games={scoreboard.games} dict={dict} locale={locale} />
    </main>
  );
}
