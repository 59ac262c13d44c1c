"use client";

import { useI18n } from "@/lib/i18n/client";
import type { CSSProperties } from "react";
import { numberFormat } from "@/lib/i18n/format";
import { closestToZero } from "@/lib/rules/standing";
import type { ScoreboardGame } from "@/lib/data/share";

/** Whole percentages that add up to 100 (largest remainder). */
function percentages(odds: Record<string, number>): Record<string, number> {
  const entries = Object.entries(odds).map(([p, q]) => [p, q * 100] as const);
  const out = Object.fromEntries(entries.map(([p, v]) => [p, Math.floor(v)]));
  let left = 100 - Object.values(out).reduce((a, b) => a + b, 0);
  for (const [p] of [...entries].sort((a, b) => (b[1] % 1) - (a[1] % 1))) if (left-- > 0) out[p]! += 1;
  return out;
}

/**
 * The current game's standings, lowest first: the player closest to 0 and the evening's leader (most games won)
 * marked; with the live odds, each player's chance of winning as a bar behind the row and a percentage.
 */
export function Standings({
  game,
  wins,
  odds,
}: {
  game: ScoreboardGame;
  wins: Map<string, number>;
  odds?: Record<string, number> | null;
}) {
  const { dict, locale } = useI18n();
  const numbers = numberFormat(locale);
  const order = [...game.players].sort(
    (a, b) => game.scores[a]! - game.scores[b]! || game.players.indexOf(a) - game.players.indexOf(b),
  );
  const closestPlayers = closestToZero(game.players, game.scores, game.deals);
  const mostWins = Math.max(0, ...wins.values());
  const chance = odds && !game.winners.length ? percentages(odds) : null;
  return (
    <ol className="standings" data-testid="standings" style={{ "--rows": order.length } as CSSProperties}>
      {order.map((p) => {
        const closest = closestPlayers.includes(p);
        const leads = mostWins > 0 && wins.get(p) === mostWins;
        return (
          <li
            key={p}
            className={closest ? "leader" : undefined}
            style={chance ? ({ "--chance": `${chance[p]}%` } as CSSProperties) : undefined}
          >
            <span className="who">
              <span className="name">{p}</span>
              {leads ? <span className="tag">{`${dict["share.leader"]} ${"★".repeat(mostWins)}`}</span> : null}
              {closest ? <span className="tag">{game.winners.includes(p) ? "0" : dict["share.closest"]}</span> : null}
            </span>
            {chance ? (
              <span className="chance" data-testid={`chance-${p}`} title={dict["share.chances"]}>
                {chance[p]} %
              </span>
            ) : null}
            <span className="score" data-testid={`standing-${p}`}>
              {numbers.format(game.scores[p]!)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
