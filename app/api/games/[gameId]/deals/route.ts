import type { NextRequest } from "next/server";
import { currentActor } from "@/lib/auth/session";
import { getGameDeals, recordDeal } from "@/lib/data/deals";
import { toErrorResponse } from "@/lib/http";
import { readJsonBody } from "@/lib/http-guard";

export const dynamic = "force-dynamic";

/**
 * The game's deals as stored: `{ players, deals: [{ number, entries, clientKey }] }`. A phone that queued deals
 * without a signal checks them against this before sending them.
 */
export async function GET(_request: NextRequest, { params }: RouteContext<"/api/games/[gameId]/deals">) {
  try {
    const { gameId } = await params;
    const game = await getGameDeals(await currentActor(), gameId);
    return Response.json(game, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error);
  }
}

/**
 * Records the next deal of a game: `{ number, entries, clientKey? }` → 201 `{ number, duplicate, deal }`.
 * The same operation as the deal screen's action, for scripts, other clients and the phone's outbox.
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
