/** `npm run db:backup -- FILE` — a consistent copy of the embedded database, taken while the app runs. */
import { backupSqlite } from "../lib/db/backup";

const destination = process.argv[2];
if (!destination) {
  console.error("usage: npm run db:backup -- FILE");
  process.exit(2);
}
const { pages } = await backupSqlite(destination);
console.log(`backed up ${pages} pages to ${destination}`);
