"use client";

import { useEffect, useRef, useState } from "react";
import type { Scoreboard } from "@/lib/data/share";

export type Connection = "live" | "reconnecting" | "polling" | "revoked";

const POLL_MS = 3_000;
/** After this many failed reconnects in a row, stop waiting for the stream and poll instead. */
const MAX_STREAM_FAILURES = 3;

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
    let failures = 0;
    const accept = (next: Scoreboard) => {
      setUpdatedAt(Date.now());
      if (next.version < version.current) return; // a late frame from before a reconnect
      version.current = next.version;
      // The same version again keeps the odds that came for it.
      setScoreboard((shown) => (shown.version === next.version && !next.odds ? { ...next, odds: shown.odds } : next));
    };
    const revoked = () => {
      stopped = true;
      source?.close();
      if (poller) clearInterval(poller);
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
    if (typeof EventSource === "undefined") {
      startPolling();
    } else {
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
        // The browser reconnects by itself (sending Last-Event-ID); check whether the link still works.
        setConnection("reconnecting");
        void fetch(`/api/share/${token}`, { cache: "no-store" })
          .then((r) => (r.status === 404 ? revoked() : undefined))
          .catch(() => undefined);
        if (failures >= MAX_STREAM_FAILURES || source?.readyState === EventSource.CLOSED) {
          source?.close();
          startPolling();
        }
      };
    }
    return () => {
      stopped = true;
      source?.close();
      if (poller) clearInterval(poller);
    };
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
