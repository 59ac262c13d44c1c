"use client";

import { Fragment } from "react";
import { format, type Dictionary, type Locale } from "@/lib/i18n/dictionaries";
import { resolveHouseRules, type GameRecord, type GameResult } from "@/lib/rules";

interface Props {
  record: GameRecord;
  result: GameResult;
  dict: Dictionary;
  locale: Locale;
  /** The deal whose explanation is open. */
  selected: number | null;
  onSelect?: (number: number | null) => void;
  /** Offered under an open deal when the viewer may change deals. */
  onEdit?: (number: number) => void;
}

/**
 * The score sheet: one column per player, the running score after every deal, the limpa line drawn under a
 * score where a limpa happened, the dealer of each deal, and on request why each score changed.
 */
export function Protokoll({ record, result, dict, locale, selected, onSelect, onEdit }: Props) {
  const start = resolveHouseRules(record.variant, record.houseRules).startScore;
  const numbers = new Intl.NumberFormat(locale === "sv" ? "sv-SE" : "en-GB");
  const columns = record.players.length + 1;
  return (
    <div className="table-wrap">
      <table className="scores" data-testid="protokoll">
        <caption className="visually-hidden">{dict["evening.scores"]}</caption>
        <thead>
          <tr>
            <th scope="col">{dict["table.deal"]}</th>
            {record.players.map((p) => (
              <th scope="col" key={p} className={result.winners.includes(p) ? "winner" : undefined}>
                {p}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="start-row">
            <td />
            {record.players.map((p) => (
              <td key={p}>{numbers.format(start)}</td>
            ))}
          </tr>
          {result.deals.map((deal) => {
            const open = selected === deal.number;
            return (
              <Fragment key={deal.number}>
                <tr data-deal={deal.number} className={[deal.trumpCompulsion ? "compulsion" : "", open ? "open" : ""].join(" ").trim() || undefined}>
                  <th scope="row">
                    {onSelect ? (
                      <button type="button" className="deal-button" aria-expanded={open} onClick={() => onSelect(open ? null : deal.number)}>
                        {deal.number}
                        {deal.void ? " ↺" : ""}
                      </button>
                    ) : (
                      <>
                        {deal.number}
                        {deal.void ? " ↺" : ""}
                      </>
                    )}
                    <span className="dealer-mark" title={dict["table.dealer"]}>
                      {deal.dealer}
                    </span>
                  </th>
                  {record.players.map((p) => (
                    <td key={p} className={deal.limpa.includes(p) ? "limpa" : undefined} data-player={p}>
                      {deal.void || deal.changes[p] === 0 && !deal.limpa.includes(p) ? <span className="unchanged">{numbers.format(deal.scores[p]!)}</span> : numbers.format(deal.scores[p]!)}
                    </td>
                  ))}
                </tr>
                {open ? (
                  <tr className="explain-row">
                    <td colSpan={columns}>
                      <dl className="explain-list" data-testid={`explain-deal-${deal.number}`}>
                        {record.players.map((p) => (
                          <div key={p}>
                            <dt>{p}</dt>
                            <dd>{locale === "sv" ? deal.explain[p]!.sv : deal.explain[p]!.en}</dd>
                          </div>
                        ))}
                      </dl>
                      {onEdit ? (
                        <button type="button" className="button small" onClick={() => onEdit(deal.number)}>
                          {format(dict["table.editDeal"], { n: deal.number })}
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
        <tfoot>
          <tr className="total-row">
            <th scope="row">{dict["table.total"]}</th>
            {record.players.map((p) => (
              <td key={p} data-testid={`score-${p}`}>
                {numbers.format(result.scores[p]!)}
              </td>
            ))}
          </tr>
          {record.variant === "norrlands-knack" ? (
            <tr className="limpa-row">
              <th scope="row">{dict["table.limpaCount"]}</th>
              {record.players.map((p) => (
                <td key={p} data-testid={`limpa-${p}`}>
                  {numbers.format(result.limpa[p]!)}
                </td>
              ))}
            </tr>
          ) : null}
        </tfoot>
      </table>
    </div>
  );
}
