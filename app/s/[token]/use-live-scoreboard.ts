"use client";

import { useEffect, useRef, useState } from "react";
import type { Scoreboard } from "@/lib/data/share";
import { backoffDelay } from "@/lib/runtime/backoff";

export type Connection = "live" | "reconnecting" | "polling" | "revoked";

const POLL_MS = 3_000;
/** After this many failed reconnects in a row, stop waiting for the stream and poll instead. */
const MAX_STREAM_FAILURES = 3;
/** The first reconnect comes within this long of a lost stream; each further failure doubles it (decision 003). */
const RECONNECT_MS = 2_000;

/**
 * How long to wait before reconnecting after the `failures`-th lost stream: anywhere up to RECONNECT_MS, doubling
 * with each failure — at random, so that thousands of viewers who lost their streams at the same moment (a restart,
 * a network blip) come back spread out rather than all at once (decision 003).
 */
export function reconnectDelay(failures: number, random = Math.random): number {
  return backoffDelay(
    { firstMs: RECONNECT_MS, maxMs: RECONNECT_MS * 2 ** MAX_STREAM_FAILURES, jitter: "full" },
    failures,
    random,
  );
}

/** Keeps the scoreboard current: Server-Sent Events, falling back to polling; never goes back to an older version. */
export function useLiveScoreboard(token: string, initial: Scoreboard) {
  const [scoreboard, setScoreboard] = useState(initial);
  const [connection, setConnection] = useState<Connection>("live");
  const [updatedAt, setUpdatedAt] = useState(() => Date.now());
  const version = useRef(initial.version);

  useEffect(() => {
    let stopped = false;
    let source: EventSource | null = null;
    let poller: ReturnType<typeof setInterval> | null = null;
    let reconnect: ReturnType<typeof setTimeout> | null = null;
    let failures = 0;
    const accept = (next: Scoreboard) => {
      setUpdatedAt(Date.now());
      if (next.version < version.current) return; // a late frame from before a reconnect
      version.current = next.version;
      // The same version again keeps the odds that came for it.
      setScoreboard((shown) => (shown.version === next.version && !next.odds ? { ...next, odds: shown.odds } : next));
    };
    const stop = () => {
      stopped = true;
      source?.close();
      if (poller) clearInterval(poller);
      if (reconnect) clearTimeout(reconnect);
    };
    const revoked = () => {
      stop();
      setConnection("revoked");
    };
    const poll = async () => {
      try {
        const response = await fetch(`/api/share/${token}`, { cache: "no-store" });
        if (response.status === 404) return revoked();
        if (response.ok) accept((await response.json()) as Scoreboard);
      } catch {
        // offline: try again on the next tick
      }
    };
    const startPolling = () => {
      if (poller || stopped) return;
      setConnection("polling");
      void poll();
      poller = setInterval(poll, POLL_MS);
    };
    const connect = () => {
      source = new EventSource(`/api/share/${token}/events`);
      source.addEventListener("scoreboard", (event) => {
        failures = 0;
        setConnection("live");
        accept(JSON.parse((event as MessageEvent<string>).data) as Scoreboard);
      });
      source.addEventListener("odds", (event) => {
        const { version: at, odds } = JSON.parse((event as MessageEvent<string>).data) as Pick<
          Scoreboard,
          "version" | "odds"
        >;
        setScoreboard((shown) => (shown.version === at ? { ...shown, odds } : shown));
      });
      source.addEventListener("revoked", revoked);
      source.onopen = () => setConnection("live");
      source.onerror = () => {
        if (stopped) return;
        failures++;
        // Not the browser's own reconnect, which comes back after the same fixed delay for every viewer: a
        // reconnect of our own, after a random share of a doubling delay (every snapshot is complete, so nothing
        // is missed), once the link is known to work still.
        source?.close();
        setConnection("reconnecting");
        if (failures >= MAX_STREAM_FAILURES) return startPolling();
        reconnect = setTimeout(() => {
          reconnect = null;
          void fetch(`/api/share/${token}`, { cache: "no-store" })
            .then((r) => (r.status === 404 ? revoked() : undefined))
            .catch(() => undefined)
            .then(() => stopped || connect());
        }, reconnectDelay(failures));
      };
    };
    if (typeof EventSource === "undefined") startPolling();
    else connect();
    return stop;
  }, [token]);

  return { scoreboard, connection, updatedAt };
}

/** Seconds since `time`, ticking once a second. */
export function useSecondsSince(time: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.round((now - time) / 1000));
}
