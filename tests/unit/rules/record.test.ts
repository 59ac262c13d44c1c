import { describe, expect, it } from "vitest";
import { cardsExchanged, exchangeRounds, sameEntries, type Entries, type GameRecord } from "@/lib/rules";
import { lone } from "@/tests/support/records";

const pair = (a: string, b: string, aTricks = 3): Entries => ({
  Anna: { plays: false },
  Bo: { plays: false },
  Cecilia: { plays: false },
  [a]: { plays: true, exchanged: 1, tricks: aTricks },
  [b]: { plays: true, exchanged: 2, tricks: 5 - aTricks },
});

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

describe("sameEntries", () => {
  it("sees the same deal however each phone wrote it down", () => {
    expect(
      sameEntries(
        { A: { plays: true, exchanged: 2, tricks: 3 } },
        { A: { plays: true, exchanged: [2], tricks: 3, revoke: false } },
      ),
    ).toBe(true);
    expect(sameEntries(pair("Anna", "Bo", 3), pair("Anna", "Bo", 3))).toBe(true);
    // The deal screen says "0 cards" where a script leaves the exchange out.
    expect(sameEntries({ A: { plays: true, exchanged: 0, tricks: 3 } }, { A: { plays: true, tricks: 3 } })).toBe(true);
    expect(sameEntries({ A: { plays: true, exchanged: [2, 0] } }, { A: { plays: true, exchanged: [2] } })).toBe(true);
  });

  it("tells different deals apart, seat by seat", () => {
    expect(sameEntries(pair("Anna", "Bo", 3), pair("Anna", "Bo", 2))).toBe(false);
    expect(sameEntries(lone("Bo"), lone("Anna"))).toBe(false);
    expect(sameEntries({ A: { plays: true, exchanged: [2, 1] } }, { A: { plays: true, exchanged: 3 } })).toBe(false);
    expect(sameEntries({ A: { plays: false } }, { A: { plays: false }, B: { plays: false } })).toBe(false);
  });
});
