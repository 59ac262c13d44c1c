import { currentActor } from "@/lib/auth/session";
import { exportAll } from "@/lib/data/transfer";
import { toErrorResponse } from "@/lib/http";

export const dynamic = "force-dynamic";

/** All my evenings as one JSON backup. */
export async function GET() {
  try {
    const backup = await exportAll(await currentActor());
    return new Response(JSON.stringify(backup), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="protokoll-backup-${backup.exportedAt.slice(0, 10)}.json"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return toErrorResponse(error);
  }
}
