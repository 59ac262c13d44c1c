"use client";

import { numberFormat, ScoreSheet } from "@/app/_components/score-sheet";
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
  const numbers = numberFormat(locale);
  const columns = record.players.length + 1;
  return (
    <ScoreSheet
      testId="protokoll"
      players={record.players}
      startScore={resolveHouseRules(record.variant, record.houseRules).startScore}
      winners={result.winners}
      deals={result.deals}
      dict={dict}
      locale={locale}
      rowClass={(deal) => (selected === deal.number ? "open" : undefined)}
      dealLabel={(deal, label) =>
        onSelect ? (
          <button type="button" className="deal-button" aria-expanded={selected === deal.number} onClick={() => onSelect(selected === deal.number ? null : deal.number)}>
            {label}
          </button>
        ) : (
          label
        )
      }
      below={(deal) =>
        selected === deal.number ? (
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
        ) : null
      }
      foot={
        <>
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
        </>
      }
    />
  );
}
