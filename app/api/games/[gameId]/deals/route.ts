import type { NextRequest } from "next/server";
import { toResponse } from "@/lib/http/answers";
import { getDeals, plainRequest, postDeal } from "@/lib/server/endpoints";

export const dynamic = "force-dynamic";

/** The game's deals as stored (lib/server/endpoints.ts). */
export async function GET(request: NextRequest, { params }: RouteContext<"/api/games/[gameId]/deals">) {
  return toResponse(await getDeals((await params).gameId, await plainRequest(request, false)));
}

/** Records the next deal (lib/server/endpoints.ts); in production the Node server answers it itself (decision 012). */
export async function POST(request: NextRequest, { params }: RouteContext<"/api/games/[gameId]/deals">) {
  return toResponse(await postDeal((await params).gameId, await plainRequest(request)));
}
