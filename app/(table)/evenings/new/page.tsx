import type { Metadata } from "next";
import Link from "next/link";
import { requireActor } from "@/lib/auth/require";
import { listPlayerNames } from "@/lib/data/evenings";
import { listGroupPlayerNames, listGroups } from "@/lib/data/groups";
import { listRuleSets } from "@/lib/data/rule-sets";
import { getI18n } from "@/lib/i18n/server";
import { VARIANTS, VARIANT_IDS } from "@/lib/rules";
import { EveningForm } from "./evening-form";
import { houseRuleFields, rulesFieldLabels } from "../rules-fields-data";
import { houseRulesSummary, stakesSummary } from "../rules-summary";
import { Words } from "@/lib/i18n/words";

export const metadata: Metadata = { title: "New evening · Protokoll" };

export default async function NewEveningPage({ searchParams }: PageProps<"/evenings/new">) {
  const actor = await requireActor("/evenings/new");
  const { group: groupParam } = await searchParams;
  const [{ t, locale }, ownNames, sets, groups] = await Promise.all([
    getI18n(),
    listPlayerNames(actor),
    listRuleSets(actor),
    listGroups(actor),
  ]);
  // Started for a group: its players are offered, and it is kept for the group.
  const group = groups.find((g) => g.id === groupParam) ?? null;
  const knownNames = group ? await listGroupPlayerNames(actor, group.id) : ownNames;
  const ruleSets = sets.map((set) => ({
    id: set.id,
    name: set.name,
    variant: set.variant,
    summary: [...houseRulesSummary(set.houseRules, t), ...stakesSummary(set.stakes, t, locale)].join(" · "),
  }));
  const houseRules = houseRuleFields(t);
  const rulesLabels = rulesFieldLabels(t);
  const today = new Date().toISOString().slice(0, 10);
  return (
    <Words areas={["rules", "evening"]}>
      <main className="narrow stack">
        <h1>{t("evenings.new")}</h1>
        <p>
          <Link href="/rule-sets">{t("ruleSets.link")}</Link>
        </p>
        {groups.length ? (
          <nav className="segmented" aria-label={t("group.forGroup")} data-testid="evening-for-group">
            <Link href="/evenings/new" className="button small" aria-current={group ? undefined : "page"}>
              {t("group.noGroup")}
            </Link>
            {groups.map((g) => (
              <Link
                key={g.id}
                href={`/evenings/new?group=${g.id}`}
                className="button small"
                aria-current={g.id === group?.id ? "page" : undefined}
              >
                {g.name}
              </Link>
            ))}
          </nav>
        ) : null}
        <EveningForm
          today={today}
          variants={VARIANT_IDS.map((id) => ({
            id,
            name: VARIANTS[id].name,
            min: VARIANTS[id].minPlayers,
            max: VARIANTS[id].maxPlayers,
          }))}
          houseRules={houseRules}
          knownNames={knownNames}
          group={group ? { id: group.id, name: group.name } : null}
          key={group?.id ?? "none"}
          ruleSets={ruleSets}
          labels={{
            title: t("evening.title"),
            date: t("evening.date"),
            place: t("evening.place"),
            game: t("evening.game"),
            players: t("evening.players"),
            player: t("evening.player"),
            addPlayer: t("evening.addPlayer"),
            firstDealer: t("evening.firstDealer"),
            create: t("evening.create"),
            count: t("evening.playerCount"),
            ruleSet: t("money.ruleSet"),
            ruleSetNone: t("money.ruleSetNone"),
            ...rulesLabels,
          }}
        />
      </main>
    </Words>
  );
}
