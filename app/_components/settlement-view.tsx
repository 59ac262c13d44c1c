"use client";

import { useI18n } from "@/lib/i18n/client";
import { money, signedMoney } from "@/lib/i18n/format";
import { playsForMoney } from "@/lib/rules/settlement";
import { settle, type SettledGame, type Stakes } from "@/lib/rules/settlement";

/**
 * Who pays whom, once a game has a winner (and again as each game ends): each player's net, the payments that
 * settle it, and per game what each amount is for. The rules module's settlement, as the exports use it; on the
 * evening page, and on the share link when its owner shows the money.
 */
export function SettlementView({ stakes, games }: { stakes: Stakes | null; games: SettledGame[] }) {
  const { dict, locale, t } = useI18n();
  if (!playsForMoney(stakes) || !games.some((g) => g.winners.length)) return null;
  const m = (amount: number) => money(amount, stakes.currency, locale);
  const settlement = settle(games, stakes);
  return (
    <section className="card stack settlement" aria-labelledby="settlement" data-testid="settlement">
      <h2 id="settlement">{dict["money.title"]}</h2>
      <ul className="payments" data-testid="payments">
        {settlement.payments.length ? (
          settlement.payments.map((p) => (
            <li key={`${p.from}-${p.to}`}>{t("money.pays", { from: p.from, to: p.to, amount: m(p.amount) })}</li>
          ))
        ) : (
          <li>{dict["money.even"]}</li>
        )}
      </ul>
      <dl className="explain-list" data-testid="net">
        {Object.entries(settlement.net).map(([p, net]) => (
          <div key={p}>
            <dt>{p}</dt>
            <dd data-testid={`net-${p}`}>{signedMoney(net, stakes.currency, locale)}</dd>
          </div>
        ))}
      </dl>
      <details>
        <summary>{dict["money.why"]}</summary>
        {settlement.games.map((g) => (
          <div key={g.number}>
            <h3>
              {t("table.gameN", { n: g.number })}
              {g.unfinished ? ` · ${dict["money.unfinished"]}` : ` · ${g.winners.join(" & ")}`}
            </h3>
            {g.unfinished ? null : (
              <ul>
                {Object.entries(g.lines).map(([p, line]) => {
                  const parts = [
                    line.game ? t("money.forGame", { amount: m(line.game) }) : null,
                    line.points ? t("money.forPoints", { amount: m(line.points) }) : null,
                    line.limpa ? t("money.forLimpa", { amount: m(line.limpa) }) : null,
                    line.received ? t("money.received", { amount: m(line.received) }) : null,
                  ].filter(Boolean);
                  return parts.length ? (
                    <li key={p}>
                      <strong>{p}</strong>: {parts.join(" · ")}
                    </li>
                  ) : null;
                })}
              </ul>
            )}
          </div>
        ))}
      </details>
    </section>
  );
}
