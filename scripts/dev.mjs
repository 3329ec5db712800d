// `npm run dev`: hot-reloading Remix (Vite) on http://localhost:5002, with the BellRoom Durable Object in a second
// wrangler on BELL_ROOM_DEV_PORT (default 5003). Both use the same local D1 under .wrangler/state.
import { spawn } from "node:child_process";
import { bin, ensureDevVars, fireCronEveryMinute, offlineEnv, prepareDatabase, root, waitForHttp } from "./lib/wrangler.mjs";

const roomPort = process.env.BELL_ROOM_DEV_PORT ?? "5003";
ensureDevVars();
console.log(`Local D1 ${prepareDatabase()}.`);

const env = { ...offlineEnv, BELL_ROOM_DEV_PORT: roomPort };
const children = [
  spawn(bin("wrangler"), ["dev", "-c", "wrangler.bell-room.toml", "--port", roomPort, "--ip", "127.0.0.1", "--test-scheduled", "--show-interactive-dev-session=false"], { cwd: root, env, stdio: "inherit" }),
  spawn(bin("remix"), ["vite:dev"], { cwd: root, env: { ...env, CI: "" }, stdio: "inherit" }),
];

// The room's wrangler hosts the cron: fired every minute, as deployed, once it answers.
let stopCron = () => {};
waitForHttp(`http://127.0.0.1:${roomPort}/cdn-cgi/local/scheduled`, 60_000).then(
  () => (stopCron = fireCronEveryMinute(`http://127.0.0.1:${roomPort}`)),
  (error) => console.error(`The cron will not fire by itself: ${error.message}`),
);

const stopAll = () => {
  stopCron();
  for (const child of children) child.kill("SIGTERM");
  process.exit(0);
};
process.on("SIGINT", stopAll);
process.on("SIGTERM", stopAll);
for (const child of children) child.on("exit", stopAll);
