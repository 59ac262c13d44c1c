"use client";

import { useI18n } from "@/lib/i18n/client";
import { numberFormat } from "@/lib/i18n/format";
import { ScoreSheet } from "@/app/_components/score-sheet";
import { resolveHouseRules, type GameRecord, type GameResult } from "@/lib/rules";

interface Props {
  record: GameRecord;
  result: GameResult;
  /** Tapping a deal's number: open it (why each score changed; edit or delete for who may). */
  onSelect?: (number: number) => void;
  /** Deals kept on this phone, not yet sent. */
  queued?: number[];
  /** Of those, the deals whose number is provisional. */
  provisional?: number[];
  /** The game's number: the sheet is `#game-N` and its deals `#game-N-deal-M`, as the group's records link them. */
  number?: number;
  /** The deal a link points to (`#game-N-deal-M`): marked. */
  marked?: number | null;
  /** Show only the latest this many deals until asked for the rest (the game in play). */
  latest?: number;
}

/**
 * The score sheet: one column per player, the running score after every deal, the limpa line drawn under a
 * score where a limpa happened, the dealer of each deal, and the totals.
 */
export function Protokoll({ record, result, onSelect, queued, provisional, number, marked, latest }: Props) {
  const { dict, locale } = useI18n();
  const numbers = numberFormat(locale);
  return (
    <ScoreSheet
      testId="protokoll"
      players={record.players}
      startScore={resolveHouseRules(record.variant, record.houseRules).startScore}
      winners={result.winners}
      deals={result.deals}
      variant={record.variant}
      queued={queued}
      provisional={provisional}
      anchor={number ? `game-${number}` : undefined}
      marked={marked}
      latest={latest}
      dealLabel={(deal, label) =>
        onSelect ? (
          <button
            type="button"
            className="deal-button"
            aria-haspopup="dialog"
            aria-label={`${dict["table.deal"]} ${label}`}
            onClick={() => onSelect(deal.number)}
          >
            {label}
          </button>
        ) : (
          label
        )
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
