"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import type { GroupInvite, ImportPreview } from "@/lib/data/transfer";
import { format } from "@/lib/i18n/format";
import { useI18n } from "@/lib/i18n/client";
import { fileSizeProblem } from "@/lib/transfer/limits";
import { importAction, previewImportAction } from "./actions";

/** The file as the import's actions take it: sent as it is, not as a string inside the request. */
function asForm(file: File): FormData {
  const form = new FormData();
  form.set("file", file);
  return form;
}

/**
 * An action's answer, or the words to show when none came: the server's own (a refusal before the action ran —
 * another import is running, the request was refused — comes as plain text) or, without a connection, ours.
 */
async function answerOf<T>(call: () => Promise<T>, unreachable: string): Promise<T | { refused: string }> {
  try {
    return await call();
  } catch (error) {
    return {
      refused: error instanceof Error && !(error instanceof TypeError) && error.message ? error.message : unreachable,
    };
  }
}

/** Choose a file → see what it holds and who is matched → confirm. A bad file lists its problems. */
export function ImportForm() {
  const { dict } = useI18n();
  const i18n = useI18n();
  const router = useRouter();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [invite, setInvite] = useState<GroupInvite[]>([]);
  const [pending, startTransition] = useTransition();

  function choose(file: File | undefined) {
    setPreview(null);
    setErrors([]);
    setDone(null);
    setFile(file ?? null);
    if (!file) return;
    // A file over the limit is refused here with the same words as on the server, without sending it.
    const tooLarge = fileSizeProblem(file.size);
    if (tooLarge) return setErrors([i18n.say(tooLarge)]);
    startTransition(async () => {
      const response = await answerOf(() => previewImportAction(asForm(file)), dict["import.unreachable"]);
      if ("refused" in response) return setErrors([response.refused]);
      if (!response.ok) return setErrors([i18n.failure(response)]);
      if (response.data.problems.length) return setErrors(response.data.problems.map((p) => i18n.say(p.text)));
      setPreview(response.data);
    });
  }

  function confirm() {
    if (!file) return;
    startTransition(async () => {
      const response = await answerOf(() => importAction(asForm(file)), dict["import.unreachable"]);
      if ("refused" in response) return setErrors([response.refused]);
      if (!response.ok)
        return setErrors([i18n.failure(response), ...(response.fields.file ?? []).map((m) => i18n.say(m))]);
      setPreview(null);
      setDone(
        format(dict["import.done"], { created: response.data.created, skipped: response.data.skipped }) +
          (response.data.ruleSets ? ` ${format(dict["import.ruleSetsDone"], { n: response.data.ruleSets })}` : "") +
          (response.data.groups ? ` ${format(dict["import.groupsDone"], { n: response.data.groups })}` : ""),
      );
      setInvite(response.data.invite);
      router.refresh();
    });
  }

  const fresh = preview?.evenings.filter((e) => !e.duplicate).length ?? 0;
  const freshSets = preview?.ruleSets.filter((r) => !r.existing).length ?? 0;
  return (
    <div className="stack">
      <label className="field">
        <span>{dict["import.file"]}</span>
        <input type="file" accept="application/json,.json" onChange={(e) => choose(e.target.files?.[0])} />
      </label>
      {errors.length ? (
        <div className="form-error" role="alert" data-testid="import-problems">
          <p>{dict["import.refused"]}</p>
          <ul>
            {errors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {preview ? (
        <div className="card stack" data-testid="import-preview">
          <h2>{dict["import.preview"]}</h2>
          <ul>
            {preview.evenings.map((e, i) => (
              <li key={i}>
                {e.date} · {e.title} · {e.games} {dict["import.games"]}
                {e.duplicate ? ` — ${dict["import.duplicate"]}` : ""}
              </li>
            ))}
          </ul>
          <h3>{dict["import.people"]}</h3>
          <ul>
            {preview.people.map((p) => (
              <li key={p.name}>
                {p.name} — {p.existing ? dict["import.existing"] : dict["import.new"]}
              </li>
            ))}
          </ul>
          {preview.ruleSets.length ? (
            <>
              <h3>{dict["ruleSets.title"]}</h3>
              <ul data-testid="import-rule-sets">
                {preview.ruleSets.map((r) => (
                  <li key={r.name}>
                    {r.name} — {r.existing ? dict["import.ruleSetKept"] : dict["import.new"]}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <button
            type="button"
            className="button primary"
            disabled={pending || fresh + freshSets === 0}
            onClick={confirm}
          >
            {format(dict["import.confirm"], { n: fresh })}
          </button>
        </div>
      ) : null}
      {done ? (
        <p className="banner" role="status" data-testid="import-done">
          {done}
        </p>
      ) : null}
      {invite.length ? (
        <div className="card stack" data-testid="import-invite">
          <h2>{dict["import.inviteTitle"]}</h2>
          <p className="muted">{dict["import.inviteHelp"]}</p>
          <ul>
            {invite.map((g) => (
              <li key={g.groupId}>
                <a href={`/groups/${g.groupId}`}>{g.name}</a>: {g.accounts.join(", ")}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
