/**
 * Debian's Chromium as the browser tests and benchmarks launch it (Playwright's own download cannot work here).
 *
 * Tests and the Playwright benchmarks drive the headless shell (package chromium-headless-shell): the same Blink,
 * V8 and network stack as the full browser without its window, profile and UI services, and about 40% less CPU
 * for the same tests on two cores (decision 020). Lighthouse measures a page as a phone's full browser loads it,
 * so it launches the full Chromium (package chromium).
 */
export { CHROMIUM_PATH } from "./chromium-path.mjs";

export const FULL_CHROMIUM_PATH = process.env.FULL_CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
