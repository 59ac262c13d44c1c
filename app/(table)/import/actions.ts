"use server";

import { runAction, type ActionResult } from "@/lib/http/action-result";
import { currentActor } from "@/lib/auth/session";
import { importEvenings, previewImport, type GroupInvite, type ImportPreview } from "@/lib/data/transfer";
import { AppError } from "@/lib/errors";
import { fileSizeProblem } from "@/lib/transfer/limits";

/** The chosen file as JSON: refused, before it is read, when it is not a file or larger than the import takes. */
async function readFile(form: unknown): Promise<unknown> {
  const file = form instanceof FormData ? form.get("file") : null;
  if (!(file instanceof Blob)) throw new AppError("validation", { key: "errors.chooseFile" });
  const tooLarge = fileSizeProblem(file.size);
  if (tooLarge) throw new AppError("validation", tooLarge);
  try {
    return JSON.parse(await file.text());
  } catch {
    throw new AppError("validation", { key: "errors.fileNotJson" });
  }
}

/** What the file holds and what importing it would do; writes nothing. */
export async function previewImportAction(form: FormData): Promise<ActionResult<ImportPreview>> {
  return runAction(async () => {
    const actor = await currentActor();
    return previewImport(actor, await readFile(form));
  });
}

export async function importAction(
  form: FormData,
): Promise<
  ActionResult<{ created: number; skipped: number; ruleSets: number; groups: number; invite: GroupInvite[] }>
> {
  return runAction(async () => {
    const actor = await currentActor();
    const result = await importEvenings(actor, await readFile(form));
    return {
      created: result.created.length,
      skipped: result.skipped,
      ruleSets: result.ruleSets,
      groups: result.groups,
      invite: result.invite,
    };
  });
}
