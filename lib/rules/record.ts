import { describe, problem } from "./problems";
import type { GameRecord, HouseRuleName, HouseRules, Problem, VariantId } from "./types";
import { HOUSE_RULE_VALUES, VARIANTS, isVariantId, resolveHouseRules } from "./variants";

/** The part of a record that fixes the game before any deal: who plays, under which rules. */
export interface GameSetup {
  variant: VariantId;
  players: string[];
  firstDealer: number;
  houseRules: HouseRules;
  /** The record's own house-rule choices, as given. */
  chosenHouseRules: Partial<HouseRules>;
}

/** A deal after its shape is checked: one slot per seat. */
export interface ParsedDeal {
  plays: boolean[];
  /** Cards exchanged per seat, summed over the rounds (RULES.md K3). */
  exchangedSum: number[];
  /** The largest single exchange round per seat (house rule quota "largestRound"). */
  exchangedMax: number[];
  /** Tricks per seat, or -1 when not given. */
  tricks: number[];
  revoke: boolean[];
}

export const MAX_NAME_LENGTH = 40;

/** Control characters (NUL and friends) have no place in names and titles. */
export function hasControlCharacters(value: string): boolean {
  return /[\u0000-\u001f\u007f]/.test(value);
}
const ENTRY_FIELDS = new Set(["plays", "exchanged", "tricks", "revoke"]);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isCount(value: unknown, max: number): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= max;
}

/** Checks everything in a record except its deals. */
export function parseSetup(input: unknown): { setup: GameSetup; problems: [] } | { setup: null; problems: Problem[] } {
  const problems: Problem[] = [];
  if (!isObject(input)) {
    return {
      setup: null,
      problems: [
        problem(
          "record.invalid",
          {},
          "a game record must be a JSON object",
          "ett spelprotokoll måste vara ett JSON-objekt",
        ),
      ],
    };
  }
  const { variant, players, firstDealer, houseRules } = input;
  if (!isVariantId(variant)) {
    problems.push(
      problem(
        "variant.unknown",
        {},
        `unknown variant ${describe(variant)} (expected "knektpass" or "norrlands-knack")`,
        `okänt spel ${describe(variant)} (ska vara "knektpass" eller "norrlands-knack")`,
      ),
    );
  }

  let names: string[] | null = null;
  const badName = (p: unknown) =>
    typeof p !== "string" || p.trim() === "" || p.length > MAX_NAME_LENGTH || hasControlCharacters(p);
  if (!Array.isArray(players) || players.length > 20 || players.some(badName)) {
    problems.push(
      problem(
        "players.invalid",
        {},
        `players must be a list of names, each 1–${MAX_NAME_LENGTH} characters without control characters`,
        `spelarna ska vara en lista med namn på 1–${MAX_NAME_LENGTH} tecken utan styrtecken`,
      ),
    );
  } else {
    names = players as string[];
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(name)) {
        problems.push(
          problem(
            "players.duplicate",
            { player: name },
            "this name is at the table twice",
            "namnet finns två gånger vid bordet",
          ),
        );
      }
      seen.add(name);
    }
    if (isVariantId(variant)) {
      const def = VARIANTS[variant];
      if (names.length < def.minPlayers || names.length > def.maxPlayers) {
        problems.push(
          problem(
            "players.count",
            {},
            `${def.name} is for ${def.minPlayers}–${def.maxPlayers} players, not ${names.length}`,
            `${def.name} spelas av ${def.minPlayers}–${def.maxPlayers} spelare, inte ${names.length}`,
          ),
        );
      }
    }
  }

  let dealerSeat = 0;
  if (firstDealer !== undefined && names) {
    dealerSeat = typeof firstDealer === "string" ? names.indexOf(firstDealer) : -1;
    if (dealerSeat < 0) {
      problems.push(
        problem(
          "firstDealer.unknown",
          {},
          `the first dealer ${describe(firstDealer)} is not one of the players`,
          `första given ${describe(firstDealer)} är ingen av spelarna`,
        ),
      );
    }
  }

  const chosen: Partial<HouseRules> = {};
  if (houseRules !== undefined) {
    if (!isObject(houseRules)) {
      problems.push(
        problem("houseRules.invalid", {}, "houseRules must be an object", "houseRules ska vara ett objekt"),
      );
    } else if (isVariantId(variant)) {
      problems.push(...checkHouseRules(variant, houseRules, chosen));
    }
  }

  if (problems.length > 0 || !isVariantId(variant) || !names) return { setup: null, problems };
  return {
    setup: {
      variant,
      players: names,
      firstDealer: dealerSeat,
      houseRules: resolveHouseRules(variant, chosen),
      chosenHouseRules: chosen,
    },
    problems: [],
  };
}

