import type { NextRequest } from "next/server";
import { shareEventsResponse } from "@/lib/server/share-events";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The live scoreboard as Server-Sent Events: a full snapshot at once and after every change (event id = the
 * evening's version), `revoked` when the link stops working. No account needed: the unguessable token is the key.
 */
export async function GET(request: NextRequest, { params }: RouteContext<"/api/share/[token]/events">) {
  return shareEventsResponse((await params).token, request.signal);
}
