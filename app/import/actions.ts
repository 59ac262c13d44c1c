"use server";

import { runAction, type ActionResult } from "@/lib/action-result";
import { currentActor } from "@/lib/auth/session";
import { importEvenings, previewImport, type ImportPreview } from "@/lib/data/transfer";
import { AppError } from "@/lib/errors";

function parse(text: string): unknown {
  if (typeof text !== "string") throw new AppError("validation", { key: "errors.chooseFile" });
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("validation", { key: "errors.fileNotJson" });
  }
}

/** What the file holds and what importing it would do; writes nothing. */
export async function previewImportAction(text: string): Promise<ActionResult<ImportPreview>> {
  return runAction(async () => previewImport(await currentActor(), parse(text)));
}

export async function importAction(
  text: string,
): Promise<ActionResult<{ created: number; skipped: number; ruleSets: number }>> {
  return runAction(async () => {
    const result = await importEvenings(await currentActor(), parse(text));
    return { created: result.created.length, skipped: result.skipped, ruleSets: result.ruleSets };
  });
}
