/**
 * The CSV export: one row per deal and player, the scores as the rules engine computes them; for an evening
 * played for money, after an empty line, a second table with each player's net and the payments that settle it.
 */
import { minorDigits } from "@/lib/i18n/format";
import { evaluateGame, exchangeRounds } from "@/lib/rules";
import { eveningSettlement, type EveningData } from "./format";

export const CSV_COLUMNS = [
  "evening",
  "date",
  "game",
  "deal",
  "dealer",
  "player",
  "seat",
  "plays",
  "exchanged",
  "tricks",
  "revoke",
  "void",
  "limpa",
  "change",
  "score",
] as const;

/** Quotes a field; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
export function csvField(value: string | number | boolean | null): string {
  let text = value === null ? "" : String(value);
  if (/^[=+\-@\t\r]/.test(text) && typeof value === "string") text = `'${text}`;
  return /[",\r\n;]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const CSV_MONEY_COLUMNS = ["money", "player", "to", "amount", "currency"] as const;

export function eveningToCsv(evening: EveningData): string {
  const lines = [CSV_COLUMNS.join(",")];
  evening.games.forEach((record, g) => {
    const result = evaluateGame(record).result;
    if (!result) return;
    result.deals.forEach((deal, d) => {
      record.players.forEach((player, seat) => {
        const entry = record.deals[d]!.entries[player]!;
        const exchanged = exchangeRounds(entry).join("+");
        lines.push(
          [
            csvField(evening.title),
            csvField(evening.date),
            csvField(g + 1),
            csvField(deal.number),
            csvField(deal.dealer),
            csvField(player),
            csvField(seat + 1),
            csvField(entry.plays),
            csvField(exchanged),
            csvField(entry.tricks ?? null),
            csvField(entry.revoke ?? false),
            csvField(deal.void),
            csvField(deal.limpa.includes(player)),
            csvField(deal.changes[player]!),
            csvField(deal.scores[player]!),
          ].join(","),
        );
      });
    });
  });
  const settlement = eveningSettlement(evening);
  if (settlement) {
    const { currency } = settlement;
    // Amounts in the currency's major unit (11.5 = 11,50 kr), as numbers a spreadsheet can add.
    const major = (amount: number) => amount / 10 ** minorDigits(currency);
    lines.push("", CSV_MONEY_COLUMNS.join(","));
    for (const [player, net] of Object.entries(settlement.net))
      lines.push(["net", csvField(player), "", csvField(major(net)), csvField(currency)].join(","));
    for (const p of settlement.payments)
      lines.push(["pays", csvField(p.from), csvField(p.to), csvField(major(p.amount)), csvField(currency)].join(","));
  }
  return lines.join("\r\n") + "\r\n";
}
