"use client";

import { useI18n } from "@/lib/i18n/client";
import { format } from "@/lib/i18n/format";

/** Trumftvång, prominently, naming who stands at 1 (RULES.md N7): on the table, the share link and TV mode. */
export function CompulsionBanner({ names, testId }: { names: string[]; testId: string }) {
  const { dict } = useI18n();
  return (
    <p className="banner compulsion" role="status" data-testid={testId}>
      <span className="compulsion-mark" aria-hidden="true">
        ⚑
      </span>{" "}
      {names.length
        ? format(names.length > 1 ? dict["table.trumpCompulsionMany"] : dict["table.trumpCompulsionOne"], {
            names: names.join(" & "),
          })
        : dict["table.trumpCompulsion"]}
    </p>
  );
}
