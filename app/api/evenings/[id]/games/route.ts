import type { NextRequest } from "next/server";
import { toResponse } from "@/lib/http/answers";
import { plainRequest, postGame } from "@/lib/server/endpoints";

export const dynamic = "force-dynamic";

/** Starts the evening's next game (lib/server/endpoints.ts). */
export async function POST(request: NextRequest, { params }: RouteContext<"/api/evenings/[id]/games">) {
  return toResponse(await postGame((await params).id, await plainRequest(request)));
}
