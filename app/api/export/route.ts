import { currentActor } from "@/lib/auth/session";
import { exportAll } from "@/lib/data/transfer";
import { toErrorResponse } from "@/lib/http/answers";

export const dynamic = "force-dynamic";

/** All my evenings as a JSON backup: one file, or part `?part=N` of a history larger than one import takes. */
export async function GET(request: Request) {
  try {
    const asked = new URL(request.url).searchParams.get("part");
    const part = asked === null ? 1 : /^[1-9]\d{0,5}$/.test(asked) ? Number(asked) : 0;
    const backup = await exportAll(await currentActor(), part);
    const name = `protokoll-backup-${backup.exportedAt.slice(0, 10)}${backup.parts > 1 ? `-part-${part}-of-${backup.parts}` : ""}`;
    return new Response(JSON.stringify(backup), {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${name}.json"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return toErrorResponse(error);
  }
}
