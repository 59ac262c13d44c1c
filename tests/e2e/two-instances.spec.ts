import { expect, test } from "@playwright/test";
import { E2E_POSTGRES_BASE_URLS } from "../../playwright.config";
import { PASSWORD, uniqueName } from "./support";
import { playAlone } from "../support/table";

const [A, B] = E2E_POSTGRES_BASE_URLS as [string, string];

test("two app instances on one PostgreSQL share accounts and evenings", async ({ browser, request }) => {
  for (const base of [A, B]) {
    const health = await request.get(`${base}/api/health`);
    expect(await health.json()).toEqual({ ok: true, db: "postgresql" });
  }
  const username = uniqueName("pg");
  const phoneA = await browser.newPage({ baseURL: A });
  await phoneA.goto("/sign-up");
  await phoneA.getByLabel("Username").fill(username);
  await phoneA.getByLabel("Password").fill(PASSWORD);
  await phoneA.getByRole("button", { name: "Create account" }).click();
  await expect(phoneA).toHaveURL(/\/evenings$/);

  const phoneB = await browser.newPage({ baseURL: B });
  await phoneB.goto("/sign-in");
  await phoneB.getByLabel("Username").fill(username);
  await phoneB.getByLabel("Password").fill(PASSWORD);
  await phoneB.getByRole("button", { name: "Sign in" }).click();
  await expect(phoneB).toHaveURL(/\/evenings$/);
  await phoneB.goto("/evenings/new");
  await phoneB.getByLabel("Title").fill("Kväll på två servrar");
  for (const [i, name] of ["Anna", "Bo", "Cecilia", "Dag"].entries()) {
    if (i >= 3) await phoneB.getByRole("button", { name: "Add player" }).click();
    await phoneB.getByLabel(`Player ${i + 1}`).fill(name);
  }
  await phoneB.getByRole("button", { name: "Start the evening" }).click();
  await expect(phoneB).toHaveURL(/\/evenings\/(?!new)[^/]+$/);
  const path = new URL(phoneB.url()).pathname;

  await phoneA.goto(path);
  await expect(phoneA.getByRole("heading", { level: 1 })).toHaveText("Kväll på två servrar");
  await expect(phoneA.getByTestId("protokoll").getByRole("columnheader")).toHaveText([
    "Deal",
    "Anna",
    "Bo",
    "Cecilia",
    "Dag",
  ]);
});

/** Reads Server-Sent Events until one satisfies `until`. */
async function readEvents(url: string, until: (event: { event: string; data: unknown }) => boolean, timeoutMs: number) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const seen: { event: string; data: unknown }[] = [];
  try {
    const response = await fetch(url, { signal: controller.signal, headers: { Accept: "text/event-stream" } });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: (.*)$/m.exec(block)?.[1];
        const data = /^data: (.*)$/m.exec(block)?.[1];
        if (!event || data === undefined) continue;
        const parsed = { event, data: JSON.parse(data) as unknown };
        seen.push(parsed);
        if (until(parsed)) return seen;
      }
    }
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
  return seen;
}

test("a deal recorded through one instance reaches a live viewer connected to the other", async ({ browser }) => {
  const username = uniqueName("live");
  const phone = await browser.newPage({ baseURL: A });
  await phone.goto("/sign-up");
  await phone.getByLabel("Username").fill(username);
  await phone.getByLabel("Password").fill(PASSWORD);
  await phone.getByRole("button", { name: "Create account" }).click();
  await expect(phone).toHaveURL(/\/evenings$/);
  await phone.goto("/evenings/new");
  await phone.getByLabel("Title").fill("Över två servrar");
  for (const [i, name] of ["Anna", "Bo", "Cecilia"].entries()) await phone.getByLabel(`Player ${i + 1}`).fill(name);
  await phone.getByRole("button", { name: "Start the evening" }).click();
  await expect(phone).toHaveURL(/\/evenings\/(?!new)[^/]+$/);
  await phone.getByText("Share the live scoreboard").click();
  const token = new URL(await phone.getByTestId("share-url").inputValue()).pathname.split("/").pop()!;

  type Frame = { version: number; games: { deals: unknown[]; scores: Record<string, number> }[] };
  const viewerOnB = readEvents(
    `${B}/api/share/${token}/events`,
    ({ event, data }) => event === "scoreboard" && (data as Frame).games[0]!.deals.length === 1,
    30_000,
  );
  await new Promise((r) => setTimeout(r, 500)); // the viewer is connected and has its first snapshot
  // The owner, served by A, counts the viewer watching through B.
  await expect(phone.getByTestId("viewer-count")).toHaveText("Watching now: 1", { timeout: 15_000 });
  const sent = Date.now();
  await playAlone(phone, "Anna");
  const frames = await viewerOnB;
  const last = frames.at(-1)!;
  expect(last.event).toBe("scoreboard");
  expect((last.data as Frame).games[0]!.scores).toEqual({ Anna: 7, Bo: 12, Cecilia: 12 });
  expect((frames[0]!.data as Frame).games[0]!.deals).toHaveLength(0);
  expect(Date.now() - sent).toBeLessThan(5_000);
  // The viewer has gone (its stream is closed): the count goes back to 0.
  await expect(phone.getByTestId("viewer-count")).toHaveText("Watching now: 0", { timeout: 15_000 });
});
