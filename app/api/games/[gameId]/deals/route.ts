import type { NextRequest } from "next/server";
import { currentActor } from "@/lib/auth/session";
import { recordDeal } from "@/lib/data/deals";
import { toErrorResponse } from "@/lib/http";
import { readJsonBody } from "@/lib/http-guard";

export const dynamic = "force-dynamic";

/**
 * Records the next deal of a game: `{ number, entries, clientKey? }` → 201 `{ number, duplicate, deal }`.
 * The same operation as the deal screen's action, for scripts and other clients.
 */
export async function POST(request: NextRequest, { params }: RouteContext<"/api/games/[gameId]/deals">) {
  try {
    const { gameId } = await params;
    const body = await readJsonBody(request);
    const input = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
    const recorded = await recordDeal(await currentActor(), { ...(input as object), gameId } as never);
    return Response.json(
      { number: recorded.number, duplicate: recorded.duplicate, deal: recorded.result },
      { status: recorded.duplicate ? 200 : 201, headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    return toErrorResponse(error);
  }
}
