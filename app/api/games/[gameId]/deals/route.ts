import type { NextRequest } from "next/server";
import { currentActor } from "@/lib/auth/session";
import { getGameDeals } from "@/lib/data/deals";
import { toErrorResponse, toResponse } from "@/lib/http";
import { plainRequest, postDeal } from "@/lib/server/endpoints";

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
 * The same operation as the deal screen's action, for scripts, other clients and the phone's outbox. In
 * production the Node server in front of Next answers it itself (decision 012), with the same postDeal.
 */
export async function POST(request: NextRequest, { params }: RouteContext<"/api/games/[gameId]/deals">) {
  const { gameId } = await params;
  return toResponse(await postDeal(gameId, await plainRequest(request)));
}
