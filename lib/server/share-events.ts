/**
 * The share link's event stream as a route handler's Response (`next dev`; in production the Node server in front
 * of Next answers the path itself, node-routes.ts, with the same stream from lib/live/stream.ts).
 */
import "server-only";
import { errorResponse } from "@/lib/http/answers";
import { openShareStream, STREAM_HEADERS } from "@/lib/live/stream";

export async function shareEventsResponse(token: string, signal: AbortSignal): Promise<Response> {
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
  signal.addEventListener("abort", () => detach?.(), { once: true });
  return new Response(body, { headers: STREAM_HEADERS });
}
