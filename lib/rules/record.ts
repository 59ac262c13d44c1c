import { describe, problem } from "./problems";
import type {
  Entries,
  EntryRecord,
  GameRecord,
  HouseRuleName,
  HouseRules,
  Problem,
  RulesMessage,
  VariantId,
} from "./types";
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
      problems: [problem("record.invalid", {}, "rules.recordInvalid")],
    };
  }
  const { variant, players, firstDealer, houseRules } = input;
  if (!isVariantId(variant)) {
    problems.push(problem("variant.unknown", {}, "rules.variantUnknown", { value: describe(variant) }));
  }

  let names: string[] | null = null;
  const badName = (p: unknown) =>
    typeof p !== "string" || p.trim() === "" || p.length > MAX_NAME_LENGTH || hasControlCharacters(p);
  if (!Array.isArray(players) || players.length > 20 || players.some(badName)) {
    problems.push(problem("players.invalid", {}, "rules.playersInvalid", { max: MAX_NAME_LENGTH }));
  } else {
    names = players as string[];
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(name)) {
        problems.push(problem("players.duplicate", { player: name }, "rules.playersDuplicate"));
      }
      seen.add(name);
    }
    if (isVariantId(variant)) {
      const def = VARIANTS[variant];
      if (names.length < def.minPlayers || names.length > def.maxPlayers) {
        problems.push(
          problem("players.count", {}, "rules.playersCount", {
            game: def.name,
            min: def.minPlayers,
            max: def.maxPlayers,
            n: names.length,
          }),
        );
      }
    }
  }

  let dealerSeat = 0;
  if (firstDealer !== undefined && names) {
    dealerSeat = typeof firstDealer === "string" ? names.indexOf(firstDealer) : -1;
    if (dealerSeat < 0) {
      problems.push(problem("firstDealer.unknown", {}, "rules.firstDealerUnknown", { value: describe(firstDealer) }));
    }
  }

  const chosen: Partial<HouseRules> = {};
  if (houseRules !== undefined) {
    if (!isObject(houseRules)) {
      problems.push(problem("houseRules.invalid", {}, "rules.houseRulesNotObject"));
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
      problems.push(problem("houseRules.unknown", {}, "rules.houseRuleUnknown", { name }));
      continue;
    }
    if (!Object.hasOwn(known, name)) {
      problems.push(
        problem("houseRules.wrongVariant", {}, "rules.houseRuleWrongVariant", { name, game: VARIANTS[variant].name }),
      );
      continue;
    }
    const spec = HOUSE_RULE_VALUES[name as HouseRuleName];
    const ok =
      spec.kind === "integer"
        ? typeof value === "number" && Number.isInteger(value) && value >= spec.min && value <= spec.max
        : spec.values.includes(value);
    if (!ok) {
      const expected: RulesMessage =
        spec.kind === "integer"
          ? { key: "rules.expectedRange", params: { min: spec.min, max: spec.max } }
          : (spec.values
              .map((v): string | RulesMessage => JSON.stringify(v))
              .reduceRight((b, a): RulesMessage => ({ key: "rules.expectedOr", params: { a, b } })) as RulesMessage);
      problems.push(
        problem("houseRules.invalid", {}, "rules.houseRuleInvalid", {
          name,
          value: describe(value),
          expected,
        }),
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
      problems: [problem("deal.invalid", { deal: number }, "rules.dealInvalid")],
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
        problems.push(problem("entry.unknownPlayer", { deal: number, player: name }, "rules.entryUnknownPlayer"));
    }
    for (const name of players) {
      if (!Object.hasOwn(entries, name))
        problems.push(problem("entry.missing", { deal: number, player: name }, "rules.entryMissing"));
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
      problems.push(problem("entry.invalid", { deal: number, player: name }, "rules.entryInvalid"));
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
            problem("entry.unknownField", { deal: number, player: name }, "rules.entryUnknownField", {
              field: key.slice(0, 40),
            }),
          );
      }
    }
    if (typeof plays === "boolean") parsed.plays[seat] = plays;
    else
      problems.push(
        problem("plays.invalid", { deal: number, player: name }, "rules.playsInvalid", { value: describe(plays) }),
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
        problem("exchanged.invalid", { deal: number, player: name }, "rules.exchangedInvalid", {
          value: describe(exchanged),
        }),
      );
    }
    if (tricks !== undefined) {
      if (isCount(tricks, 5)) parsed.tricks[seat] = tricks;
      else
        problems.push(
          problem("tricks.invalid", { deal: number, player: name }, "rules.tricksInvalid", { value: describe(tricks) }),
        );
    }
    if (revoke !== undefined) {
      if (typeof revoke === "boolean") parsed.revoke[seat] = revoke;
      else
        problems.push(
          problem("revoke.invalid", { deal: number, player: name }, "rules.revokeInvalid", { value: describe(revoke) }),
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

/** The cards a seat took from the talon as rounds (none: no rounds), however the entry wrote them. */
export function exchangeRounds(entry: Pick<EntryRecord, "exchanged">): number[] {
  const { exchanged } = entry;
  return exchanged === undefined ? [] : Array.isArray(exchanged) ? [...exchanged] : [exchanged];
}

/** One seat's entry in one shape: exchanges as rounds without empty ones ("0 cards" is no exchange), no empty fields. */
function normalEntry(entry: EntryRecord | undefined): string {
  if (!entry) return "-";
  const exchanged = exchangeRounds(entry).filter((n) => n !== 0);
  return JSON.stringify([entry.plays, exchanged, entry.tricks ?? null, entry.revoke ?? false]);
}

/** Whether two deals say the same thing about every seat, however each phone wrote it down. */
export function sameEntries(a: Entries, b: Entries): boolean {
  const seats = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const seat of seats) if (normalEntry(a[seat]) !== normalEntry(b[seat])) return false;
  return true;
}

/** How many cards a seat took from the talon in all. */
export function cardsExchanged(entry: Pick<EntryRecord, "exchanged">): number {
  return exchangeRounds(entry).reduce((total, n) => total + n, 0);
}
