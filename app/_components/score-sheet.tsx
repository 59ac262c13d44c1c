"use client";

import { useI18n } from "@/lib/i18n/client";
import { useState, type ReactNode } from "react";
import type { ScoreboardDeal } from "@/lib/data/share";
import type { DealResult } from "@/lib/rules";
import { format, numberFormat } from "@/lib/i18n/format";

/**
 * What the sheet shows of one deal: the share link's slim copy of the rules engine's result, and — when given —
 * its changes, so scores that did not move are shown muted.
 */
export type SheetDeal = ScoreboardDeal & Partial<Pick<DealResult, "changes">>;

interface Props<D extends SheetDeal> {
  players: string[];
  startScore: number;
  winners: string[];
  deals: D[];
  testId: string;
  /** The deal-number cell's content, e.g. a button that opens the explanation; the number itself by default. */
  dealLabel?: (deal: D, label: string) => ReactNode;
  /** Rows of the table's foot (totals, limpa counts). */
  foot?: ReactNode;
  /** Which marks the legend explains: limpa and trumftvång exist in Norrlands-Knack only. */
  variant?: string;
  /** The latest deal first and marked, without the start row (TV mode: the newest stays in view). */
  newestFirst?: boolean;
  /** With `newestFirst`: how many of the latest deals to show (TV mode shows whole rows only, as many as fit). */
  limit?: number;
  /** Deals saved on this phone and not yet sent: shown, and marked as waiting. */
  queued?: number[];
  /** Of those, the deals whose number is provisional (entered while the table has a conflict to settle). */
  provisional?: number[];
  /** The sheet's id, a link's target ("game-2"); each deal's row is `{anchor}-deal-{n}` (the records link there). */
  anchor?: string;
  /** A deal to mark, as a link's target. */
  marked?: number | null;
  /**
   * Oldest first: show only the latest this many deals, the earlier ones behind a row that shows them — a long
   * game's page opens without hundreds of cells (a marked deal among them shows them at once).
   */
  latest?: number;
}

/**
 * Short column headers that stay unique: the shortest prefix of 2–4 letters no other player shares ("Ce", "Ca"),
 * else the full name. Narrow screens show these so 10 players fit a phone; the full name stays for screen readers.
 */
export function shortNames(players: string[]): Record<string, string> {
  const short = new Map<string, string>();
  for (const p of players) {
    const letters = Array.from(p);
    let chosen = p;
    for (let n = 2; n <= 4 && n < letters.length; n++) {
      const prefix = letters.slice(0, n).join("").toLocaleLowerCase();
      if (players.every((o) => o === p || Array.from(o).slice(0, n).join("").toLocaleLowerCase() !== prefix)) {
        chosen = letters.slice(0, n).join("");
        break;
      }
    }
    short.set(p, chosen);
  }
  // Own properties only: a name like "__proto__" is a key like any other.
  return Object.fromEntries(short);
}

const cellClass = (limpa: boolean, unchanged: boolean | undefined) =>
  limpa ? (unchanged ? "limpa unchanged" : "limpa") : unchanged ? "unchanged" : undefined;

/**
 * The score sheet (protokoll): one column per player, the start score, the running score after every deal,
 * the limpa line under a score where a limpa happened, and the dealer of each deal. Used by the evening's own
 * page and by the share link's scoreboard.
 */
