import type { NextRequest } from "next/server";
import { currentActor } from "@/lib/auth/session";
import { getShareLink } from "@/lib/data/share";
import { toErrorResponse } from "@/lib/http/answers";
import { liveHub } from "@/lib/live/hub";

export const dynamic = "force-dynamic";

/** For the owner: how many share-link viewers are watching right now, on every app instance (lib/live/hub.ts). */
export async function GET(_: NextRequest, { params }: RouteContext<"/api/evenings/[id]/viewers">) {
  try {
    const { id } = await params;
    await getShareLink(await currentActor(), id); // owner only
    return Response.json({ viewers: liveHub().count(id) }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error);
  }
}
