/**
 * Runs once when a server process starts. The live scoreboard's hub is made here, so it is listening for
 * evening changes (lib/data/changes.ts) before the first write, whichever bundle that write comes from; and the
 * paths the Node server in front of Next answers itself are handed to it (scripts/server.mjs, decision 012).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { liveHub } = await import("@/lib/live/hub");
  liveHub();
  const { handOverNodeRoutes } = await import("@/lib/server/node-routes");
  handOverNodeRoutes();
}