export function ScoreSheet<D extends SheetDeal>({
  players,
  startScore,
  winners,
  deals,
  testId,
  dealLabel,
  queued,
  provisional,
  anchor,
  marked,
  latest,
  foot,
  variant,
  newestFirst = false,
  limit,
}: Props<D>) {
  const { dict, locale } = useI18n();
  const numbers = numberFormat(locale);
  const short = shortNames(players);
  const knack = variant === "norrlands-knack";
  const width = players.length >= 8 ? "cols-many" : players.length >= 5 ? "cols-some" : "cols-few";
  const [allShown, setAllShown] = useState(false);
  const folded =
    !newestFirst && latest !== undefined && !allShown && !(marked && marked <= deals.length - latest)
      ? Math.max(0, deals.length - latest)
      : 0;
  return (
    <div className="sheet" id={anchor}>
      <div className="table-wrap">
        <table className={`scores ${width}${newestFirst ? " newest-first" : ""}`} data-testid={testId}>
          <caption className="visually-hidden">{dict["evening.scores"]}</caption>
          <thead>
            <tr>
              <th scope="col">{dict["table.deal"]}</th>
              {players.map((p) => (
                <th scope="col" key={p} className={winners.includes(p) ? "winner" : undefined} title={p}>
                  {short[p] === p || width === "cols-few" ? (
                    p
                  ) : (
                    <>
                      <span className="name-full">{p}</span>
                      <span className="name-short" aria-hidden="true">
                        {short[p]}
                      </span>
                    </>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {newestFirst ? null : (
              <tr className="start-row">
                <td />
                {players.map((p) => (
                  <td key={p}>{numbers.format(startScore)}</td>
                ))}
              </tr>
            )}
            {folded ? <FoldedRow columns={players.length + 1} count={folded} onShow={() => setAllShown(true)} /> : null}
            {(newestFirst ? [...deals].reverse().slice(0, limit) : deals.slice(folded)).map((deal) => {
              const label = `${deal.number}${deal.void ? " ↺" : ""}`;
              const newest = newestFirst && deal === deals.at(-1);
              const waiting = queued?.includes(deal.number) ?? false;
              const unsure = provisional?.includes(deal.number) ?? false;
              const className = [
                deal.trumpCompulsion ? "compulsion" : "",
                newest ? "newest" : "",
                waiting ? "queued" : "",
                deal.number === marked ? "target" : "",
              ]
                .join(" ")
                .trim();
              return (
                <tr
                  key={deal.number}
                  id={anchor ? `${anchor}-deal-${deal.number}` : undefined}
                  data-deal={deal.number}
                  className={className || undefined}
                  aria-current={newest ? "true" : undefined}
                  data-queued={waiting ? "true" : undefined}
                  data-provisional={unsure ? "true" : undefined}
                >
                  <th scope="row">
                    {dealLabel ? dealLabel(deal, label) : label}
                    {deal.trumpCompulsion ? (
                      <span className="compulsion-mark" title={dict["legend.compulsion"]}>
                        ⚑
                      </span>
                    ) : null}
                    {waiting ? (
                      <span className="queued-mark" title={dict["offline.queuedMark"]}>
                        ◷<span className="visually-hidden"> {dict["offline.queuedMark"]}</span>
                      </span>
                    ) : null}
                    {unsure ? (
                      <span className="queued-mark" title={dict["offline.provisionalMark"]}>
                        ?<span className="visually-hidden"> {dict["offline.provisionalMark"]}</span>
                      </span>
                    ) : null}
                    <span className="dealer-mark" title={`${dict["table.dealer"]}: ${deal.dealer}`}>
                      {short[deal.dealer] ?? deal.dealer}
                    </span>
                  </th>
                  {players.map((p) => {
                    const limpa = deal.limpa.includes(p);
                    const score = numbers.format(deal.scores[p]!);
                    const unchanged = deal.changes && (deal.void || (deal.changes[p] === 0 && !limpa));
                    // The newest-first sheet underlines a limpa under the score itself, which needs its own
                    // element; the full sheet draws it as the cell's border (hundreds of cells fewer to render).
                    return newestFirst ? (
                      <td key={p} className={limpa ? "limpa" : undefined} data-player={p}>
                        <span className={unchanged ? "score unchanged" : "score"}>{score}</span>
                      </td>
                    ) : (
                      <td key={p} className={cellClass(limpa, unchanged)} data-player={p}>
                        {score}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
          {foot ? <tfoot>{foot}</tfoot> : null}
        </table>
      </div>
      <p className="legend" data-testid={`${testId}-legend`}>
        {knack ? (
          <>
            <span className="legend-limpa">{dict["legend.limpa"]}</span>
            <span className="legend-compulsion">
              <span className="compulsion-mark" aria-hidden="true">
                ⚑
              </span>{" "}
              {dict["legend.compulsion"]}
            </span>
          </>
        ) : null}
        <span>↺ {dict["legend.redeal"]}</span>
        <span>{dict["legend.dealer"]}</span>
        {deals.some((d) => d.changes) ? <span className="unchanged">{dict["legend.unchanged"]}</span> : null}
      </p>
    </div>
  );
}

/** The row standing for a long game's earlier deals until they are asked for. */
function FoldedRow({ columns, count, onShow }: { columns: number; count: number; onShow: () => void }) {
  const { dict } = useI18n();
  return (
    <tr className="folded-row">
      <td colSpan={columns}>
        <button type="button" className="link-button" onClick={onShow}>
          {format(dict["table.showEarlier"], { n: count })}
        </button>
      </td>
    </tr>
  );
}
