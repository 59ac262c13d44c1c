import { describe, expect, it } from "vitest";
import {
  checkDraft,
  chooseForSeat,
  completeDraft,
  draftFrom,
  emptyDraft,
  filledTricks,
  othersPass,
  roundsOf,
  seatInputs,
  toDeal,
  type Draft,
} from "@/app/(table)/evenings/[id]/deal-draft";
import { scoreGame, type GameRecord, type NextDeal } from "@/lib/rules";
import { problemText } from "@/lib/i18n/dictionaries";

const ABCD = ["A", "B", "C", "D"];
const knektpass: GameRecord = { variant: "knektpass", players: ABCD, firstDealer: "D", deals: [] };
const knack: GameRecord = { variant: "norrlands-knack", players: ABCD, firstDealer: "D", deals: [] };
const contextOf = (record: GameRecord): NextDeal => scoreGame(record).nextDeal!;
const choose = (record: GameRecord, draft: Draft, player: string, choice: Parameters<typeof chooseForSeat>[4]) =>
  chooseForSeat(record, contextOf(record), draft, player, choice);

describe("the deal form's draft: as few taps as the rules allow", () => {
  it("choosing cards or tricks marks a seat as playing; a playing seat with no cards chosen exchanged 0", () => {
    let draft = emptyDraft(ABCD);
    draft = choose(knektpass, draft, "A", { rounds: [2] });
    draft = choose(knektpass, draft, "B", { tricks: 3 });
    expect(draft.A!.plays).toBe(true);
    expect(draft.B!.plays).toBe(true);
    draft = choose(knektpass, draft, "A", { tricks: 2 });
    draft = othersPass(draft);
    expect([draft.C!.plays, draft.D!.plays]).toEqual([false, false]);
    expect(toDeal(knektpass, contextOf(knektpass), draft)).toEqual({
      entries: {
        A: { plays: true, exchanged: 2, tricks: 2 },
        B: { plays: true, exchanged: 0, tricks: 3 },
        C: { plays: false },
        D: { plays: false },
      },
    });
  });

  it("the last playing seat's tricks follow from the others' once every seat is decided (they add up to 5)", () => {
    let draft = emptyDraft(ABCD);
    draft = choose(knektpass, draft, "A", { tricks: 1 });
    draft = choose(knektpass, draft, "B", { tricks: 3 });
    draft = choose(knektpass, draft, "C", { rounds: [1] });
    // D is undecided: nothing follows yet, and nothing is reported.
    expect(filledTricks(knektpass, contextOf(knektpass), draft)).toBeNull();
    expect(checkDraft(knektpass, contextOf(knektpass), draft, "new")).toMatchObject({
      complete: false,
      problems: [],
      undecided: ["D"],
    });
    draft = othersPass(draft);
    expect(filledTricks(knektpass, contextOf(knektpass), draft)).toEqual({ player: "C", tricks: 1 });
    const check = checkDraft(knektpass, contextOf(knektpass), draft, "new");
    expect(check.complete).toBe(true);
    expect(check.problems).toEqual([]);
    // C exchanged 1 and took the filled-in 1: quota met, −1.
    expect(check.after!.scores).toEqual({ A: 11, B: 9, C: 11, D: 12 });
  });

  it("nothing is filled in past 5, and a complete deal's problems name the deal", () => {
    let draft = emptyDraft(ABCD);
    draft = choose(knektpass, draft, "A", { tricks: 3 });
    draft = choose(knektpass, draft, "B", { tricks: 3 });
    draft = choose(knektpass, draft, "C", { plays: true });
    draft = othersPass(draft);
    expect(filledTricks(knektpass, contextOf(knektpass), draft)).toBeNull();
    expect(checkDraft(knektpass, contextOf(knektpass), draft, "new")).toMatchObject({
      complete: false,
      missingTricks: ["C"],
    });
    draft = choose(knektpass, draft, "C", { tricks: 0 });
    const check = checkDraft(knektpass, contextOf(knektpass), draft, "new");
    expect(check.problems.map((p) => problemText(p, "en"))).toEqual(["deal 1: tricks add up to 6 — should be 5"]);
  });

  it("a lone player needs no tricks: they are not asked once the others pass, and not sent", () => {
    let draft = choose(knektpass, emptyDraft(ABCD), "B", { plays: true });
    expect(seatInputs(knektpass, contextOf(knektpass), draft, "B").tricks).toBe(true); // others may still play
    draft = othersPass(draft);
    const inputs = seatInputs(knektpass, contextOf(knektpass), draft, "B");
    expect(inputs).toMatchObject({ tricks: false, alone: true });
    expect(toDeal(knektpass, contextOf(knektpass), draft).entries.B).toEqual({ plays: true });
    expect(checkDraft(knektpass, contextOf(knektpass), draft, "new").after!.scores.B).toBe(7);
  });

  it("passing clears a seat's cards and tricks; the toggle goes back to playing", () => {
    let draft = choose(knektpass, emptyDraft(ABCD), "A", { rounds: [3] });
    draft = choose(knektpass, draft, "A", { tricks: 2 });
    draft = choose(knektpass, draft, "A", { plays: false });
    expect(draft.A).toEqual({ plays: false, rounds: [], tricks: null, revoke: false });
  });

  it("more than 5 cards are sent as rounds of at most 5, and read back as one total", () => {
    expect([0, 3, 5, 6, 7, 12, 15].map(roundsOf)).toEqual([[0], [3], [5], [5, 1], [5, 2], [5, 5, 2], [5, 5, 5]]);
    let draft = choose(knektpass, emptyDraft(ABCD), "A", { rounds: [7] });
    draft = choose(knektpass, draft, "A", { tricks: 4 });
    draft = choose(knektpass, draft, "B", { tricks: 1 });
    draft = othersPass(draft);
    const deal = toDeal(knektpass, contextOf(knektpass), draft);
    expect(deal.entries.A).toEqual({ plays: true, exchanged: [5, 2], tricks: 4 });
    // Quota 7, took 4: +15.
    expect(checkDraft(knektpass, contextOf(knektpass), draft, "new").after!.scores.A).toBe(27);
    expect(draftFrom(ABCD, deal.entries).A!.rounds).toEqual([5, 2]);
  });

  it("Norrlands-Knack's first deal asks only the knocker's tricks: the first knock makes everyone else lura", () => {
    const context = contextOf(knack);
    expect(context.firstDeal).toBe(true);
    let draft = choose(knack, emptyDraft(ABCD), "C", { tricks: 2 });
    expect(["A", "B", "D"].map((p) => draft[p]!.plays)).toEqual([false, false, false]);
    expect(["A", "B", "D"].map((p) => seatInputs(knack, context, draft, p).tricks)).toEqual([false, false, false]);
    draft = completeDraft(knack, context, draft);
    const check = checkDraft(knack, context, draft, "new");
    expect(check.complete).toBe(true);
    expect(check.after!.scores).toEqual({ A: 10, B: 10, C: 8, D: 10 });
  });

  it("a revoke is offered only to knockers in a played hand under trumftvång", () => {
    // A reaches 1: the next deal is under trumftvång.
    const record: GameRecord = {
      ...knack,
      houseRules: { startScore: 2 },
      deals: [
        { entries: { A: { plays: true, tricks: 1 }, B: { plays: false }, C: { plays: false }, D: { plays: false } } },
      ],
    };
    const context = contextOf(record);
    expect(context.trumpCompulsion).toBe(true);
    let draft = chooseForSeat(record, context, emptyDraft(ABCD), "A", { tricks: 0 });
    expect(seatInputs(record, context, draft, "A").revoke).toBe(false); // alone so far
    draft = chooseForSeat(record, context, draft, "B", { tricks: 5 });
    expect(seatInputs(record, context, draft, "A").revoke).toBe(true);
    draft = chooseForSeat(record, context, draft, "A", { revoke: true });
    draft = othersPass(draft);
    expect(toDeal(record, context, draft).entries.A).toEqual({ plays: true, tricks: 0, revoke: true });
    const check = checkDraft(record, context, draft, "new");
    expect(check.after!.limpa.A).toBe(1);
  });

  it("an edit checks the changed deal in place: later deals are scored again", () => {
    const record: GameRecord = {
      ...knektpass,
      deals: [
        {
          entries: {
            A: { plays: true, exchanged: 0, tricks: 2 },
            B: { plays: true, exchanged: 0, tricks: 3 },
            C: { plays: false },
            D: { plays: false },
          },
        },
        { entries: { A: { plays: false }, B: { plays: true }, C: { plays: false }, D: { plays: false } } },
      ],
    };
    const result = scoreGame(record);
    const context = { ...contextOf({ ...record, deals: [] }), number: 1 };
    let draft = draftFrom(ABCD, record.deals[0]!.entries);
    draft = chooseForSeat(record, context, draft, "A", { tricks: 3 });
    draft = chooseForSeat(record, context, draft, "B", { tricks: 2 });
    const check = checkDraft(record, context, draft, "edit");
    expect(check.after!.scores).toEqual({ A: 9, B: 5, C: 12, D: 12 });
    expect(result.scores).toEqual({ A: 10, B: 4, C: 12, D: 12 });
  });
});
