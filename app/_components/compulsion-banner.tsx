import type { Dictionary } from "@/lib/i18n/dictionaries";
import { format } from "@/lib/i18n/format";

/** Trumftvång, prominently, naming who stands at 1 (RULES.md N7): on the table, the share link and TV mode. */
export function CompulsionBanner({ names, dict, testId }: { names: string[]; dict: Dictionary; testId: string }) {
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
