import type { GameRecord, GameResult } from "@/lib/rules";

/** The score sheet: one column per player, running scores per deal, the limpa line under a limpa. */
export function Protokoll({ record, result, labels }: { record: GameRecord; result: GameResult; labels: { deal: string; scores: string } }) {
  const start = result.deals.length ? null : result.scores;
  return (
    <div className="table-wrap">
      <table className="scores" data-testid="protokoll">
        <caption className="muted" style={{ textAlign: "left" }}>
          {labels.scores}
        </caption>
        <thead>
          <tr>
            <th scope="col">{labels.deal}</th>
            {record.players.map((p) => (
              <th scope="col" key={p}>
                {p}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {start ? (
            <tr>
              <td>0</td>
              {record.players.map((p) => (
                <td key={p}>{start[p]}</td>
              ))}
            </tr>
          ) : null}
          {result.deals.map((deal) => (
            <tr key={deal.number} data-deal={deal.number}>
              <td>{deal.void ? `${deal.number} ↺` : deal.number}</td>
              {record.players.map((p) => (
                <td key={p} className={deal.limpa.includes(p) ? "limpa" : undefined} title={deal.explain[p]?.en}>
                  {deal.scores[p]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
