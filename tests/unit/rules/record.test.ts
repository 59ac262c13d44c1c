import { describe, expect, it } from "vitest";
import { cardsExchanged, exchangeRounds, type GameRecord } from "@/lib/rules";

describe("the cards a seat exchanged", () => {
  it("read the same whether the entry wrote a total or rounds", () => {
    expect(exchangeRounds({})).toEqual([]);
    expect(exchangeRounds({ exchanged: 0 })).toEqual([0]);
    expect(exchangeRounds({ exchanged: 3 })).toEqual([3]);
    expect(exchangeRounds({ exchanged: [2, 0, 3] })).toEqual([2, 0, 3]);
    expect(cardsExchanged({})).toBe(0);
    expect(cardsExchanged({ exchanged: 4 })).toBe(4);
    expect(cardsExchanged({ exchanged: [2, 0, 3] })).toBe(5);
  });

  it("of a record's deal: the rounds are a copy, so changing them changes nothing in the record", () => {
    const record: GameRecord = {
      variant: "norrlands-knack",
      players: ["Anna", "Bo", "Cecilia"],
      deals: [
        {
          entries: {
            Anna: { plays: true, exchanged: [2, 1], tricks: 3 },
            Bo: { plays: true, exchanged: 2, tricks: 2 },
            Cecilia: { plays: false },
          },
        },
      ],
    };
    const anna = record.deals[0]!.entries.Anna!;
    const rounds = exchangeRounds(anna);
    rounds.push(5);
    expect(anna.exchanged).toEqual([2, 1]);
    expect(record.players.map((p) => cardsExchanged(record.deals[0]!.entries[p]!))).toEqual([3, 2, 0]);
  });
});
