import { execFileSync } from "node:child_process";
import { createECDH } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { request as httpsRequest } from "node:https";
import { join } from "node:path";
import { workerdConfig } from "./vitest.workerd";
import { freePort } from "./test/support/free-port";

// Web Push as deployed (issue 36): the Worker with a VAPID pair, sending over real HTTPS to the stand-in push service
// (test/fakes/push-server.ts) that the global setup starts on a free port. The stand-in's certificate is made here,
// for 127.0.0.1 only; the Worker's fetches to it leave workerd through this lane's outbound service, which makes the
// same HTTPS request from Node trusting that certificate (workerd's own trust store cannot be given one here).
const port = process.env.PUSH_FAKE_PORT ? Number(process.env.PUSH_FAKE_PORT) : await freePort();
process.env.PUSH_FAKE_PORT = String(port);
const dir = join(import.meta.dirname, ".tmp", "push-tls");
mkdirSync(dir, { recursive: true });
process.env.PUSH_FAKE_TLS_DIR = dir;
execFileSync("openssl", [
  "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1",
  "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
  "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem"),
], { stdio: "ignore" });

const vapid = createECDH("prime256v1");
vapid.generateKeys();

const standInHost = `127.0.0.1:${port}`;
const certificate = readFileSync(join(dir, "cert.pem"));

async function toStandIn(request: Request): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== standInHost) return fetch(request);
  const body = Buffer.from(await request.arrayBuffer());
  return new Promise((resolve, reject) => {
    const outgoing = httpsRequest(url, { method: request.method, headers: Object.fromEntries(request.headers), ca: certificate }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const status = incoming.statusCode ?? 502;
        const headers = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) if (typeof value === "string") headers.set(name, value);
        resolve(new Response(status === 204 || chunks.length === 0 ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

const config = workerdConfig({
  include: ["test/push/**/*.test.ts"],
  globalSetup: ["./test/push/start-push-service.ts"],
  bindings: {
    VAPID_PUBLIC_KEY: vapid.getPublicKey().toString("base64url"),
    VAPID_PRIVATE_KEY: vapid.getPrivateKey().toString("base64url"),
    VAPID_SUBJECT: "operator@quantum-bell.test",
    PUSH_SERVICE_HOSTS: `127.0.0.1:${port}`,
    PUSH_FAKE_URL: `https://127.0.0.1:${port}`,
  },
  outboundService: toStandIn,
});
export default config;
