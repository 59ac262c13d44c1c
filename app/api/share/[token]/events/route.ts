import type { NextRequest } from "next/server";
import { getScoreboardByToken } from "@/lib/data/share";
import { errorResponse } from "@/lib/http";
import { liveHub, scoreboardFrame } from "@/lib/live/hub";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const HEARTBEAT_MS = 15_000;

/**
 * The live scoreboard as Server-Sent Events: a full snapshot at once and after every change (event id = the
 * evening's version), `revoked` when the link stops working. No account needed: the unguessable token is the key.
 */
export async function GET(request: NextRequest, { params }: RouteContext<"/api/share/[token]/events">) {
  const { token } = await params;
  const found = await getScoreboardByToken(token);
  if (!found) return errorResponse("not_found", "This link does not work (any more).", 404);
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (chunk: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(chunk));
        } catch {
          cleanup();
        }
      };
      const heartbeat = setInterval(() => send(": ping\n\n"), HEARTBEAT_MS);
      let remove = () => {};
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        remove();
      };
      send(`retry: 2000\n\n${scoreboardFrame(found.scoreboard)}`);
      remove = liveHub().add(found.eveningId, {
        token,
        send,
        close: () => {
          cleanup();
          try {
            controller.close();
          } catch {
            // already closed
          }
        },
      }, found.scoreboard.version);
      request.signal.addEventListener("abort", () => cleanup());
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
      Connection: "keep-alive",
    },
  });
}
