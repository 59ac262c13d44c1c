// The HTTP side of bench:deal's floors (baseline-deal.mjs, baseline-deal-pg.mjs): a bare node:http server whose
// POST /deals/{game} hands the game, the deal's number and the body to `insert` and answers 201.
import "./end-with-parent.mjs";
import http from "node:http";

/** @param {number} port @param {(game: string, number: number, body: string) => unknown} insert */
export function serveDeals(port, insert) {
  http
    .createServer((req, res) => {
      if (req.method === "GET" && req.url === "/health") return res.end("ok");
      if (req.method === "POST" && req.url.startsWith("/deals/")) {
        let body = "";
        req.setEncoding("utf8");
        req.on("data", (chunk) => (body += chunk));
        req.on("end", async () => {
          const { number } = JSON.parse(body);
          try {
            await insert(req.url.slice(7), number, body);
            res.writeHead(201, { "Content-Type": "application/json" });
            res.end(JSON.stringify({ number }));
          } catch (error) {
            res.writeHead(500).end(String(error));
          }
        });
        return;
      }
      res.writeHead(404).end();
    })
    .listen(port, "127.0.0.1");
}
