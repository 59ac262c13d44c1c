import type { NextRequest } from "next/server";
import { toResponse } from "@/lib/http/answers";
import { plainRequest, putDeal, removeDeal } from "@/lib/server/endpoints";

export const dynamic = "force-dynamic";

type Context = RouteContext<"/api/games/[gameId]/deals/[number]">;

/** Replaces a stored deal's entries (lib/server/endpoints.ts). */
export async function PUT(request: NextRequest, { params }: Context) {
  const { gameId, number } = await params;
  return toResponse(await putDeal(gameId, number, await plainRequest(request)));
}

/** Deletes a stored deal (lib/server/endpoints.ts). */
export async function DELETE(request: NextRequest, { params }: Context) {
  const { gameId, number } = await params;
  return toResponse(await removeDeal(gameId, number, await plainRequest(request)));
}
