// The floor for bench:deal: a bare node:http server over better-sqlite3, nothing else. The same durability as
// the product (WAL, synchronous = FULL: every acknowledged insert is on disk); POST /deals stores the body as one
// row and answers 201. What a deal costs above this is the product's own work.
import http from "node:http";
import Database from "better-sqlite3";

const port = Number(process.argv[2] ?? 3294);
const file = process.argv[3];
const db = new Database(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.exec(`CREATE TABLE IF NOT EXISTS deal (
  id INTEGER PRIMARY KEY, game TEXT NOT NULL, number INTEGER NOT NULL, body TEXT NOT NULL, UNIQUE (game, number))`);
const insert = db.prepare("INSERT INTO deal (game, number, body) VALUES (?, ?, ?)");

http
  .createServer((req, res) => {
    if (req.method === "GET" && req.url === "/health") return res.end("ok");
    if (req.method === "POST" && req.url.startsWith("/deals/")) {
      let body = "";
      req.setEncoding("utf8");
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        const { number } = JSON.parse(body);
        insert.run(req.url.slice(7), number, body);
        res.writeHead(201, { "Content-Type": "application/json" });
        res.end(JSON.stringify({ number }));
      });
      return;
    }
    res.writeHead(404).end();
  })
  .listen(port, "127.0.0.1");
