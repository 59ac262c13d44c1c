// A helper process of bench:live: holds a share of the viewers, so that no process nears its open-file limit
// and the viewers' work is spread like real phones'. Driven over IPC by bench/live.ts:
//   { connect: url, n }  → opens n Server-Sent Events streams, answers { connected }
//   (then, for every frame version all n have received: { version, at } — `at` in ms since the epoch)
//   { connect: url, n, storm: true } → opens all n at once, as after a restart or a network blip, and answers
//                          { connected, first, last }: when the first was asked for and when the last had its
//                          first full scoreboard frame (ms since the epoch)
//   { watch: [url, …] }  → opens one stream per url (a viewer on each of many evenings), answers { connected };
//                          their odds events are counted
//   { count: true }      → answers { oddsEvents }: how many odds events the viewers have had so far
//   { close: true }      → closes them, answers { closed, oddsEvents }
// Each viewer parses every frame as the page does.
import "./end-with-parent.mjs";
import http from "node:http";

const CONNECT_BATCH = 250;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
const requests = [];
let need = 0;
const have = new Map();
let oddsEvents = 0;

const now = () => performance.timeOrigin + performance.now();

function arrived(version) {
  const count = (have.get(version) ?? 0) + 1;
  have.set(version, count);
  if (count === need) process.send({ version, at: now() });
}

/** Opens one stream; resolves once it is open, or (`untilFrame`) once its first scoreboard frame has arrived. */
function open(url, untilFrame = false) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent }, (response) => {
      if (response.statusCode !== 200) return reject(new Error(`HTTP ${response.statusCode}`));
      response.setEncoding("utf8");
      let buffer = "";
      let connected = false;
      response.on("data", (chunk) => {
        buffer += chunk;
        for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith("event: odds")) oddsEvents++;
          if (!connected && !untilFrame) {
            connected = true;
            resolve();
          }
          if (block.startsWith("id: ")) {
            const scoreboard = JSON.parse(block.slice(block.indexOf("data: ") + 6));
            if (scoreboard.games === undefined) throw new Error("a frame without a scoreboard");
            arrived(Number(block.slice(4, block.indexOf("\n"))));
            if (!connected) {
              connected = true;
              resolve();
            }
          }
        }
      });
      response.on("error", () => undefined);
    });
    request.on("error", reject);
    requests.push(request);
  });
}

process.on("message", async (message) => {
  if (message.connect && message.storm) {
    need = message.n;
    have.clear();
    const first = now();
    await Promise.all(Array.from({ length: message.n }, () => open(message.connect, true)));
    process.send({ connected: true, first, last: now() });
  } else if (message.watch) {
    need = Infinity;
    await Promise.all(message.watch.map((url) => open(url)));
    process.send({ connected: true });
  } else if (message.connect) {
    need = message.n;
    have.clear();
    for (let start = 0; start < message.n; start += CONNECT_BATCH) {
      const batch = Math.min(CONNECT_BATCH, message.n - start);
      await Promise.all(Array.from({ length: batch }, () => open(message.connect)));
    }
    process.send({ connected: true });
  } else if (message.count) {
    process.send({ oddsEvents });
  } else if (message.close) {
    for (const request of requests) request.destroy();
    requests.length = 0;
    process.send({ closed: true, oddsEvents });
  }
});
