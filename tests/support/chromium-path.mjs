// Where Debian installs the Chromium headless shell (package chromium-headless-shell) that the browser tests
// drive (decision 020) — read by `npm test` to check it is there and by the tests to launch it.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
