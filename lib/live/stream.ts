/**
 * One share-link viewer's stream, whatever carries it: the Node server's own response (lib/server/node-routes.ts)
 * or a route handler's ReadableStream (`next dev`). The retry hint and a full snapshot at once, then whatever
 * the hub sends: a snapshot after every change, heartbeats, and `revoked` before it closes the stream.
 */
import "server-only";
import { getScoreboardByToken } from "@/lib/data/share";
import { liveHub, RETRY_FRAME, scoreboardFrame } from "./hub";

/** Where a stream's bytes go. */
export interface StreamSink {
  write: (chunk: Uint8Array) => void;
  end: () => void;
}

/** The response headers of an event stream. */
export const STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
  Connection: "keep-alive",
} as const;

/**
 * Opens the stream of the link `token` on `sink`; null when the link is unknown or revoked. Returns `detach`,
 * to call when the viewer goes away: the sink is written to no more.
 */
export async function openShareStream(token: string, sink: StreamSink): Promise<(() => void) | null> {
  const found = await getScoreboardByToken(token);
  if (!found) return null;
  let open = true;
  const send = (chunk: Uint8Array) => {
    if (open) sink.write(chunk);
  };
  send(RETRY_FRAME);
  send(scoreboardFrame(found.scoreboard));
  let remove = () => {};
  const detach = () => {
    if (!open) return;
    open = false;
    remove();
  };
  const close = () => {
    detach();
    sink.end();
  };
  remove = liveHub().add(found.eveningId, { token, send, close }, found.scoreboard.version);
  return detach;
}
