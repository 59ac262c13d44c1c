/**
 * `npm run bench:abuse` — the production server, on SQLite and then on PostgreSQL, sent what a careless user or
 * an attacker sends, while a second table records a deal every 100 ms over HTTP:
 *   1. every route and server action the build lists, with malformed escapes, odd segments, unknown methods,
 *      out-of-range queries and malformed action bodies (JSON and multipart, as the page, as a form without
 *      JavaScript and from another site), signed in and out;
 *   2. big bodies (32 MB, declared and streamed) to every kind of route and action, anonymous and signed in —
 *      the server's resident memory is sampled throughout;
 *   3. imports at and past each limit, names that collide after normalisation, and the largest accepted
 *      import: a backup of 10,000 deals (100 evenings × 2 games × 50 deals), sent as the import page sends it;
 *   4. backups that name another account (its membership of the importer's group, players linked to it, a
 *      group evening played for money): X = rows naming that account afterwards;
 *   5. 8 imports of 20,000 deals at once from 8 accounts, each retried after its Retry-After until it is in:
 *      P = p95 of another account's deals and of /api/health meanwhile (the larger);
 *   6. sign-ins, each client on its own loopback address: R = passwords checked when 100 attempts at one
 *      account (99 wrong, 1 right) arrive at once; F = another address's sign-in during a flood of 100 from
 *      one address, over the same alone; O = redirects that leave the site, out of 200 generated `next` and
 *      `callbackUrl` values, each through the sign-in page's action and Auth.js's own callback;
 *   7. 20 concurrent wrong sign-ins, again and again for 5 s, while /api/health is asked every 50 ms.
 * One machine-readable last line per database (BENCH_DB=sqlite or postgresql: that one only); the exit code is
 * 1 when a target is missed.
 */
import http from "node:http";
import fc from "fast-check";
// @ts-expect-error: Next's own copy of React's reply encoder has no type declarations.
import { encodeReply } from "next/dist/compiled/react-server-dom-webpack/client.edge";
import { IMPORT_LIMITS } from "../lib/transfer/limits";
import {
  buildActions,
  buildRoutes,
  fillRoute,
  HOSTILE_ACTION_BODIES,
  HOSTILE_METHODS,
  HOSTILE_QUERIES,
  HOSTILE_SEGMENTS,
} from "../tests/support/hostile-requests";
import { freshPostgres, postgresAvailable, POSTGRES_HOW_TO } from "../tests/support/databases";
import { redirectValue } from "../tests/support/redirect-values";
import { prepareDatabase, rssKb, signIn, startServer } from "./support/server";
import { quantile } from "./support/stats";

const PASSWORD = "bench password 1";
const PLAYERS = ["Anna", "Bo", "Cecilia"];

type Answer = { status: number; ms: number; body: string; headers: http.IncomingHttpHeaders };
type Body = string | Buffer | { bytes: number };

