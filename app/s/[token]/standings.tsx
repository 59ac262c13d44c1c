"use client";

import { useI18n } from "@/lib/i18n/client";
import type { CSSProperties } from "react";
import { numberFormat } from "@/app/_components/score-sheet";
import type { ScoreboardGame } from "@/lib/data/share";

/** The current game's standings, lowest first: the player closest to 0 and the evening's leader (most games won) marked. */
export function Standings({ game, wins }: { game: ScoreboardGame; wins: Map<string, number> }) {
  const { dict, locale } = useI18n();
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
