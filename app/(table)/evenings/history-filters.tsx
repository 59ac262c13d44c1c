import Link from "next/link";
import type { GroupSummary } from "@/lib/data/groups";
import type { HistoryFilters as Filters } from "@/lib/data/history";
import type { MessageKey } from "@/lib/i18n/dictionaries";
import { VARIANTS, VARIANT_IDS } from "@/lib/rules";

/** The history's filters: player, game, group, dates — a plain GET form, so the address says what is shown. */
export function HistoryFilters({
  filters,
  filtered,
  names,
  groups,
  t,
}: {
  filters: Filters;
  filtered: boolean;
  names: string[];
  groups: GroupSummary[];
  t: (key: MessageKey) => string;
}) {
  return (
    <>
      {/* Keyed by the filters, so the fields show what the list shows after every navigation. */}
      <form key={JSON.stringify(filters)} className="filters card" method="get" action="/evenings">
        <label className="field">
          <span>{t("history.player")}</span>
          <select name="player" defaultValue={filters.player ?? ""}>
            <option value="">{t("history.any")}</option>
            {[...names]
              .sort((a, b) => a.localeCompare(b))
              .map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
          </select>
        </label>
        <label className="field">
          <span>{t("history.game")}</span>
          <select name="variant" defaultValue={filters.variant ?? ""}>
            <option value="">{t("history.any")}</option>
            {VARIANT_IDS.map((id) => (
              <option key={id} value={id}>
                {VARIANTS[id].name}
              </option>
            ))}
          </select>
        </label>
        {groups.length ? (
          <label className="field">
            <span>{t("nav.groups")}</span>
            <select name="group" defaultValue={filters.group ?? ""}>
              <option value="">{t("history.any")}</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </label>
        ) : null}
        <label className="field">
          <span>{t("history.from")}</span>
          <input type="date" name="from" defaultValue={filters.from} />
        </label>
        <label className="field">
          <span>{t("history.to")}</span>
          <input type="date" name="to" defaultValue={filters.to} />
        </label>
        <div className="actions">
          <button type="submit" className="button small">
            {t("history.filter")}
          </button>
          {filtered ? (
            <Link href="/evenings" className="button small">
              {t("history.clear")}
            </Link>
          ) : null}
        </div>
      </form>
    </>
  );
}
