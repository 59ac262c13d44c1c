import type { Metadata } from "next";
import Link from "next/link";
import { requireActor } from "@/lib/auth/require";
import { listRuleSets } from "@/lib/data/rule-sets";
import { listGroups } from "@/lib/data/groups";
import { format } from "@/lib/i18n/dictionaries";
import { majorUnits } from "@/lib/i18n/format";
import { getI18n } from "@/lib/i18n/server";
import { VARIANTS, VARIANT_IDS } from "@/lib/rules";
import { houseRuleFields, rulesFieldLabels } from "@/app/(table)/evenings/rules-fields-data";
import { houseRulesSummary, stakesSummary } from "@/app/(table)/evenings/rules-summary";
import { DeleteRuleSetButton } from "./delete-button";
import { RuleSetForm } from "./rule-set-form";
import { Words } from "@/lib/i18n/words";

export const metadata: Metadata = { title: "Our table's rules · Protokoll" };

/** "Our table's rules": the account's saved rule sets, and the form to add one or change one. */
export default async function RuleSetsPage({ searchParams }: PageProps<"/rule-sets">) {
  const actor = await requireActor("/rule-sets");
  const [{ t, locale }, sets, { edit }, groups] = await Promise.all([
    getI18n(),
    listRuleSets(actor),
    searchParams,
    listGroups(actor),
  ]);
  const editing = sets.find((s) => s.id === edit && s.canChange) ?? null;
  return (
    <Words areas={["rules"]}>
      <main className="narrow stack">
        <h1>{t("ruleSets.title")}</h1>
        <p className="muted">{t("ruleSets.help")}</p>
        <ul className="card-list" data-testid="rule-sets">
          {sets.map((set) => (
            <li key={set.id} className="card" data-testid={`rule-set-${set.name}`}>
              <strong>{set.name}</strong> <span className="muted">· {VARIANTS[set.variant].name}</span>
              {set.group ? <span className="muted"> · {set.group.name}</span> : null}
              <p className="muted">
                {[...houseRulesSummary(set.houseRules, t), ...stakesSummary(set.stakes, t, locale)].join(" · ") ||
                  t("ruleSets.defaults")}
              </p>
              {set.canChange ? (
                <div className="actions">
                  <Link className="button small" href={`/rule-sets?edit=${set.id}`}>
                    {t("offline.edit")}
                  </Link>
                  <DeleteRuleSetButton id={set.id} label={t("offline.delete")} />
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        <h2>{editing ? format(t("ruleSets.editing"), { name: editing.name }) : t("ruleSets.new")}</h2>
        <RuleSetForm
          key={editing?.id ?? "new"}
          variants={VARIANT_IDS.map((id) => ({ id, name: VARIANTS[id].name }))}
          houseRules={houseRuleFields(t)}
          labels={{
            ...rulesFieldLabels(t),
            name: t("ruleSets.name"),
            game: t("evening.game"),
            save: t("ruleSets.save"),
            group: t("group.forGroup"),
            noGroup: t("group.noGroup"),
          }}
          groups={groups.filter((g) => g.role === "admin")}
          initial={
            editing
              ? {
                  id: editing.id,
                  name: editing.name,
                  variant: editing.variant,
                  houseRules: editing.houseRules,
                  stakes: editing.stakes
                    ? {
                        currency: editing.stakes.currency,
                        perGame: editing.stakes.perGame
                          ? majorUnits(editing.stakes.perGame, editing.stakes.currency)
                          : "",
                        perPoint: editing.stakes.perPoint
                          ? majorUnits(editing.stakes.perPoint, editing.stakes.currency)
                          : "",
                        perLimpa: editing.stakes.perLimpa
                          ? majorUnits(editing.stakes.perLimpa, editing.stakes.currency)
                          : "",
                      }
                    : null,
                }
              : undefined
          }
        />
      </main>
    </Words>
  );
}
