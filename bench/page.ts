/**
 * `npm run bench:page` — the JavaScript the live scoreboard page makes a browser load, gzipped. Opens the page
 * in Chromium against a production server and sums every script it requests (gzip level 6, as servers send).
 * For scale, the same figure for the site's home page. The last line is machine-readable; the exit code is 1 when
 * the scoreboard's figure is over its budget of 140 KB.
 */
import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";
import { prepareDatabase, startServer } from "./support/server";

/** The most JavaScript the scoreboard may make a viewer's browser load, gzipped. */
const BUDGET_KB = 140;

const env = prepareDatabase();
const { createUser } = await import("../lib/data/users");
const { createEvening } = await import("../lib/data/evenings");
const { getShareLink } = await import("../lib/data/share");
const { disconnectDb } = await import("../lib/db/client");
const user = await createUser({ username: "bench-page", password: "bench password 1" });
const { id } = await createEvening(
  { userId: user.id },
  { title: "Bench", date: "2026-12-02", variant: "knektpass", players: ["Anna", "Bo", "Cecilia"] },
);
const token = await getShareLink({ userId: user.id }, id);
await disconnectDb();

const server = await startServer(env, 3291);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});

async function scripts(path: string): Promise<{ files: { url: string; kb: number }[]; kb: number }> {
  const page = await browser.newPage();
  const bodies: Promise<{ url: string; kb: number }>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(
      response
        .body()
        .then((body) => ({ url: new URL(response.url()).pathname, kb: gzipSync(body, { level: 6 }).length / 1024 })),
    );
  });
  await page.goto(`${server.base}${path}`, { waitUntil: "networkidle" });
  const files = await Promise.all(bodies);
  await page.close();
  return { files, kb: files.reduce((t, f) => t + f.kb, 0) };
}

try {
  const home = await scripts("/");
  const share = await scripts(`/s/${token}`);
  for (const f of share.files.sort((a, b) => b.kb - a.kb)) console.log(`  ${f.kb.toFixed(1).padStart(6)} KB  ${f.url}`);
  console.log(`home page: js_gzip_kb=${home.kb.toFixed(1)} in ${home.files.length} files`);
  console.log(`scoreboard: ${share.files.length} files`);
  console.log(`bench:page route=/s/[token] js_gzip_kb=${share.kb.toFixed(1)}`);
  if (share.kb > BUDGET_KB) process.exitCode = 1;
} finally {
  await browser.close();
  server.stop();
}
