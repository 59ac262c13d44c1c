// The floor for bench:deal on PostgreSQL: a bare node:http server over `pg`, nothing else, on the same database
// server as the product, `synchronous_commit` at its default (every acknowledged insert is on disk). POST /deals
// stores the body as one row (id, game, number, body) in one statement and answers 201. What a deal costs above
// this is the product's own work. Usage: node baseline-deal-pg.mjs PORT DATABASE_URL
import http from "node:http";
import pg from "pg";

const port = Number(process.argv[2] ?? 3297);
const pool = new pg.Pool({ connectionString: process.argv[3], max: 4 });
await pool.query(`CREATE TABLE IF NOT EXISTS floor_deal (
  id BIGSERIAL PRIMARY KEY, game TEXT NOT NULL, number INTEGER NOT NULL, body TEXT NOT NULL, UNIQUE (game, number))`);

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
          await pool.query("INSERT INTO floor_deal (game, number, body) VALUES ($1, $2, $3)", [
            req.url.slice(7),
            number,
            body,
          ]);
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
