// The floor for bench:deal: a bare node:http server over better-sqlite3, nothing else. The same durability as
// the product (WAL, synchronous = FULL: every acknowledged insert is on disk); POST /deals stores the body as one
// row and answers 201. What a deal costs above this is the product's own work.
import "./end-with-parent.mjs";
import Database from "better-sqlite3";
import { serveDeals } from "./baseline-http.mjs";

const port = Number(process.argv[2] ?? 3294);
const file = process.argv[3];
const db = new Database(file);
db.pragma("journal_mode = WAL");
db.pragma("synchronous = FULL");
db.exec(`CREATE TABLE IF NOT EXISTS deal (
  id INTEGER PRIMARY KEY, game TEXT NOT NULL, number INTEGER NOT NULL, body TEXT NOT NULL, UNIQUE (game, number))`);
const insert = db.prepare("INSERT INTO deal (game, number, body) VALUES (?, ?, ?)");

serveDeals(port, (game, number, body) => insert.run(game, number, body));
