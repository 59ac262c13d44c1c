import type { NextRequest } from "next/server";
import { getScoreboardWithOdds } from "@/lib/data/share";
import { errorResponse, toErrorResponse } from "@/lib/http/answers";

export const dynamic = "force-dynamic";

/** The scoreboard as JSON, with its odds: the fallback for viewers whose connection cannot keep a stream open. */
export async function GET(_: NextRequest, { params }: RouteContext<"/api/share/[token]">) {
  const { token } = await params;
  try {
    const scoreboard = await getScoreboardWithOdds(token);
    if (!scoreboard) return errorResponse("not_found", { key: "errors.shareLink" }, 404);
    return Response.json(scoreboard, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error); // a database briefly away: 503 with Retry-After
  }
}
