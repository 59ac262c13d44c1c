import type { NextRequest } from "next/server";
import { currentActor } from "@/lib/auth/session";
import { deleteDeal, editDeal } from "@/lib/data/deals";
import { toErrorResponse } from "@/lib/http";
import { readJsonBody } from "@/lib/http-guard";

export const dynamic = "force-dynamic";

const dealNumber = (number: string) => (/^[1-9][0-9]{0,5}$/.test(number) ? Number(number) : Number.NaN);

/**
 * Replaces a stored deal's entries: `{ entries }` → 200 `{ number, version }` (the same rules check as any edit;
 * `version` is the evening's version the edit made).
 */
export async function PUT(request: NextRequest, { params }: RouteContext<"/api/games/[gameId]/deals/[number]">) {
  try {
    const { gameId, number } = await params;
    const body = await readJsonBody(request);
    const input = typeof body === "object" && body !== null && !Array.isArray(body) ? body : {};
    const parsed = dealNumber(number);
    const { version } = await editDeal(await currentActor(), { ...(input as object), gameId, number: parsed } as never);
    return Response.json({ number: parsed, version }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error);
  }
}

/**
 * Deletes a stored deal; the later ones move up one place (the same rules check as any deletion) → 200
 * `{ number, version }`.
 */
export async function DELETE(request: NextRequest, { params }: RouteContext<"/api/games/[gameId]/deals/[number]">) {
  try {
    const { gameId, number } = await params;
    await readJsonBody(request);
    const { version } = await deleteDeal(await currentActor(), { gameId, number: dealNumber(number) });
    return Response.json({ number: dealNumber(number), version }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return toErrorResponse(error);
  }
}
