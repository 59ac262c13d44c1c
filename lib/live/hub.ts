/**
 * The live scoreboard's fan-out, one per process. Viewers of an evening share one channel; a change loads the
 * scoreboard once and sends the same frame to every viewer, so a thousand viewers cost one database read.
 * Every frame is a full snapshot with its version as the event id, so a viewer that reconnects is complete
 * again with the first frame it gets. Viewers of a link that was rotated or revoked are told and closed.
 */
import "server-only";
import { backoffDelay } from "@/lib/runtime/backoff";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { resolveDatabase } from "@/lib/db/config";
import { EVENING_CHANNEL, onEveningChanged, readChangePayload } from "@/lib/data/changes";
import type { OddsPosition } from "@/lib/data/odds";
import type { Scoreboard } from "@/lib/data/share";
import { inForeground, whenIdle } from "@/lib/runtime/foreground";

export interface Viewer {
  token: string;
  /** Sends bytes already encoded: one frame is encoded once for all viewers. */
  send: (chunk: Uint8Array) => void;
  close: () => void;
}

/** A full snapshot, encoded once for every viewer. */
export interface Frame {
  version: number;
  frame: Uint8Array;
  /** Its scoreboard and game in play, when that is to show odds (decision 022): a channel opened with it works them out. */
  oddsFor?: { scoreboard: Scoreboard; inPlay: OddsPosition };
}

interface Channel {
  viewers: Set<Viewer>;
  /** The last frame sent, for viewers who connect later or while a change is on its way. */
  last: Frame | null;
  refreshing: boolean;
  dirty: boolean;
  /** The version the latest change heard made, when its writer said (a deal): the next refresh may build on it. */
  hint?: number;
  /** The version whose odds are being worked out or were sent (decision 022). */
  oddsVersion?: number;
}

const encoder = new TextEncoder();

/** One Server-Sent Event carrying a full snapshot, its version as the event id. */
export function scoreboardFrame(scoreboard: Scoreboard): Uint8Array {
  return encoder.encode(`id: ${scoreboard.version}\nevent: scoreboard\ndata: ${JSON.stringify(scoreboard)}\n\n`);
}

/** The odds of a version's game in play: a few dozen bytes, where a second snapshot would be kilobytes. */
export function oddsFrame(version: number, odds: Record<string, number>): Uint8Array {
  return encoder.encode(`event: odds\ndata: ${JSON.stringify({ version, odds })}\n\n`);
}

/** Viewers served before yielding to the event loop, so their streams are written out while the rest wait. */
const FAN_OUT_BATCH = 250;

/**
 * Visits every viewer of the channel, letting each batch reach its sockets before the next: the first viewers need
 * not wait for the last.
 */
