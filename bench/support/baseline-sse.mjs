// The baseline for bench:live: a bare node:http Server-Sent Events broadcaster, nothing else. POST /publish
// with a body sends it as the next frame to every client connected to GET /events; a client that connects is sent
// the last frame at once. With a second argument (another broadcaster's base URL) every publish is forwarded to it
// first, as NOTIFY carries a change to a second instance.
import "./end-with-parent.mjs";
import http from "node:http";

const port = Number(process.argv[2] ?? 3293);
const forward = process.argv[3];
const clients = new Set();
let version = 0;
let last = null;

http
  .createServer((req, res) => {
    if (req.method === "GET" && req.url === "/events") {
      res.writeHead(200, {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        Connection: "keep-alive",
      });
      res.write("retry: 2000\n\n");
      if (last) res.write(last);
      clients.add(res);
      req.on("close", () => clients.delete(res));
      return;
    }
    if (req.method === "POST" && req.url === "/publish") {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        if (forward) void fetch(`${forward}/publish`, { method: "POST", body }).catch(() => undefined);
        version++;
        last = `id: ${version}\nevent: scoreboard\ndata: ${body}\n\n`;
        for (const client of clients) client.write(last);
        res.end(String(version));
      });
      return;
    }
    if (req.url === "/health") return void res.end("ok");
    res.statusCode = 404;
    res.end();
  })
  .listen(port, "127.0.0.1");
