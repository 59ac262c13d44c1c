"use client";

import { useCallback, useMemo, useState, useSyncExternalStore } from "react";
import type { GameRecord } from "@/lib/rules";
import { DRAFT_PREFIX } from "@/lib/offline/drafts";
import { draftFrom, emptyDraft, type Draft, type SeatDraft } from "./deal-draft";

/**
 * A new deal's taps kept in the tab's session storage until the deal is saved: a page loaded again meanwhile — a
 * pull down that reloads it, the phone dropping the tab in the background — shows them again instead of an empty
 * form. One per game: the deal being entered (its number) and its draft.
 */
const listeners = new Set<() => void>();
/** The last draft read, by its stored text and number: the same ones give the same object (a stable snapshot). */
let last: { raw: string; number: number; draft: Draft | null } | null = null;
/** This page's writes: they count even where the session storage refuses them (switched off, full). */
const written = new Map<string, string | null>();

function getRaw(key: string): string | null {
  if (written.has(key)) return written.get(key)!;
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function setRaw(key: string, raw: string | null) {
  written.set(key, raw);
  try {
    if (raw === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, raw);
  } catch {
    // kept in the page only
  }
  for (const listener of listeners) listener();
}

/** A kept draft's stored text read back: the deal's number and its draft, or null when it cannot be read. */
function parseKept(raw: string): { number?: unknown; draft?: Record<string, unknown> } | null {
  try {
    return JSON.parse(raw) as { number?: unknown; draft?: Record<string, unknown> };
  } catch {
    return null;
  }
}

const isSeat = (seat: unknown): seat is SeatDraft => {
  const s = seat as SeatDraft | null;
  return (
    typeof s === "object" &&
    s !== null &&
    (s.plays === null || typeof s.plays === "boolean") &&
    Array.isArray(s.rounds) &&
    s.rounds.every((n) => Number.isInteger(n) && n >= 0 && n <= 15) &&
    (s.tricks === null || (Number.isInteger(s.tricks) && s.tricks >= 0 && s.tricks <= 5)) &&
    typeof s.revoke === "boolean"
  );
};

/** The kept draft of deal `number` of game `gameId` for `players`, or null (none, another deal's, or unreadable). */
function read(gameId: string, number: number, players: string[]): Draft | null {
  const raw = getRaw(DRAFT_PREFIX + gameId);
  if (raw === null) return null;
  if (last?.raw !== raw || last.number !== number) {
    const kept = parseKept(raw);
    last = { raw, number, draft: kept?.number === number && kept.draft ? (kept.draft as Draft) : null };
  }
  const draft = last.draft;
  return draft && players.every((p) => isSeat(draft[p])) ? draft : null;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The deal form's draft: of a new deal, kept across loads of the page until `forgetDraft` (once it is saved); of an
 * edit, in the form only, starting from the deal as stored when the form opened (`opened`: the edit changes that
 * deal, not one changed from another phone meanwhile).
 */
export function useFormDraft(gameId: string, record: GameRecord, number: number, mode: "new" | "edit") {
  const kept = useKeptDraft(gameId, number, record.players);
  const [opened] = useState(() => (mode === "edit" ? record.deals[number - 1]!.entries : undefined));
  const [edited, setEdited] = useState<Draft | null>(() => (opened ? draftFrom(record.players, opened) : null));
  return {
    draft: edited ?? kept.draft,
    setDraft: mode === "edit" ? (next: Draft) => setEdited(next) : kept.keep,
    forgetDraft: kept.forget,
    opened,
  };
}

/**
 * The draft of new deal `number` of game `gameId` (empty until a tap), kept across loads of the page; `keep` stores
 * a tap's draft, `forget` drops it once the deal is saved.
 */
function useKeptDraft(gameId: string, number: number, players: string[]) {
  const empty = useMemo(() => emptyDraft(players), [players]);
  const kept = useSyncExternalStore(
    subscribe,
    () => read(gameId, number, players),
    // The server renders the empty form; the kept taps show once the page runs.
    () => null,
  );
  const keep = useCallback(
    (draft: Draft) => setRaw(DRAFT_PREFIX + gameId, JSON.stringify({ number, draft })),
    [gameId, number],
  );
  const forget = useCallback(() => {
    const raw = getRaw(DRAFT_PREFIX + gameId);
    if (raw !== null && parseKept(raw)?.number === number) setRaw(DRAFT_PREFIX + gameId, null);
  }, [gameId, number]);
  return { draft: kept ?? empty, keep, forget };
}
