import Link from "next/link";
import type { Actor } from "@/lib/data/access";
import { loadSummaries } from "@/lib/data/game-summary";
import { listGroups, type GroupSummary } from "@/lib/data/groups";
import { groupSummaries } from "@/lib/data/seasons";
import type { MessageKey } from "@/lib/i18n/dictionaries";
import type { SummarizedGame } from "@/lib/stats/players";
import { spellingsAsOne } from "@/lib/stats/season";

/**
 * The games the players' pages add up: every evening the user sees (one person's spellings read as one), or — with
 * `?group=` — one group's evenings, its merged players read as one. A group the user is not in is not offered and not read.
 */
export async function groupOf(
  actor: Actor,
  group: string | string[] | undefined,
): Promise<{ groups: GroupSummary[]; group: GroupSummary | null; games: SummarizedGame[] }> {
  const groups = await listGroups(actor);
  const chosen = groups.find((g) => g.id === group) ?? null;
  const games = chosen ? await groupSummaries(actor, chosen.id) : spellingsAsOne(await loadSummaries(actor));
  return { groups, group: chosen, games };
}

/** Everyone, or one group: links that keep the rest of the page's address. */
export function GroupFilter({
  groups,
  group,
  path,
  t,
}: {
  groups: GroupSummary[];
  group: GroupSummary | null;
  path: string;
  t: (key: MessageKey) => string;
}) {
  if (!groups.length) return null;
  return (
    <nav className="segmented" aria-label={t("nav.groups")} data-testid="players-group">
      <Link href={path} className="button small" aria-current={group ? undefined : "page"}>
        {t("history.any")}
      </Link>
      {groups.map((g) => (
        <Link
          key={g.id}
          href={`${path}?group=${g.id}`}
          className="button small"
          aria-current={g.id === group?.id ? "page" : undefined}
        >
          {g.name}
        </Link>
      ))}
    </nav>
  );
}