async function eachViewer(channel: Channel, visit: (viewer: Viewer) => void): Promise<void> {
  let visited = 0;
  for (const viewer of [...channel.viewers]) {
    visit(viewer);
    if (++visited % FAN_OUT_BATCH === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * The NOTIFY channel on which instances tell each other how many share-link viewers each evening has on them,
 * so the owner sees everyone watching whichever instance serves them. Payload `<instance> <evening> <count>`,
 * or `?` (sent by an instance that starts listening): every instance answers with its counts.
 */
export const VIEWERS_CHANNEL = "protokoll_viewers";
/** How soon the instance listens again after losing its PostgreSQL connection. */
const LISTEN_AGAIN = { firstMs: 1_000, maxMs: 1_000 };

/** Counts are sent again this often, so an instance that vanished without a word drops out of the total. */
const VIEWERS_HEARTBEAT_MS = 10_000;
const VIEWERS_TTL_MS = 3 * VIEWERS_HEARTBEAT_MS;
/** Viewers come and go in bursts (a page reload, a TV waking up): one message per evening per burst. */
const VIEWERS_PUBLISH_DELAY_MS = 200;

/** A comment line sent to every open stream this often, so proxies and phones keep idle connections open. */
const STREAM_HEARTBEAT_MS = 15_000;

export const REVOKED_FRAME = encoder.encode(`event: revoked\ndata: {}\n\n`);
const HEARTBEAT_FRAME = encoder.encode(": ping\n\n");
export const RETRY_FRAME = encoder.encode("retry: 2000\n\n");

export class LiveHub {
  private readonly channels = new Map<string, Channel>();
  private listener: pg.Client | null = null;
  private listening = false;
  /** This process, among the instances sharing one PostgreSQL. */
  private readonly instance = randomBytes(6).toString("base64url");
  /** Viewer counts other instances reported: evening → instance → count and when it was heard. */
  private readonly remote = new Map<string, Map<string, { count: number; at: number }>>();
  private readonly unpublished = new Set<string>();
  private publishTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeat: ReturnType<typeof setInterval> | null = null;
  /** One timer for every open stream's heartbeat, not one per viewer. */
  private streamHeartbeat: ReturnType<typeof setInterval> | null = null;
  private closed = false;
  /** This process's committed changes (SQLite; on PostgreSQL they arrive through LISTEN). */
  private readonly unsubscribe = onEveningChanged((eveningId, _change, version) => this.changed(eveningId, version));

  /** Viewers of the evening's share link right now, on this instance and (PostgreSQL) on the others. */
  count(eveningId: string): number {
    this.listen();
    let total = this.channels.get(eveningId)?.viewers.size ?? 0;
    const reported = this.remote.get(eveningId);
    const now = Date.now();
    for (const [instance, { count, at }] of reported ?? []) {
      if (now - at < VIEWERS_TTL_MS) total += count;
      else reported!.delete(instance);
    }
    if (reported?.size === 0) this.remote.delete(eveningId);
    return total;
  }

  /** Frames being built for viewers who connect, by `<evening> <version>`. */
  private readonly building = new Map<string, Promise<Frame | null>>();

  /**
   * The frame of the evening at `version` for a viewer who connects: the one last sent to its viewers when it is
   * that version, else the one `load` builds — once, however many viewers ask for it meanwhile.
   */
  async frameOf(eveningId: string, version: number, load: () => Promise<Frame | null>): Promise<Frame | null> {
    const last = this.channels.get(eveningId)?.last;
    if (last && last.version === version) return last;
    const key = `${eveningId} ${version}`;
    let built = this.building.get(key);
    if (!built) {
      built = load().finally(() => this.building.delete(key));
      this.building.set(key, built);
    }
    return built;
  }

  /**
   * Adds a viewer who has been sent the snapshot of `version` (its frame, when given, is kept for the viewers
   * who come next); returns how to remove them.
   */
  add(eveningId: string, viewer: Viewer, version: number, first?: Frame): () => void {
    let channel = this.channels.get(eveningId);
    if (!channel) {
      channel = { viewers: new Set(), last: null, refreshing: false, dirty: false };
      this.channels.set(eveningId, channel);
      // The channel's first viewer: the odds of the game in play follow their snapshot (decision 022).
      const { oddsFor } = first ?? {};
      const opened = channel;
      if (oddsFor) queueMicrotask(() => void this.sendOdds(eveningId, opened, oddsFor.scoreboard, oddsFor.inPlay));
    }
    channel.viewers.add(viewer);
    if (channel.last && channel.last.version > version) viewer.send(channel.last.frame);
    else if (first && (!channel.last || channel.last.version < version)) channel.last = { version, frame: first.frame };
    this.streamHeartbeat ??= setInterval(() => this.beat(), STREAM_HEARTBEAT_MS);
    this.listen();
    this.countChanged(eveningId);
    return () => {
      channel.viewers.delete(viewer);
      if (channel.viewers.size === 0 && !channel.refreshing) this.channels.delete(eveningId);
      this.countChanged(eveningId);
    };
  }

  /** Sends every open stream its heartbeat; stops when no one is watching. */
  private beat(): void {
    if (this.channels.size === 0 && this.streamHeartbeat) {
      clearInterval(this.streamHeartbeat);
      this.streamHeartbeat = null;
    }
    for (const channel of this.channels.values()) for (const viewer of channel.viewers) viewer.send(HEARTBEAT_FRAME);
  }

  /**
   * Something in the evening changed: send every viewer the new scoreboard (coalescing bursts). `version`: the one
   * the change made, when its writer said — a change already sent is not sent again, and the scoreboard of the
   * version after one this process built may be built without reading the evening (lib/data/scoreboard-cache.ts).
   */
  changed(eveningId: string, version?: number): void {
    const channel = this.channels.get(eveningId);
    if (!channel || channel.viewers.size === 0) return;
    if (version !== undefined && channel.last && channel.last.version >= version) return;
    channel.hint = version;
    if (channel.refreshing) {
      channel.dirty = true;
      return;
    }
    channel.refreshing = true;
    void this.refresh(eveningId, channel);
  }

  private async refresh(eveningId: string, channel: Channel): Promise<void> {
    await inForeground(() => this.sendSnapshots(eveningId, channel));
  }

  /** The snapshots of the evening's changes to its viewers; then its odds, once nothing waits (decision 022). */
  private async sendSnapshots(eveningId: string, channel: Channel): Promise<void> {
    try {
      do {
        channel.dirty = false;
        const { hint } = channel;
        channel.hint = undefined;
        const { getScoreboardForEvening } = await import("@/lib/data/share");
        const found = await getScoreboardForEvening(eveningId, hint);
        const frame = found ? scoreboardFrame(found.scoreboard) : null;
        if (found && frame) channel.last = { version: found.scoreboard.version, frame };
        await eachViewer(channel, (viewer) => {
          if (!found || !frame || viewer.token !== found.shareToken) {
            viewer.send(REVOKED_FRAME);
            viewer.close();
            channel.viewers.delete(viewer);
            this.countChanged(eveningId);
          } else {
            viewer.send(frame);
          }
        });
        if (found?.inPlay) void this.sendOdds(eveningId, channel, found.scoreboard, found.inPlay);
      } while (channel.dirty);
    } catch (error) {
      console.error("[live] could not refresh a scoreboard", error);
    } finally {
      channel.refreshing = false;
      if (channel.viewers.size === 0) this.channels.delete(eveningId);
    }
  }

  /**
   * The odds of the game in play, worked out after the scoreboard went out (in slices, so deals and other
   * evenings' updates never wait on them) and sent as a small `odds` event for that version — unless the evening
   * has moved on meanwhile. Viewers who connect later get a snapshot with the odds in it.
   */
  private async sendOdds(
    eveningId: string,
    channel: Channel,
    scoreboard: Scoreboard,
    inPlay: OddsPosition,
  ): Promise<void> {
    if (channel.oddsVersion === scoreboard.version) return;
    channel.oddsVersion = scoreboard.version;
    const odds = await import("@/lib/data/odds")
      .then(({ oddsOf }) => oddsOf(eveningId, scoreboard.version, inPlay, whenIdle))
      .catch((error: unknown) => {
        console.error("[live] could not work out the odds", error);
        return null;
      });
    if (!odds || channel.last?.version !== scoreboard.version || this.channels.get(eveningId) !== channel) return;
    channel.last = { version: scoreboard.version, frame: scoreboardFrame({ ...scoreboard, odds }) };
    const event = oddsFrame(scoreboard.version, odds);
    await eachViewer(channel, (viewer) => viewer.send(event));
  }

  /** PostgreSQL: tells the other instances this evening's viewer count on this one, soon (once per burst). */
  private countChanged(eveningId: string): void {
    if (!this.listening) return;
    this.unpublished.add(eveningId);
    this.publishTimer ??= setTimeout(() => {
      this.publishTimer = null;
      const evenings = [...this.unpublished];
      this.unpublished.clear();
      this.publishCounts(evenings);
    }, VIEWERS_PUBLISH_DELAY_MS);
  }

  private publishCounts(evenings: Iterable<string>): void {
    const client = this.listener;
    if (!client) return; // reconnecting: the counts go out again when listening resumes
    for (const eveningId of evenings) {
      const count = this.channels.get(eveningId)?.viewers.size ?? 0;
      client
        .query("SELECT pg_notify($1, $2)", [VIEWERS_CHANNEL, `${this.instance} ${eveningId} ${count}`])
        .catch(() => undefined);
    }
  }

  private heard(payload: string): void {
    if (payload === "?") return this.publishCounts(this.channels.keys());
    const [instance, eveningId, count] = payload.split(" ");
    if (!instance || !eveningId || instance === this.instance || !/^\d+$/.test(count ?? "")) return;
    let reported = this.remote.get(eveningId);
    if (!reported) this.remote.set(eveningId, (reported = new Map()));
    if (Number(count) > 0) reported.set(instance, { count: Number(count), at: Date.now() });
    else reported.delete(instance);
    if (reported.size === 0) this.remote.delete(eveningId);
  }

  /** Stops listening (tests, shutdown); open streams are left to their own ends. */
  async close(): Promise<void> {
    this.closed = true;
    this.unsubscribe();
    if (this.heartbeat) clearInterval(this.heartbeat);
    if (this.streamHeartbeat) clearInterval(this.streamHeartbeat);
    if (this.publishTimer) clearTimeout(this.publishTimer);
    const client = this.listener;
    this.listener = null;
    await client?.end().catch(() => undefined);
  }

  /**
   * PostgreSQL: one LISTEN connection per process hears every instance's changes and viewer counts, and
   * sends this instance's counts; reconnects by itself.
   */
  private listen(): void {
    if (this.listening) return;
    const database = resolveDatabase();
    if (database.provider !== "postgresql") return;
    this.listening = true;
    this.heartbeat = setInterval(() => this.publishCounts(this.channels.keys()), VIEWERS_HEARTBEAT_MS);
    this.heartbeat.unref();
    const connect = async () => {
      const client = new pg.Client({ connectionString: database.url });
      client.on("notification", (message) => {
        if (!message.payload) return;
        if (message.channel === VIEWERS_CHANNEL) this.heard(message.payload);
        else {
          const { eveningId, version } = readChangePayload(message.payload);
          this.changed(eveningId, version);
        }
      });
      const retry = () => {
        if (this.listener !== client || this.closed) return;
        this.listener = null;
        again();
      };
      client.on("error", retry);
      client.on("end", retry);
      try {
        await client.connect();
        await client.query(`LISTEN ${EVENING_CHANNEL}`);
        await client.query(`LISTEN ${VIEWERS_CHANNEL}`);
        if (this.closed) return void client.end().catch(() => undefined);
        this.listener = client;
        // Whatever happened while not listening: every open channel gets a fresh snapshot, and the
        // instances exchange their viewer counts.
        for (const eveningId of this.channels.keys()) this.changed(eveningId);
        await client.query("SELECT pg_notify($1, '?')", [VIEWERS_CHANNEL]);
        this.publishCounts(this.channels.keys());
      } catch {
        client.end().catch(() => undefined);
        if (this.listener === client) this.listener = null;
        if (!this.closed) again();
      }
    };
    // Listening again after a lost connection: every second (the back-off's figures, named here), since every
    // moment not listening is a moment the instance's viewers miss the others' deals.
    const again = () => setTimeout(() => void connect(), backoffDelay(LISTEN_AGAIN, 1)).unref();
    void connect();
  }
}

const globalForHub = globalThis as typeof globalThis & { protokollLiveHub?: LiveHub };

/**
 * The process's hub, made on first use — at the latest when the server starts (instrumentation.ts). It hears
 * this process's committed changes (SQLite) through the data layer's listeners, and every instance's changes
 * (PostgreSQL) through LISTEN.
 */
export function liveHub(): LiveHub {
  globalForHub.protokollLiveHub ??= new LiveHub();
  return globalForHub.protokollLiveHub;
}
