import type { NextRequest } from "next/server";
import { currentActor } from "@/lib/auth/session";
import { getEveningVersion } from "@/lib/data/evening-view";
import { toErrorResponse } from "@/lib/http/answers";

export const dynamic = "force-dynamic";

/** The evening's version, for members' phones to notice new deals without reloading. */
export async function GET(_: NextRequest, { params }: RouteContext<"/api/evenings/[id]/version">) {
  try {
    const { id } = await params;
    const version = await getEveningVersion(await currentActor(), id);
    return Response.json({ version }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error);
  }
}
