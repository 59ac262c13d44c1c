// The floor for bench:deal on PostgreSQL: a bare node:http server over `pg`, nothing else, on the same database
// server as the product, `synchronous_commit` at its default (every acknowledged insert is on disk). POST /deals
// stores the body as one row (id, game, number, body) in one statement and answers 201. What a deal costs above
// this is the product's own work. Usage: node baseline-deal-pg.mjs PORT DATABASE_URL
import "./end-with-parent.mjs";
import pg from "pg";
import { serveDeals } from "./baseline-http.mjs";

const port = Number(process.argv[2] ?? 3297);
const pool = new pg.Pool({ connectionString: process.argv[3], max: 4 });
await pool.query(`CREATE TABLE IF NOT EXISTS floor_deal (
  id BIGSERIAL PRIMARY KEY, game TEXT NOT NULL, number INTEGER NOT NULL, body TEXT NOT NULL, UNIQUE (game, number))`);

serveDeals(port, (game, number, body) =>
  pool.query("INSERT INTO floor_deal (game, number, body) VALUES ($1, $2, $3)", [game, number, body]),
);
