// `npm start`: the whole site on http://localhost:5002 in workerd, with a migrated and seeded local D1,
// the BellRoom, the cron poller (fired every minute, as deployed; /cdn-cgi/local/scheduled fires it by hand too) and
// the built-in quantum simulator.
import { build, ensureDevVars, fireCronEveryMinute, prepareDatabase, startServer, stopServer } from "./lib/wrangler.mjs";

const PORT = Number(process.env.PORT ?? 5002);

ensureDevVars();
console.log("Preparing the local D1 database…");
console.log(prepareDatabase() === "seeded" ? "Seeded a demo world of wishes and rings." : "Kept the existing local data.");
console.log("Building the site…");
build();

const server = startServer({ port: PORT, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    stopServer(server.child);
    process.exit(0);
  });
}
server.ready.then(() => {
  console.log(`\nQuantum Bell is ringing at http://localhost:${PORT} (the cron fires every minute)\n`);
  fireCronEveryMinute(`http://127.0.0.1:${PORT}`);
});
server.child.on("exit", (code) => process.exit(code ?? 0));
