import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startPushServer } from "../fakes/push-server";

/** Starts the stand-in push service on the port and certificate vitest.push.config.ts gave the Worker, for the run. */
export default async function startPushService() {
  const dir = process.env.PUSH_FAKE_TLS_DIR!;
  const { close } = await startPushServer({
    port: Number(process.env.PUSH_FAKE_PORT),
    tls: { key: readFileSync(join(dir, "key.pem")), cert: readFileSync(join(dir, "cert.pem")) },
  });
  return close;
}
