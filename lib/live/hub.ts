/**
 * The live scoreboard's fan-out, one per process. Viewers of an evening share one channel; a change loads the
 * scoreboard once and sends the same frame to every viewer, so a thousand viewers cost one database read.
 * Every frame is a full snapshot with its version as the event id, so a viewer that reconnects is complete
 * again with the first frame it gets. Viewers of a link that was rotated or revoked are told and closed.
 */
import "server-only";
import pg from "pg";
import { resolveDatabase } from "@/lib/db/config";
import type { Scoreboard } from "@/lib/data/share";

export interface Viewer {
  token: string;
  /** Sends bytes already encoded: one frame is encoded once for all viewers. */
  send: (chunk: Uint8Array) => void;
  close: () => void;
}

interface Channel {
  viewers: Set<Viewer>;
  /** The last frame sent, for viewers who connect while a change is on its way. */
  last: { version: number; frame: Uint8Array } | null;
  refreshing: boolean;
  dirty: boolean;
}

const encoder = new TextEncoder();

/** One Server-Sent Event carrying a full snapshot, its version as the event id. */
export function scoreboardFrame(scoreboard: Scoreboard): Uint8Array {
  return encoder.encode(`id: ${scoreboard.version}\nevent: scoreboard\ndata: ${JSON.stringify(scoreboard)}\n\n`);
}

/** Viewers served before yielding to the event loop, so their streams are written out while the rest wait. */
const FAN_OUT_BATCH = 250;

/** The PostgreSQL NOTIFY channel that carries "this evening changed" between instances (lib/live/publish.ts). */
export const EVENING_CHANNEL = "protokoll_evening";

export const REVOKED_FRAME = encoder.encode(`event: revoked\ndata: {}\n\n`);
export const HEARTBEAT_FRAME = encoder.encode(": ping\n\n");
export const RETRY_FRAME = encoder.encode("retry: 2000\n\n");

class LiveHub {
  private readonly channels = new Map<string, Channel>();
  private listener: pg.Client | null = null;
  private listening = false;

  count(eveningId: string): number {
    return this.channels.get(eveningId)?.viewers.size ?? 0;
  }

  /** Adds a viewer who has been sent the snapshot of `version`; returns how to remove them. */
  add(eveningId: string, viewer: Viewer, version: number): () => void {
    let channel = this.channels.get(eveningId);
    if (!channel) {
      channel = { viewers: new Set(), last: null, refreshing: false, dirty: false };
      this.channels.set(eveningId, channel);
    }
    channel.viewers.add(viewer);
    if (channel.last && channel.last.version > version) viewer.send(channel.last.frame);
    this.listen();
    return () => {
      channel.viewers.delete(viewer);
      if (channel.viewers.size === 0 && !channel.refreshing) this.channels.delete(eveningId);
    };
  }

  /** Something in the evening changed: send every viewer the new scoreboard (coalescing bursts). */
  changed(eveningId: string): void {
    const channel = this.channels.get(eveningId);
    if (!channel || channel.viewers.size === 0) return;
    if (channel.refreshing) {
      channel.dirty = true;
      return;
    }
    channel.refreshing = true;
    void this.refresh(eveningId, channel);
  }

  private async refresh(eveningId: string, channel: Channel): Promise<void> {
    try {
      do {
        channel.dirty = false;
        const { getScoreboardForEvening } = await import("@/lib/data/share");
        const found = await getScoreboardForEvening(eveningId);
        const frame = found ? scoreboardFrame(found.scoreboard) : null;
        if (found && frame) channel.last = { version: found.scoreboard.version, frame };
        let sent = 0;
        for (const viewer of [...channel.viewers]) {
          if (!found || !frame || viewer.token !== found.shareToken) {
            viewer.send(REVOKED_FRAME);
            viewer.close();
            channel.viewers.delete(viewer);
          } else {
            viewer.send(frame);
          }
          // Let each batch reach its sockets before the next: the first viewers need not wait for the last.
          if (++sent % FAN_OUT_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
        }
      } while (channel.dirty);
    } catch (error) {
      console.error("[live] could not refresh a scoreboard", error);
    } finally {
      channel.refreshing = false;
      if (channel.viewers.size === 0) this.channels.delete(eveningId);
    }
  }

  /** PostgreSQL: one LISTEN connection per process hears every instance's changes; reconnects by itself. */
  private listen(): void {
    if (this.listening) return;
    const database = resolveDatabase();
    if (database.provider !== "postgresql") return;
    this.listening = true;
    const connect = async () => {
      const client = new pg.Client({ connectionString: database.url });
      client.on("notification", (message) => {
        if (message.payload) this.changed(message.payload);
      });
      const retry = () => {
        if (this.listener !== client) return;
        this.listener = null;
        setTimeout(() => void connect(), 1_000).unref();
      };
      client.on("error", retry);
      client.on("end", retry);
      this.listener = client;
      try {
        await client.connect();
        await client.query(`LISTEN ${EVENING_CHANNEL}`);
        // Whatever happened while not listening: every open channel gets a fresh snapshot.
        for (const eveningId of this.channels.keys()) this.changed(eveningId);
      } catch {
        client.end().catch(() => undefined);
        retry();
      }
    };
    void connect();
  }
}

const globalForHub = globalThis as typeof globalThis & { protokollLiveHub?: LiveHub };

export function liveHub(): LiveHub {
  globalForHub.protokollLiveHub ??= new LiveHub();
  return globalForHub.protokollLiveHub;
}
