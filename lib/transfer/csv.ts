/** The CSV export: one row per deal and player, the scores as the rules engine computes them. */
import { evaluateGame } from "@/lib/rules";
import type { EveningData } from "./format";

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

export function eveningToCsv(evening: EveningData): string {
  const lines = [CSV_COLUMNS.join(",")];
  evening.games.forEach((record, g) => {
    const result = evaluateGame(record).result;
    if (!result) return;
    result.deals.forEach((deal, d) => {
      record.players.forEach((player, seat) => {
        const entry = record.deals[d]!.entries[player]!;
        const exchanged =
          entry.exchanged === undefined
            ? ""
            : Array.isArray(entry.exchanged)
              ? entry.exchanged.join("+")
              : String(entry.exchanged);
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
  return lines.join("\r\n") + "\r\n";
}
