"use client";

import { useI18n } from "@/lib/i18n/client";
import type { CSSProperties } from "react";
import { numberFormat } from "@/lib/i18n/format";
import { closestToZero } from "@/lib/rules/standing";
import type { ScoreboardGame } from "@/lib/data/share";

/** The current game's standings, lowest first: the player closest to 0 and the evening's leader (most games won) marked. */
export function Standings({ game, wins }: { game: ScoreboardGame; wins: Map<string, number> }) {
  const { dict, locale } = useI18n();
  const numbers = numberFormat(locale);
  const order = [...game.players].sort(
    (a, b) => game.scores[a]! - game.scores[b]! || game.players.indexOf(a) - game.players.indexOf(b),
  );
  const closestPlayers = closestToZero(game.players, game.scores, game.deals);
  const mostWins = Math.max(0, ...wins.values());
  return (
    <ol className="standings" data-testid="standings" style={{ "--rows": order.length } as CSSProperties}>
      {order.map((p) => {
        const closest = closestPlayers.includes(p);
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
