import { Fragment, type ReactNode } from "react";
import type { Dictionary, Locale } from "@/lib/i18n/dictionaries";

/** What the sheet shows of one deal; the rules engine's DealResult has these fields, the share link's slim copy too. */
export interface SheetDeal {
  number: number;
  void: boolean;
  dealer: string;
  scores: Record<string, number>;
  limpa: string[];
  trumpCompulsion: boolean;
  /** When given, scores that did not move are shown muted. */
  changes?: Record<string, number>;
}

interface Props<D extends SheetDeal> {
  players: string[];
  startScore: number;
  winners: string[];
  deals: D[];
  dict: Dictionary;
  locale: Locale;
  testId: string;
  /** The deal-number cell's content, e.g. a button that opens the explanation; the number itself by default. */
  dealLabel?: (deal: D, label: string) => ReactNode;
  /** A row under the deal's row, e.g. its explanation. */
  below?: (deal: D) => ReactNode;
  /** Extra class names for the deal's row. */
  rowClass?: (deal: D) => string | undefined;
  /** Rows of the table's foot (totals, limpa counts). */
  foot?: ReactNode;
}

export function numberFormat(locale: Locale): Intl.NumberFormat {
  return new Intl.NumberFormat(locale === "sv" ? "sv-SE" : "en-GB");
}

/**
 * The score sheet (protokoll): one column per player, the start score, the running score after every deal,
 * the limpa line under a score where a limpa happened, and the dealer of each deal. Used by the evening's own
 * page and by the share link's scoreboard.
 */
export function ScoreSheet<D extends SheetDeal>({ players, startScore, winners, deals, dict, locale, testId, dealLabel, below, rowClass, foot }: Props<D>) {
  const numbers = numberFormat(locale);
  return (
    <div className="table-wrap">
      <table className="scores" data-testid={testId}>
        <caption className="visually-hidden">{dict["evening.scores"]}</caption>
        <thead>
          <tr>
            <th scope="col">{dict["table.deal"]}</th>
            {players.map((p) => (
              <th scope="col" key={p} className={winners.includes(p) ? "winner" : undefined}>
                {p}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="start-row">
            <td />
            {players.map((p) => (
              <td key={p}>{numbers.format(startScore)}</td>
            ))}
          </tr>
          {deals.map((deal) => {
            const label = `${deal.number}${deal.void ? " ↺" : ""}`;
            const className = [deal.trumpCompulsion ? "compulsion" : "", rowClass?.(deal) ?? ""].join(" ").trim();
            return (
              <Fragment key={deal.number}>
                <tr data-deal={deal.number} className={className || undefined}>
                  <th scope="row">
                    {dealLabel ? dealLabel(deal, label) : label}
                    <span className="dealer-mark" title={dict["table.dealer"]}>
                      {deal.dealer}
                    </span>
                  </th>
                  {players.map((p) => {
                    const limpa = deal.limpa.includes(p);
                    const score = numbers.format(deal.scores[p]!);
                    const unchanged = deal.changes && (deal.void || (deal.changes[p] === 0 && !limpa));
                    return (
                      <td key={p} className={limpa ? "limpa" : undefined} data-player={p}>
                        {unchanged ? <span className="unchanged">{score}</span> : score}
                      </td>
                    );
                  })}
                </tr>
                {below?.(deal)}
              </Fragment>
            );
          })}
        </tbody>
        {foot ? <tfoot>{foot}</tfoot> : null}
      </table>
    </div>
  );
}
