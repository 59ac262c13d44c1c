import type { NextRequest } from "next/server";
import { currentActor } from "@/lib/auth/session";
import { exportEvening } from "@/lib/data/transfer";
import { toErrorResponse } from "@/lib/http/answers";
import { eveningToCsv } from "@/lib/transfer/csv";

export const dynamic = "force-dynamic";

function filename(title: string, date: string, extension: string): string {
  const slug =
    title
      .normalize("NFKD")
      .replace(/[^\w-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "evening";
  return `protokoll-${date}-${slug}.${extension}`;
}

/** An evening as JSON (the game-record format per game, with the evening's details) or CSV (`?format=csv`). */
export async function GET(request: NextRequest, { params }: RouteContext<"/api/evenings/[id]/export">) {
  try {
    const { id } = await params;
    const evening = await exportEvening(await currentActor(), id);
    const csv = request.nextUrl.searchParams.get("format") === "csv";
    const body = csv ? eveningToCsv(evening) : JSON.stringify(evening, null, 2);
    return new Response(body, {
      headers: {
        "Content-Type": csv ? "text/csv; charset=utf-8" : "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="${filename(evening.title, evening.date, csv ? "csv" : "json")}"`,
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    return toErrorResponse(error);
  }
}
