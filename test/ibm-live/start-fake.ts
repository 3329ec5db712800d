import { startIbmFakeServer } from "../fakes/ibm-server";

/** Starts the fake IBM service on the port vitest.ibm.config.ts gave the Worker, for the whole run. */
export default async function startFake() {
  const server = await startIbmFakeServer({ port: Number(process.env.IBM_FAKE_PORT) });
  return () => server.close();
}
