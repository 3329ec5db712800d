import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { launchChromiumServer } from "../../../scripts/lib/chromium.mjs";
import { copyDatabase, migrateThrowaway, PORT_IN_USE, seed, startServer, stopServer } from "../../../scripts/lib/wrangler.mjs";
import { FAKE_API_KEY, FAKE_INSTANCE_CRN } from "../../fakes/ibm-fake";
import { startIbmFakeServer } from "../../fakes/ibm-server";
import { freePort } from "../../support/free-port";
import { E2E_WORKERS, type E2eSite } from "./sites";
export { freePort };

declare module "vitest" {
  export interface ProvidedContext {
    /** One site a file runner (`VITEST_POOL_ID`), each on a database of its own: files run side by side (ADR 0081). */
    sites: E2eSite[];
    /** The seeded database as it was before any server opened it, for a file that starts a server of its own to copy. */
    seededDatabase: string;
    /** A second site configured with QUANTUM_PROVIDER=ibm, talking over HTTP to the fake IBM service. */
    ibmBaseURL: string;
    ibmFakeURL: string;
    /** The run's one Chromium, which each file connects to instead of starting its own. */
    chromiumEndpoint: string;
  }
}

/**
 * One seeded database and a server for each file runner of the e2e run (E2E_WORKERS), each on its own copy in a
 * throwaway folder and a free port, so that files run side by side without ringing each other's wishes; beside them,
 * the IBM path as deployed: the fake IBM service and a second server configured with QUANTUM_PROVIDER=ibm.
 * The migrations run once: the IBM site starts on a copy of the migrated database while the main one is seeded, and
 * the seeded one is copied for each server. The migrations' SQL runs in one `wrangler d1 execute` (`migrations apply`
 * took 9.5 s, a Miniflare for each).
 * One Chromium serves every file: each connects and makes contexts of its own (a fresh visitor each), and closing
 * its connection closes them.
 */
export default async function setup(project: TestProject) {
  const seededDatabase = mkdtempSync(join(tmpdir(), "quantum-bell-e2e-seeded-"));
  const persistDirs = Array.from({ length: E2E_WORKERS }, () => mkdtempSync(join(tmpdir(), "quantum-bell-e2e-")));
  const ibmPersistDir = mkdtempSync(join(tmpdir(), "quantum-bell-e2e-ibm-"));
  migrateThrowaway(seededDatabase);
  copyDatabase(seededDatabase, ibmPersistDir);
  const chromium = launchChromiumServer();
  const fake = await startIbmFakeServer({ port: 0 });
  // Every browser shares 127.0.0.1, so the per-network wish and ring limits and the wall's one card per network are lifted, and journeys that ring one after another do
  // not wait out the spec's 20 s cooldown; both rules themselves are tested in workerd.
  const testVars = {
    IP_DAILY_WISH_LIMIT: "100000",
    RING_COOLDOWN_SECONDS: "2",
    RING_NETWORK_HOURLY_LIMIT: "100000",
    RING_NETWORK_COOLDOWN_SECONDS: "0",
    RING_NETWORK_RINGS_PER_HOUR: "100000",
    WALL_ONE_PER_NETWORK: "0",
  };
  const ibmSite = startSite({
    persistTo: ibmPersistDir,
    vars: {
      ...testVars,
      QUANTUM_PROVIDER: "ibm",
      IBM_API_KEY: FAKE_API_KEY,
      IBM_INSTANCE_CRN: FAKE_INSTANCE_CRN,
      IBM_API_URL: fake.apiUrl,
      IBM_IAM_URL: fake.iamUrl,
      // The fake's jobs finish within seconds; asking every second instead of IBM's 10 s saves the suite ~20 s.
      IBM_POLL_SECONDS: "1",
    },
  });
  const starting = [ibmSite];
  let seedError: unknown;
  try {
    seed(seededDatabase);
    for (const persistDir of persistDirs) copyDatabase(seededDatabase, persistDir);
    starting.push(...persistDirs.map((persistDir) => startSite({ persistTo: persistDir, vars: testVars })));
  } catch (error) {
    // Nothing more starts; what did start is stopped below, so that no site outlives the run.
    seedError = error;
  }
  const started = await Promise.allSettled(starting);
  const running = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failure = seedError ?? started.find((result) => result.status === "rejected")?.reason;
  if (running.length < persistDirs.length + 1) {
    for (const { server } of running) stopServer(server.child);
    await fake.close();
    await (await chromium).close();
    throw failure;
  }
  const [ibm, ...sites] = running;
  const servers = running.map(({ server }) => server);
  const chromiumServer = await chromium;
  project.provide(
    "sites",
    persistDirs.map((persistDir, i) => ({ baseURL: sites[i].baseURL, persistDir })),
  );
  project.provide("seededDatabase", seededDatabase);
  project.provide("ibmBaseURL", ibm.baseURL);
  project.provide("ibmFakeURL", fake.url);
  project.provide("chromiumEndpoint", chromiumServer.wsEndpoint());
  return async () => {
    for (const server of servers) stopServer(server.child);
    await fake.close();
    await chromiumServer.close();
    for (const persistDir of persistDirs) rmSync(persistDir, { recursive: true, force: true });
    rmSync(seededDatabase, { recursive: true, force: true });
    rmSync(ibmPersistDir, { recursive: true, force: true });
  };
}

/**
 * Starts `wrangler dev` for a site on two ports picked now: its HTTP port and an inspector port of its own (wrangler's
 * default is one, and the sites start at once). A port is free when picked and taken only when wrangler binds it, so a
 * server starting beside it may bind it first for one of its own sockets; wrangler then says "Address already in
 * use" and the site starts again on a new pair.
 */
async function startSite(options: { persistTo: string; vars: Record<string, string> }): Promise<{ server: ReturnType<typeof startServer>; baseURL: string }> {
  for (let attempt = 1; ; attempt++) {
    const [port, inspectorPort] = [await freePort(), await freePort()];
    const server = startServer({ ...options, port, args: ["--inspector-port", String(inspectorPort)] });
    try {
      await server.ready;
      return { server, baseURL: `http://127.0.0.1:${port}` };
    } catch (error) {
      if (attempt === 3 || !PORT_IN_USE.test(server.output())) throw error;
    }
  }
}
