"use client";

import type { ActionFailure, ActionResult } from "@/lib/http/action-result";
import { serverAnswers } from "@/lib/offline/api";

/** What a change that needs the server says when no answer came: no signal (or the server is out of reach). */
export const NEEDS_SIGNAL: ActionFailure = {
  ok: false,
  code: "unavailable",
  message: { key: "offline.needsSignal" },
  problems: [],
  fields: {},
};

/**
 * A server action's answer, or NEEDS_SIGNAL without calling it when the server cannot be reached: a server
 * action that gets no answer takes the page to its error screen, whatever its caller catches. The health check
 * (with the send deadline: a hanging network says "needs a signal" instead of hanging) costs one small request;
 * these are the rare actions (a new game, sharing, inviting), not deals.
 */
export async function withSignal<T>(call: () => Promise<ActionResult<T>>): Promise<ActionResult<T>> {
  if (!(await serverAnswers())) return NEEDS_SIGNAL;
  try {
    return await call();
  } catch {
    return NEEDS_SIGNAL;
  }
}