function checkHouseRules(variant: VariantId, given: Record<string, unknown>, into: Partial<HouseRules>): Problem[] {
  const problems: Problem[] = [];
  const known = VARIANTS[variant].houseRules;
  for (const [name, value] of Object.entries(given)) {
    if (!Object.hasOwn(HOUSE_RULE_VALUES, name)) {
      problems.push(problem("houseRules.unknown", {}, `unknown house rule "${name}"`, `okänd husregel "${name}"`));
      continue;
    }
    if (!Object.hasOwn(known, name)) {
      problems.push(
        problem(
          "houseRules.wrongVariant",
          {},
          `house rule "${name}" does not apply to ${VARIANTS[variant].name}`,
          `husregeln "${name}" gäller inte ${VARIANTS[variant].name}`,
        ),
      );
      continue;
    }
    const spec = HOUSE_RULE_VALUES[name as HouseRuleName];
    const ok =
      spec.kind === "integer"
        ? typeof value === "number" && Number.isInteger(value) && value >= spec.min && value <= spec.max
        : spec.values.includes(value);
    if (!ok) {
      const expected =
        spec.kind === "integer"
          ? `a whole number from ${spec.min} to ${spec.max}`
          : spec.values.map((v) => JSON.stringify(v)).join(" or ");
      const expectedSv =
        spec.kind === "integer"
          ? `ett heltal från ${spec.min} till ${spec.max}`
          : spec.values.map((v) => JSON.stringify(v)).join(" eller ");
      problems.push(
        problem(
          "houseRules.invalid",
          {},
          `house rule "${name}" is ${describe(value)}; it must be ${expected}`,
          `husregeln "${name}" är ${describe(value)}; den ska vara ${expectedSv}`,
        ),
      );
      continue;
    }
    (into as Record<string, unknown>)[name] = value;
  }
  return problems;
}

/**
 * Checks the shape of one deal — an entry for every seat, the right types, numbers in range — without
 * looking at the state of the game. Returns the deal by seat, or the problems.
 */
