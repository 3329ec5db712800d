import { startIbmFakeServer } from "../fakes/ibm-server";

/** Starts the fake IBM services on the ports vitest.ibm.config.ts gave the Worker, for the whole run. */
export default async function startFake() {
  const servers = await Promise.all([
    startIbmFakeServer({ port: Number(process.env.IBM_FAKE_PORT) }),
    startIbmFakeServer({ port: Number(process.env.IBM_CHAOS_FAKE_PORT) }),
  ]);
  return () => Promise.all(servers.map((server) => server.close())).then(() => undefined);
}
