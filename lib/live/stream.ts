/**
 * One share-link viewer's stream, whatever carries it: the Node server's own response (lib/server/node-routes.ts)
 * or a route handler's ReadableStream (`next dev`). The retry hint and a full snapshot at once, then whatever
 * the hub sends: a snapshot after every change, heartbeats, and `revoked` before it closes the stream.
 */
import "server-only";
import { findShareLink, getScoreboardByToken } from "@/lib/data/share";
import { liveHub, RETRY_FRAME, scoreboardFrame, type Viewer } from "./hub";

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
  const link = await findShareLink(token);
  if (!link) return null;
  // Viewers arrive in crowds (a link posted to a group): the scoreboard is built once per version, not per viewer.
  const first = await liveHub().frameOf(link.eveningId, link.version, async () => {
    const found = await getScoreboardByToken(token);
    if (!found) return null;
    const { scoreboard, inPlay } = found;
    return {
      version: scoreboard.version,
      frame: scoreboardFrame(scoreboard),
      oddsFor: inPlay ? { scoreboard, inPlay } : undefined,
    };
  });
  if (!first) return null;
  const viewer = new StreamViewer(token, sink);
  viewer.send(RETRY_FRAME);
  viewer.send(first.frame);
  viewer.remove = liveHub().add(link.eveningId, viewer, first.version, first);
  return () => viewer.detach();
}

/** A viewer of the hub writing to a sink: one object per open stream, thousands at a time. */
class StreamViewer implements Viewer {
  private open = true;
  remove = () => {};
  constructor(
    readonly token: string,
    private readonly sink: StreamSink,
  ) {}
  send(chunk: Uint8Array): void {
    if (this.open) this.sink.write(chunk);
  }
  close(): void {
    this.detach();
    this.sink.end();
  }
  /** The viewer went away: nothing more is written, and the hub forgets them. */
  detach(): void {
    if (!this.open) return;
    this.open = false;
    this.remove();
  }
}
