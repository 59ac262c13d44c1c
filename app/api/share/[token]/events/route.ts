import type { NextRequest } from "next/server";
import { getScoreboardByToken } from "@/lib/data/share";
import { errorResponse } from "@/lib/http";
import { HEARTBEAT_FRAME, liveHub, RETRY_FRAME, scoreboardFrame } from "@/lib/live/hub";

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
  if (!found) return errorResponse("not_found", { key: "errors.shareLink" }, 404);
  // Only what the stream needs from here on: a viewer may stay for hours, thousands at a time.
  return new Response(
    openStream(token, found.eveningId, found.scoreboard.version, scoreboardFrame(found.scoreboard), request.signal),
    {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
        Connection: "keep-alive",
      },
    },
  );
}

function openStream(
  token: string,
  eveningId: string,
  version: number,
  first: Uint8Array,
  signal: AbortSignal,
): ReadableStream<Uint8Array> {
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const send = (chunk: Uint8Array) => {
        if (!open) return;
        try {
          controller.enqueue(chunk);
        } catch {
          cleanup();
        }
      };
      const heartbeat = setInterval(() => send(HEARTBEAT_FRAME), HEARTBEAT_MS);
      let remove = () => {};
      cleanup = () => {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        remove();
      };
      send(RETRY_FRAME);
      send(first);
      const close = () => {
        cleanup();
        try {
          controller.close();
        } catch {
          // already closed
        }
      };
      remove = liveHub().add(eveningId, { token, send, close }, version);
      signal.addEventListener("abort", () => cleanup(), { once: true });
    },
    cancel() {
      cleanup();
    },
  });
}