/** One run against a fresh database: its machine-readable line and whether every target was met. */
async function abuse(db: "sqlite" | "postgresql", env: NodeJS.ProcessEnv, port: number): Promise<[string, boolean]> {
  process.env.DATABASE_URL = env.DATABASE_URL;
  const { disconnectDb, getDb } = await import("../lib/db/client");
  await disconnectDb();
  const { createUser } = await import("../lib/data/users");
  const { getEvening } = await import("../lib/data/evening-view");
  const { createEvening } = await import("../lib/data/evenings");
  const server = await startServer(env, port);
  try {
    return await run();
  } finally {
    server.stop();
    await disconnectDb();
  }

  async function run(): Promise<[string, boolean]> {
    let requests = 0;
    let status5xx = 0;
    let hangs = 0;
    const failures: string[] = [];

    /**
     * One raw request (exact path, any method, a body of any size streamed in chunks), from the loopback
     * address `from` (each client its own); never throws.
     */
    function send(
      method: string,
      path: string,
      headers: Record<string, string | number> = {},
      body?: Body,
      counted = true,
      from = "127.0.0.1",
    ): Promise<Answer> {
      const url = new URL(server.base);
      const started = performance.now();
      return new Promise((resolve) => {
        let settled = false;
        const done = (status: number, text = "", answerHeaders: http.IncomingHttpHeaders = {}) => {
          if (settled) return;
          settled = true;
          const ms = performance.now() - started;
          if (counted) {
            requests++;
            if (status >= 500) {
              status5xx++;
              if (failures.length < 20) failures.push(`${status} ${method} ${path.slice(0, 100)}`);
            }
            if (ms > 2_000) hangs++;
          }
          resolve({ status, ms, body: text, headers: answerHeaders });
        };
        const req = http.request(
          { host: url.hostname, port: url.port, method, path, headers, localAddress: from, agent: false },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.length < 64 && chunks.push(c));
            res.on("end", () => done(res.statusCode ?? 0, Buffer.concat(chunks).toString("utf8"), res.headers));
            res.on("error", () => done(res.statusCode ?? 0));
          },
        );
        req.setTimeout(60_000, () => req.destroy());
        // A refused upload may end with the server closing the connection: the answer, if it came, counts.
        req.on("error", () => done(0));
        if (body === undefined) req.end();
        else if (typeof body === "string" || Buffer.isBuffer(body)) req.end(body);
        else {
          const chunk = Buffer.alloc(1024 * 1024, 0x61);
          let left = body.bytes;
          const pump = () => {
            while (left > 0) {
              const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
              left -= part.length;
              if (!req.write(part)) return void req.once("drain", pump);
            }
            req.end();
          };
          pump();
        }
      });
    }
    // Accounts and the second table.
    async function account(prefix: string) {
      const username = `${prefix}-${Math.random().toString(36).slice(2, 8)}`;
      const user = await createUser({ username, password: PASSWORD });
      return { userId: user.id, username, cookie: await signIn(server.base, username, PASSWORD) };
    }
    const owner = await account("importer");
    const other = await account("table");
    const table = await createEvening(other, {
      title: "Andra bordet",
      date: "2026-12-04",
      variant: "knektpass",
      players: PLAYERS,
      firstDealerSeat: 0,
    });
    const tableGame = (await getEvening(other, table.id)).games[0]!.id;
    let tableDeal = 0;
    let tablePhase = "";
    const tableTimes = new Map<string, number[]>();
    let tableRunning = true;
    const redeal = Object.fromEntries(PLAYERS.map((p) => [p, { plays: false }]));
    const tableLoop = (async () => {
      while (tableRunning) {
        const next = tableDeal + 1;
        const answer = await send(
          "POST",
          `/api/games/${tableGame}/deals`,
          { "Content-Type": "application/json", Cookie: other.cookie },
          JSON.stringify({ number: next, entries: redeal, clientKey: `abuse-${next}` }),
          false,
        );
        if (answer.status === 201 || answer.status === 200) tableDeal = next;
        const list = tableTimes.get(tablePhase) ?? [];
        list.push(answer.ms);
        tableTimes.set(tablePhase, list);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();

    // 1. Every route and action the build lists.
    tablePhase = "routes";
    const routes = buildRoutes();
    const actions = buildActions();
    for (const cookie of [owner.cookie, ""]) {
      const as: Record<string, string> = cookie ? { Cookie: cookie, Accept: "text/html" } : { Accept: "text/html" };
      for (const route of routes) {
        for (const value of route.includes("[") ? HOSTILE_SEGMENTS : ["x"])
          for (const method of HOSTILE_METHODS)
            await send(
              method,
              fillRoute(route, value),
              { ...as, "Content-Type": "application/json" },
              method === "GET" || method === "HEAD" ? undefined : "{",
            );
        for (const query of HOSTILE_QUERIES) await send("GET", fillRoute(route, "x") + query, as);
      }
      // Each as the page sends an action, as a form sent without JavaScript, and from another site.
      const senders = (id: string): Record<string, string>[] => [
        { "Next-Action": id, Origin: server.base },
        { Origin: server.base },
        { "Next-Action": id, Origin: "https://evil.example" },
        { Origin: "null" },
      ];
      for (const action of actions)
        for (const { type, body } of HOSTILE_ACTION_BODIES)
          for (const sender of senders(action.id))
            await send("POST", action.path, { ...as, ...sender, "Content-Type": type }, body);
    }

    // 2. Big bodies: 32 MB each, declared, anonymous and signed in, to routes and actions.
    tablePhase = "bodies";
    const BIG = 32 * 1024 * 1024;
    const importAction = actions.find((a) => a.name === "importAction")!;
    const bigTargets: [string, string, Record<string, string>][] = [
      ["PUT", `/api/games/${tableGame}/deals/1`, { "Content-Type": "application/json" }],
      ["DELETE", `/api/games/${tableGame}/deals/1`, { "Content-Type": "application/json" }],
      ["POST", `/api/games/${tableGame}/deals`, { "Content-Type": "application/json" }],
      ["POST", "/api/auth/callback/credentials", { "Content-Type": "application/x-www-form-urlencoded" }],
      ["POST", "/import", { "Next-Action": importAction.id, "Content-Type": "multipart/form-data; boundary=x" }],
      ["POST", "/evenings/new", { "Next-Action": actions[0]!.id, "Content-Type": "text/plain;charset=UTF-8" }],
    ];
    const rssBefore = rssKb(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssKb(server.pid))), 25);
    for (const cookie of ["", owner.cookie])
      for (const [method, path, headers] of bigTargets)
        await send(
          method,
          path,
          { ...headers, ...(cookie ? { Cookie: cookie } : {}), "Content-Length": BIG },
          { bytes: BIG },
        );
    // Two at once, and a chunked body that does not say its length.
    await Promise.all(
      bigTargets
        .slice(0, 2)
        .map(([method, path, headers]) => send(method, path, { ...headers, "Content-Length": BIG }, { bytes: BIG })),
    );
    await send(
      "PUT",
      `/api/games/${tableGame}/deals/1`,
      { "Content-Type": "application/json", "Transfer-Encoding": "chunked" },
      { bytes: 4 * 1024 * 1024 },
    );
    clearInterval(sampler);
    const rssGrowthMb = Math.max(0, (rssPeak - rssBefore) / 1024);

    // The catalogue signed the account out (its sign-out action takes any body): a new session for the rest.
    owner.cookie = await signIn(server.base, owner.username, PASSWORD);

    // 3. Imports, sent as the import page sends them: one FormData argument, its file as part "_1_file".
    /** The request body the import page sends: React's encoding of its one argument, a FormData with the file. */
    async function multipart(file: string): Promise<{ body: Buffer; type: string }> {
      const form = new FormData();
      form.set("file", new File([file], "backup.json", { type: "application/json" }));
      const encoded = await encodeReply([form]);
      const response = new Response(encoded as FormData);
      return { body: Buffer.from(await response.arrayBuffer()), type: response.headers.get("content-type")! };
    }
    async function importFile(file: unknown, cookie = owner.cookie, counted = true): Promise<Answer> {
      const { body, type } = await multipart(JSON.stringify(file));
      return send(
        "POST",
        "/import",
        {
          Cookie: cookie,
          "Next-Action": importAction.id,
          "Content-Type": type,
          "Content-Length": body.length,
          Accept: "text/x-component",
          Origin: server.base,
        },
        body,
        counted,
      );
    }
    const wonGame = (deals: number, players = PLAYERS) => {
      const seat = (who: string | null) => ({
        entries: Object.fromEntries(players.map((p) => [p, { plays: p === who }])),
      });
      // Redeals, then the first player alone wins each deal until out (15 points at 5 a deal).
      return {
        variant: "knektpass",
        players,
        firstDealer: players[0],
        houseRules: {},
        deals: [
          ...Array.from({ length: deals - 3 }, () => seat(null)),
          ...Array.from({ length: 3 }, () => seat(players[0]!)),
        ],
      };
    };
    const evening = (i: number, games: number, deals: number, players = PLAYERS) => ({
      title: `Kväll ${i}`,
      date: "2026-12-04",
      variant: "knektpass",
      houseRules: {},
      games: Array.from({ length: games }, () => wonGame(deals, players)),
    });
    const backup = (evenings: unknown[]) => ({ format: "protokoll.backup", version: 1, evenings });
    const refusedAsExpected = (answer: Answer, text: string) => answer.status < 500 && answer.body.includes(text);
    tablePhase = "limits";
    const limitChecks = [
      refusedAsExpected(
        await importFile(backup([evening(1, 1, IMPORT_LIMITS.dealsPerGame + 1)])),
        "errors.tooManyDealsInGame",
      ),
      refusedAsExpected(
        await importFile(backup([evening(1, IMPORT_LIMITS.gamesPerEvening + 1, 4)])),
        "errors.tooManyGames",
      ),
      refusedAsExpected(
        await importFile(backup(Array.from({ length: IMPORT_LIMITS.evenings + 1 }, (_, i) => evening(i, 1, 4)))),
        "errors.tooManyEvenings",
      ),
      refusedAsExpected(
        await importFile(backup([evening(1, 1, 6, ["Anna", "anna", "Bo"])])),
        "importProblem.samePerson",
      ),
      refusedAsExpected(
        await importFile(backup([evening(1, 1, 6, ["Anna", "\u0410nna", "Bo"])])),
        "importProblem.samePerson",
      ),
      refusedAsExpected(await importFile(backup([evening(1, 1, 4)]), ""), "errors.signIn"),
    ];
    const tooBig = Buffer.alloc(IMPORT_LIMITS.fileBytes + 1024 * 1024, 0x20);
    const oversize = await send(
      "POST",
      "/import",
      {
        Cookie: owner.cookie,
        "Next-Action": importAction.id,
        "Content-Type": "multipart/form-data; boundary=x",
        "Content-Length": tooBig.length,
      },
      tooBig,
    );
    limitChecks.push(oversize.status === 413);

    tablePhase = "import";
    const large = backup(Array.from({ length: 100 }, (_, i) => evening(i + 1, 2, 50)));
    // Not counted among the hangs: the import itself may take its time (its own target is T).
    const imported = await importFile(large, owner.cookie, false);
    requests++;
    if (imported.status >= 500) status5xx++;
    const importSeconds = imported.ms / 1000;
    const importOk = imported.status === 200 && imported.body.includes('"ok":true');

    // 4. Backups that name another account: none of it may reach that account.
    tablePhase = "foreign";
    const victim = await account("victim");
    const crafty = await account("crafty");
    const seats = ["Anna", "Bo", "Cecilia"];
    const groupEvening = {
      ...evening(1, 1, 6, seats),
      title: "Påhittad kväll",
      group: "g",
      groupPlayers: Object.fromEntries(seats.map((p) => [p, p])),
      stakes: { currency: "SEK", perGame: 1000, perPoint: 100, perLimpa: 0 } as object | undefined,
    };
    const crafted = {
      ...backup([groupEvening]),
      groups: [
        {
          key: "g",
          name: "Lördagsgänget",
          members: [
            { account: victim.username, admin: true },
            { account: crafty.username, admin: true },
          ],
          players: seats.map((name, i) => ({ name, account: i === 0 ? victim.username : null, mergedInto: null })),
          seasons: [],
        },
      ],
    };
    const foreignImports = [
      await importFile(crafted, crafty.cookie),
      // The same with the victim as the only member, and without stakes.
      await importFile(
        {
          ...crafted,
          evenings: [{ ...groupEvening, stakes: undefined, title: "Andra påhittade kvällen" }],
          groups: [{ ...crafted.groups[0]!, key: "g", members: [{ account: victim.username, admin: true }] }],
        },
        crafty.cookie,
      ),
    ];
    const foreignRows = await (async () => {
      const d = getDb();
      const counts = await Promise.all([
        d.groupMember.count({ where: { userId: victim.userId } }),
        d.eveningMember.count({ where: { userId: victim.userId } }),
        d.groupPlayer.count({ where: { userId: victim.userId } }),
        d.person.count({ where: { userId: victim.userId, NOT: { ownerId: victim.userId } } }),
        d.evening.count({ where: { ownerId: victim.userId } }),
      ]);
      return counts.reduce((a, b) => a + b, 0);
    })();
    const foreignImported = foreignImports.every((a) => a.status === 200 && a.body.includes('"ok":true'));

    // 5. Eight imports of 20,000 deals at once, from eight accounts; each refused one tries again when told.
    tablePhase = "parallel";
    const importers = await Promise.all(Array.from({ length: 8 }, (_, i) => account(`parallel${i}`)));
    const longNames = ["Anna-Karin Lindqvist", "Bo Östergren", "Cecilia Åkesson", "David Nyström", "Eva Sjöberg"];
    const big = backup(Array.from({ length: 200 }, (_, i) => evening(i + 1, 2, 50, longNames)));
    const bigForm = await multipart(JSON.stringify(big));
    const parallelRss = rssKb(server.pid);
    let parallelRssPeak = parallelRss;
    const parallelSampler = setInterval(() => (parallelRssPeak = Math.max(parallelRssPeak, rssKb(server.pid))), 50);
    const parallelHealth: number[] = [];
    let parallelRunning = true;
    const parallelHealthLoop = (async () => {
      while (parallelRunning) {
        parallelHealth.push((await send("GET", "/api/health", {}, undefined, false)).ms);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    let refusedBusy = 0;
    let busyWithoutRetryAfter = 0;
    const parallelOutcomes = await Promise.all(
      importers.map(async (importer) => {
        for (let attempt = 0; attempt < 40; attempt++) {
          const answer = await send(
            "POST",
            "/import",
            {
              Cookie: importer.cookie,
              "Next-Action": importAction.id,
              "Content-Type": bigForm.type,
              "Content-Length": bigForm.body.length,
              Accept: "text/x-component",
              Origin: server.base,
            },
            bigForm.body,
            false,
          );
          requests++;
          if (answer.status >= 500) status5xx++;
          if (answer.status !== 429) {
            const ok = answer.status === 200 && answer.body.includes('"ok":true');
            if (!ok) console.log(`    import of ${importer.username}: ${answer.status} ${answer.body.slice(0, 200)}`);
            return ok;
          }
          refusedBusy++;
          const wait = Number(answer.headers["retry-after"]);
          if (!(wait > 0)) busyWithoutRetryAfter++;
          await new Promise((r) => setTimeout(r, 1_000 * (wait > 0 ? wait : 1)));
        }
        return false;
      }),
    );
    parallelRunning = false;
    await parallelHealthLoop;
    clearInterval(parallelSampler);
    // Each account holds its 200 evenings once: nothing of a refused attempt was written.
    const parallelCounts = await Promise.all(
      importers.map((i) => getDb().evening.count({ where: { ownerId: i.userId } })),
    );
    const parallelComplete = parallelOutcomes.every(Boolean) && parallelCounts.every((n) => n === 200);
    if (!parallelComplete)
      console.log(`    imports in: ${parallelOutcomes.join(" ")}; evenings ${parallelCounts.join(" ")}`);
    const importOthersP95 = Math.max(quantile(tableTimes.get("parallel") ?? [], 0.95), quantile(parallelHealth, 0.95));
    const importRssGrowthMb = Math.max(0, (parallelRssPeak - parallelRss) / 1024);

    // 6. Sign-ins, each client on its own loopback address.
    tablePhase = "signin";
    /** A sign-in form's token and cookie, fetched from `from`. */
    async function csrfFrom(from: string): Promise<{ token: string; cookie: string }> {
      const answer = await send("GET", "/api/auth/csrf", {}, undefined, true, from);
      const cookie = ([] as string[])
        .concat(answer.headers["set-cookie"] ?? [])
        .map((c) => c.split(";")[0])
        .join("; ");
      return { token: (JSON.parse(answer.body) as { csrfToken: string }).csrfToken, cookie };
    }
    /** Auth.js's credentials callback: "ok" with where it sends the browser, "wrong" or "throttled". */
    async function credentials(
      csrf: { token: string; cookie: string },
      username: string,
      password: string,
      from: string,
      callbackUrl = "/evenings",
    ): Promise<{ outcome: "ok" | "wrong" | "throttled"; location: string; ms: number }> {
      const answer = await send(
        "POST",
        "/api/auth/callback/credentials",
        { "Content-Type": "application/x-www-form-urlencoded", Cookie: csrf.cookie },
        new URLSearchParams({ csrfToken: csrf.token, username, password, callbackUrl }).toString(),
        true,
        from,
      );
      const location = String(answer.headers.location ?? "");
      // Refused at the door (429: too many at once from this address) or by the throttle: no password checked.
      const outcome =
        answer.status !== 302 || /code=throttled/.test(location)
          ? "throttled"
          : /error=/.test(location)
            ? "wrong"
            : "ok";
      return { outcome, location, ms: answer.ms };
    }
    // R: 100 attempts at one account from one address at once, the right one among them.
    const target = await account("target");
    const rCsrf = await csrfFrom("127.0.0.11");
    const attempts = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        credentials(rCsrf, target.username, i === 37 ? PASSWORD : `wrong password ${i}`, "127.0.0.11"),
      ),
    );
    const signinCheckedMax = attempts.filter((a) => a.outcome !== "throttled").length;
    // F: another address's sign-in alone, then while one address floods the server with 100 at once.
    const calm = await account("calm");
    const calmCsrf = await csrfFrom("127.0.0.12");
    const alone: number[] = [];
    for (let i = 0; i < 5; i++) alone.push((await credentials(calmCsrf, calm.username, PASSWORD, "127.0.0.12")).ms);
    const flooded: number[] = [];
    for (let round = 0; round < 5; round++) {
      const from = `127.0.0.${20 + round}`;
      const floodCsrf = await csrfFrom(from);
      const flood = Promise.all(
        Array.from({ length: 100 }, (_, i) =>
          credentials(floodCsrf, `nobody-${round}-${i}-${Math.random().toString(36).slice(2, 6)}`, "wrong 1", from),
        ),
      );
      await new Promise((r) => setTimeout(r, 50));
      flooded.push((await credentials(calmCsrf, calm.username, PASSWORD, "127.0.0.12")).ms);
      await flood;
    }
    const signinFloodRatio = quantile(flooded, 0.5) / quantile(alone, 0.5);
    // O: generated redirect targets, through the sign-in page's action and Auth.js's callback.
    const signInAction = actions.find((a) => a.name === "signInAction")!;
    const values = fc.sample(redirectValue, { numRuns: 200, seed: 46 });
    const origins = new Set([new URL(server.base).origin]);
    const offsite = (location: string) => {
      try {
        return location !== "" && !origins.has(new URL(location.split(";")[0]!, `${server.base}/sign-in`).origin);
      } catch {
        return false; // not a place a browser would go
      }
    };
    let redirectsOffsite = 0;
    let redirectsChecked = 0;
    const redirectCsrf = await csrfFrom("127.0.0.13");
    for (const value of values) {
      const form = new FormData();
      form.set("username", calm.username);
      form.set("password", PASSWORD);
      form.set("next", value);
      const encoded = await encodeReply([null, form]);
      const response = new Response(encoded as FormData);
      const body = Buffer.from(await response.arrayBuffer());
      const page = await send(
        "POST",
        "/sign-in",
        {
          "Next-Action": signInAction.id,
          "Content-Type": response.headers.get("content-type")!,
          "Content-Length": body.length,
          Accept: "text/x-component",
          Origin: server.base,
        },
        body,
        true,
        "127.0.0.13",
      );
      const callback = await credentials(redirectCsrf, calm.username, PASSWORD, "127.0.0.13", value);
      for (const location of [
        String(page.headers["x-action-redirect"] ?? page.headers.location ?? ""),
        callback.location,
      ]) {
        redirectsChecked++;
        if (offsite(location)) {
          redirectsOffsite++;
          if (process.env.BENCH_VERBOSE && redirectsOffsite < 6)
            console.log(`    offsite: ${JSON.stringify(value)} -> ${location}`);
        }
      }
    }

    // 4. A burst of wrong sign-ins, while /api/health is asked every 50 ms.
    tablePhase = "signins";
    async function wrongSignIn(): Promise<void> {
      const csrf = await fetch(`${server.base}/api/auth/csrf`);
      const cookie = csrf.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      await send(
        "POST",
        "/api/auth/callback/credentials",
        { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        new URLSearchParams({
          csrfToken,
          username: `nobody-${Math.random()}`,
          password: "wrong password 1",
        }).toString(),
      );
    }
    const healthTimes: number[] = [];
    const burstUntil = Date.now() + 5_000;
    const health = (async () => {
      while (Date.now() < burstUntil) {
        healthTimes.push((await send("GET", "/api/health", {}, undefined, false)).ms);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    while (Date.now() < burstUntil) await Promise.all(Array.from({ length: 20 }, wrongSignIn));
    await health;

    tableRunning = false;
    await tableLoop;

    const otherTableP95 = quantile(tableTimes.get("import") ?? [], 0.95);
    const healthP95 = quantile(healthTimes, 0.95);
    const checks: [string, boolean][] = [
      ["N >= 1000", requests >= 1_000],
      ["F = 0 (5xx)", status5xx === 0],
      ["H = 0", hangs === 0],
      ["R <= 64 (rss)", rssGrowthMb <= 64],
      ["P <= 50 (other table)", otherTableP95 <= 50],
      ["T <= 5", importOk && importSeconds <= 5],
      ["Q <= 100", healthP95 <= 100],
      ["each limit refused with its message", limitChecks.every(Boolean)],
      ["X = 0 (foreign rows), the crafted backups imported", foreignRows === 0 && foreignImported],
      ["R <= 5 (passwords checked)", signinCheckedMax <= 5],
      ["F <= 2 (flood ratio)", signinFloodRatio <= 2],
      [
        "N >= 8 imports at once, each in once in the end, 429 with Retry-After",
        parallelComplete && busyWithoutRetryAfter === 0,
      ],
      ["P <= 200 (others during the imports)", importOthersP95 <= 200],
      ["O = 0 (offsite redirects), >= 200 checked", redirectsOffsite === 0 && redirectsChecked >= 200],
    ];
    console.log(`  ${db}:`);
    if (process.env.BENCH_VERBOSE)
      console.log(
        `    other table during the import (ms): ${(tableTimes.get("import") ?? []).map((t) => t.toFixed(0)).join(" ")}`,
      );
    for (const [name, ok] of checks) console.log(`    ${ok ? "ok  " : "MISS"} ${name}`);
    if (failures.length) console.log(`    5xx: ${failures.join("; ")}`);
    if (!limitChecks.every(Boolean)) console.log(`    limit checks: ${limitChecks.join(", ")}`);
    if (!importOk) console.log(`    import answered ${imported.status}: ${imported.body.slice(0, 300)}`);
    if (!foreignImported)
      console.log(
        `    crafted imports: ${foreignImports.map((a) => `${a.status} ${a.body.slice(0, 200)}`).join(" | ")}`,
      );
    console.log(
      `    parallel imports: ${(bigForm.body.length / 1024 / 1024).toFixed(1)} MB each, refused busy ` +
        `${refusedBusy} times, rss +${importRssGrowthMb.toFixed(0)} MB; sign-in alone ` +
        `${quantile(alone, 0.5).toFixed(0)} ms, during a flood ${quantile(flooded, 0.5).toFixed(0)} ms`,
    );
    const line =
      `bench:abuse db=${db} requests=${requests} status_5xx=${status5xx} hangs=${hangs} rss_growth_mb=${rssGrowthMb.toFixed(1)} ` +
      `other_table_p95_ms=${otherTableP95.toFixed(0)} import_10k_s=${importSeconds.toFixed(2)} health_p95_ms=${healthP95.toFixed(0)} ` +
      `foreign_rows=${foreignRows} signin_checked_max=${signinCheckedMax} signin_flood_ratio=${signinFloodRatio.toFixed(2)} ` +
      `imports_parallel=${importers.length} import_others_p95_ms=${importOthersP95.toFixed(0)} redirects_offsite=${redirectsOffsite}`;
    return [line, checks.every(([, ok]) => ok)];
  }
}

// BENCH_DB=sqlite or BENCH_DB=postgresql runs one database only.
const only = process.env.BENCH_DB;
const sqliteEnv = prepareDatabase();
const lines: string[] = [];
let met = true;
if (only !== "postgresql") {
  const [sqliteLine, sqliteMet] = await abuse("sqlite", sqliteEnv, 3297);
  lines.push(sqliteLine);
  met &&= sqliteMet;
}
if (only === "sqlite") {
  // PostgreSQL not asked for
} else if (await postgresAvailable()) {
  const database = await freshPostgres();
  try {
    const [line, ok] = await abuse("postgresql", { ...sqliteEnv, DATABASE_URL: database.url }, 3297);
    lines.push(line);
    met &&= ok;
  } finally {
    await database.drop();
  }
} else if (process.env.CI === "true") {
  throw new Error(`bench:abuse: CI=true needs PostgreSQL. ${POSTGRES_HOW_TO}`);
} else {
  lines.push(`bench:abuse db=postgresql skipped: ${POSTGRES_HOW_TO}`);
}
for (const line of lines) console.log(line);
process.exit(met ? 0 : 1);
