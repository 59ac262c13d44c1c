"use client";

import { useI18n } from "@/lib/i18n/client";

/** Names as a table tells them apart at a glance: spaces around, case, and compatibility forms aside. */
const folded = (name: string) => name.trim().normalize("NFKC").toLocaleLowerCase();

/**
 * Under a name being typed: when it is a known name written another way ("cecilia " for "Cecilia"), says which name
 * it will count as — the group's player, or the name written before — and writes it so with a tap. The server still
 * decides who is who (decision 015); this only says it before the form is sent.
 */
export function NameHint({
  typed,
  knownNames,
  group,
  onUse,
  testId,
}: {
  typed: string;
  knownNames: string[];
  /** The names are a group's players (who the name will count as), not the account's own earlier ones. */
  group: boolean;
  onUse: (name: string) => void;
  testId?: string;
}) {
  const { t } = useI18n();
  const key = folded(typed);
  const known = key ? knownNames.find((n) => folded(n) === key) : undefined;
  if (!known || known === typed.trim()) return null;
  return (
    <button type="button" className="link-button name-hint" data-testid={testId} onClick={() => onUse(known)}>
      {t(group ? "evening.readAsGroup" : "evening.readAs", { typed: typed.trim(), name: known })}
    </button>
  );
}
