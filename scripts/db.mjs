// `npm run db:migrate` and `npm run db:seed` for the local D1 under .wrangler/state.
import { ensureDevVars, migrate, prepareDatabase, seed } from "./lib/wrangler.mjs";

const [command, persistTo] = process.argv.slice(2);
ensureDevVars();
if (command === "migrate") {
  migrate(persistTo);
  console.log("Local D1 migrated.");
} else if (command === "seed") {
  migrate(persistTo);
  seed(persistTo);
  console.log("Local D1 seeded.");
} else if (command === "prepare") {
  console.log(`Local D1 ${prepareDatabase(persistTo)}.`);
} else {
  console.error("Usage: node scripts/db.mjs migrate|seed|prepare [persistDir]");
  process.exit(2);
}