export function parseDeal(
  players: string[],
  seatOf: Map<string, number>,
  deal: unknown,
  number: number,
): { deal: ParsedDeal; problems: [] } | { deal: null; problems: Problem[] } {
  if (!isObject(deal) || !isObject(deal.entries)) {
    return {
      deal: null,
      problems: [
        problem(
          "deal.invalid",
          { deal: number },
          "a deal must be an object with entries per player",
          "en giv ska vara ett objekt med en rad per spelare",
        ),
      ],
    };
  }
  const entries = deal.entries;
  const n = players.length;
  const problems: Problem[] = [];
  // Fast path: n own keys and every player has one, so there is no unknown key (this runs for every deal).
  let complete = Object.keys(entries).length === n;
  for (let seat = 0; complete && seat < n; seat++) complete = Object.hasOwn(entries, players[seat]!);
  if (!complete) {
    for (const name of Object.keys(entries)) {
      if (!seatOf.has(name))
        problems.push(
          problem(
            "entry.unknownPlayer",
            { deal: number, player: name },
            "not a player at this table",
            "ingen spelare vid det här bordet",
          ),
        );
    }
    for (const name of players) {
      if (!Object.hasOwn(entries, name))
        problems.push(
          problem(
            "entry.missing",
            { deal: number, player: name },
            "no entry for this player",
            "ingen rad för den här spelaren",
          ),
        );
    }
  }
  const parsed: ParsedDeal = { plays: [], exchangedSum: [], exchangedMax: [], tricks: [], revoke: [] };
  for (let seat = 0; seat < n; seat++) {
    const name = players[seat]!;
    parsed.plays.push(false);
    parsed.exchangedSum.push(0);
    parsed.exchangedMax.push(0);
    parsed.tricks.push(-1);
    parsed.revoke.push(false);
    if (!Object.hasOwn(entries, name)) continue;
    const entry = entries[name];
    if (!isObject(entry)) {
      problems.push(
        problem(
          "entry.invalid",
          { deal: number, player: name },
          "the entry must be an object",
          "raden ska vara ett objekt",
        ),
      );
      continue;
    }
    const { plays, exchanged, tricks, revoke } = entry;
    const fields =
      (plays !== undefined ? 1 : 0) +
      (exchanged !== undefined ? 1 : 0) +
      (tricks !== undefined ? 1 : 0) +
      (revoke !== undefined ? 1 : 0);
    if (Object.keys(entry).length !== fields || !Object.hasOwn(entry, "plays")) {
      for (const key of Object.keys(entry)) {
        if (!ENTRY_FIELDS.has(key))
          problems.push(
            problem(
              "entry.unknownField",
              { deal: number, player: name },
              `unknown field "${key.slice(0, 40)}" (expected plays, exchanged, tricks, revoke)`,
              `okänt fält "${key.slice(0, 40)}" (ska vara plays, exchanged, tricks, revoke)`,
            ),
          );
      }
    }
    if (typeof plays === "boolean") parsed.plays[seat] = plays;
    else
      problems.push(
        problem(
          "plays.invalid",
          { deal: number, player: name },
          `plays must be true or false, not ${describe(plays)}`,
          `plays ska vara true eller false, inte ${describe(plays)}`,
        ),
      );
    if (exchanged === undefined) {
      // nothing exchanged
    } else if (isCount(exchanged, 5)) {
      parsed.exchangedSum[seat] = exchanged;
      parsed.exchangedMax[seat] = exchanged;
    } else if (Array.isArray(exchanged) && exchanged.length <= 3 && exchanged.every((r) => isCount(r, 5))) {
      let total = 0;
      let max = 0;
      for (const r of exchanged as number[]) {
        total += r;
        if (r > max) max = r;
      }
      parsed.exchangedSum[seat] = total;
      parsed.exchangedMax[seat] = max;
    } else {
      problems.push(
        problem(
          "exchanged.invalid",
          { deal: number, player: name },
          `exchanged must be a whole number 0–5 or a list of up to 3 rounds of 0–5, not ${describe(exchanged)}`,
          `köpta kort ska vara ett heltal 0–5 eller en lista med högst 3 omgångar om 0–5, inte ${describe(exchanged)}`,
        ),
      );
    }
    if (tricks !== undefined) {
      if (isCount(tricks, 5)) parsed.tricks[seat] = tricks;
      else
        problems.push(
          problem(
            "tricks.invalid",
            { deal: number, player: name },
            `tricks must be a whole number 0–5, not ${describe(tricks)}`,
            `stick ska vara ett heltal 0–5, inte ${describe(tricks)}`,
          ),
        );
    }
    if (revoke !== undefined) {
      if (typeof revoke === "boolean") parsed.revoke[seat] = revoke;
      else
        problems.push(
          problem(
            "revoke.invalid",
            { deal: number, player: name },
            `revoke must be true or false, not ${describe(revoke)}`,
            `försakelse ska vara true eller false, inte ${describe(revoke)}`,
          ),
        );
    }
  }
  return problems.length ? { deal: null, problems } : { deal: parsed, problems: [] };
}

/** Rebuilds a plain record from a setup and deals (e.g. for export). */
export function toRecord(setup: GameSetup, deals: GameRecord["deals"]): GameRecord {
  const record: GameRecord = {
    variant: setup.variant,
    players: [...setup.players],
    firstDealer: setup.players[setup.firstDealer]!,
    deals,
  };
  if (Object.keys(setup.chosenHouseRules).length) record.houseRules = { ...setup.chosenHouseRules };
  return record;
}
