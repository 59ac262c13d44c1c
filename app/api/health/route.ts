import { checkDatabase } from "@/lib/data/health";

export const dynamic = "force-dynamic";

/** 200 `{ ok: true, db }` when the database answers, 503 otherwise. */
export async function GET() {
  const health = await checkDatabase();
  return Response.json(health, { status: health.ok ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
