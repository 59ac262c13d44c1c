import { describe, expect, it } from "vitest";
import { CreateEveningSchema } from "@/lib/schemas/evening";
import { SignUpSchema } from "@/lib/schemas/account";
import { AppError, invalidInput, refusedByRules } from "@/lib/errors";
import { isMessageKey, problemText, translate } from "@/lib/i18n/dictionaries";
import { validateGame } from "@/lib/rules";
import { EVENING_FORMAT, readImport } from "@/lib/transfer/format";

describe("messages travel as keys and parameters, translated where they are shown", () => {
  it("an error's message is a key with parameters; its English rendering is for logs", () => {
    const error = new AppError("not_found", { key: "errors.noDeal", params: { n: 4 } });
    expect(error.message).toBe("There is no deal 4 in this game.");
    expect(translate(error.text, "sv")).toBe("Det finns ingen giv 4 i partiet.");
  });

  it("zod field problems become dictionary keys, with the limit they broke", () => {
    const parsed = CreateEveningSchema.safeParse({
      title: "",
      date: "2026-02-30",
      place: "x".repeat(81),
      variant: "knektpass",
      players: [],
    });
    const error = invalidInput(parsed.error!);
    const keys = Object.values(error.fieldMessages)
      .flat()
      .map((m) => m.key);
    expect(keys.every(isMessageKey)).toBe(true);
    expect(keys).not.toContain("field.invalid"); // every schema message is a known key
    expect(translate(error.fieldMessages.title![0]!, "sv")).toBe("ge kvällen en rubrik");
    expect(translate(error.fieldMessages.date![0]!, "sv")).toBe("det datumet finns inte i kalendern");
    expect(error.fields.place).toEqual(["at most 80 characters"]);
    expect(translate(error.fieldMessages.place![0]!, "sv")).toBe("högst 80 tecken");
    expect(translate(error.fieldMessages.players![0]!, "sv")).toBe("lägg till spelarna");
    const signUp = invalidInput(SignUpSchema.safeParse({ username: "a", password: "short" }).error!);
    expect(
      Object.values(signUp.fieldMessages)
        .flat()
        .map((m) => translate(m, "sv")),
    ).toEqual(["3–32 bokstäver, siffror, punkter, bindestreck eller understreck", "minst 8 tecken"]);
  });

  it("a refusal by the rules carries the engine's problems in both languages", () => {
    const problems = validateGame({
      variant: "knektpass",
      players: ["A", "B"],
      deals: [{ entries: { A: { plays: true, tricks: 3 }, B: { plays: true, tricks: 3 } } }],
    });
    const error = refusedByRules(problems);
    expect(error.message).toBe("deal 1: tricks add up to 6 — should be 5");
    expect(translate(error.text, "sv")).toBe("giv 1: sticken blir 6 tillsammans — ska vara 5");
  });

  it("import problems are translated too, the rules engine's included", () => {
    const game = {
      variant: "knektpass",
      players: ["A", "B"],
      deals: [{ entries: { A: { plays: true, tricks: 7 }, B: { plays: false } } }],
    };
    const file = {
      format: "protokoll.backup",
      version: 1,
      evenings: [
        { format: EVENING_FORMAT, title: "", date: "2026-12-03", variant: "knektpass", games: [] },
        { title: "x", date: "2026-12-03", variant: "knektpass", games: [game] },
      ],
    };
    const { problems } = readImport(file, "2026-12-03");
    expect(problems.map((p) => p.message)).toEqual([
      "Evening 1: the title must be 1–80 characters.",
      "Evening 1: games must be a list of 1–200 game records.",
      "Evening 2, game 1: deal 1, A: tricks must be a whole number 0–5, not 7",
    ]);
    expect(problems.map((p) => translate(p.text, "sv"))).toEqual([
      "Kväll 1: rubriken ska vara 1–80 tecken.",
      "Kväll 1: games ska vara en lista med 1–200 spelprotokoll.",
      `Kväll 2, parti 1: ${problemText(validateGame(game)[0]!, "sv")}`,
    ]);
  });
});
