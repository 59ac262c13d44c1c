import type { NextRequest } from "next/server";
import { errorResponse } from "@/lib/http";
import { openShareStream, STREAM_HEADERS } from "@/lib/live/stream";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The live scoreboard as Server-Sent Events: a full snapshot at once and after every change (event id = the
 * evening's version), `revoked` when the link stops working. No account needed: the unguessable token is the key.
 * In production the Node server in front of Next answers this path itself (lib/server/node-routes.ts, decision
 * 012); this handler serves `next dev` with the same stream.
 */
export async function GET(request: NextRequest, { params }: RouteContext<"/api/share/[token]/events">) {
  const { token } = await params;
  // start() runs as the stream is made, so the controller is there before anything is written to it.
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let detach: (() => void) | null = null;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => detach?.(),
  });
  detach = await openShareStream(token, {
    write: (chunk) => {
      try {
        controller.enqueue(chunk);
      } catch {
        detach?.();
      }
    },
    end: () => {
      try {
        controller.close();
      } catch {
        // already closed
      }
    },
  });
  if (!detach) return errorResponse("not_found", { key: "errors.shareLink" }, 404);
  request.signal.addEventListener("abort", () => detach?.(), { once: true });
  return new Response(body, { headers: STREAM_HEADERS });
}
