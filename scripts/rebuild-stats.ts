/** `npm run db:rebuild-stats` — rebuilds the statistics cache of every game from its deals. */
import { rebuildAllSummaries } from "../lib/data/game-summary";
import { disconnectDb } from "../lib/db/client";

const started = Date.now();
const games = await rebuildAllSummaries();
await disconnectDb();
console.log(`rebuilt the statistics of ${games} games in ${((Date.now() - started) / 1000).toFixed(1)} s`);
