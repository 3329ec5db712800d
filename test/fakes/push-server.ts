import { createDecipheriv, createECDH, createHmac, createPublicKey, randomBytes, verify } from "node:crypto";
import { createServer as createHttpServer, type IncomingMessage, type RequestListener, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";

/**
 * A stand-in push service (RFC 8030), written from the RFCs rather than from any push library: it hands out
 * subscriptions as a browser would (a P-256 key pair and a 16-byte auth secret per subscription), and for every push
 * it checks the VAPID authorization (RFC 8292: an ES256 JWT whose `aud` is this service's origin, `exp` within 24 h,
 * a `sub` contact, signed by the key in `k`, the key the subscription was made with) and decrypts the aes128gcm body
 * (RFC 8188 framing, RFC 8291 key derivation) with the subscription's private key and auth secret.
 */

export interface ReceivedPush {
  subscription: string;
  /** The decrypted payload, as text. */
  payload: string;
  ttl: number;
  urgency: string | null;
  claims: { aud: string; exp: number; sub: string };
}

export interface RefusedPush {
  subscription: string;
  status: number;
  problem: string;
}

interface Subscription {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  publicKey: Buffer;
  auth: Buffer;
  applicationServerKey: string;
  /** What the service answers instead of taking a push: 404 or 410 for an expired subscription, 5xx for trouble. */
  answer: number | null;
}

const b64url = (bytes: Buffer) => bytes.toString("base64url");
const hmac = (key: Buffer, data: Buffer) => createHmac("sha256", key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: the content encryption key and nonce of an aes128gcm body. */
function contentKeys(subscription: Subscription, salt: Buffer, senderPublic: Buffer): { cek: Buffer; nonce: Buffer } {
  const ecdhSecret = subscription.ecdh.computeSecret(senderPublic);
  const prkKey = hmac(subscription.auth, ecdhSecret);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), subscription.publicKey, senderPublic, Buffer.from([1])]);
  const ikm = hmac(prkKey, keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from("Content-Encoding: aes128gcm\0\x01", "binary")).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from("Content-Encoding: nonce\0\x01", "binary")).subarray(0, 12);
  return { cek, nonce };
}

/** RFC 8188 §2: header (salt, record size, key id), then records; one record here (a push is at most 4096 bytes). */
export function decryptAes128gcm(subscription: Subscription, body: Buffer): string {
  if (body.length < 21) throw new Error("body shorter than the aes128gcm header");
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body[20];
  const senderPublic = body.subarray(21, 21 + idLength);
  if (idLength !== 65 || senderPublic[0] !== 4) throw new Error("the key id is not the sender's uncompressed P-256 key (RFC 8291 §4)");
  const records = body.subarray(21 + idLength);
  if (records.length > recordSize) throw new Error("more than one record");
  const { cek, nonce } = contentKeys(subscription, salt, senderPublic);
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const padded = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error("the last record does not end with the 0x02 delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/** RFC 8292 §2–3: `vapid t=<JWT>, k=<key>`; the JWT is ES256 over the key in k. */
export function verifyVapid(authorization: string | undefined, subscription: Subscription, origin: string, now = Date.now()): ReceivedPush["claims"] {
  const match = /^vapid\s+(.+)$/i.exec(authorization ?? "");
  if (!match) throw new Error("no vapid Authorization");
  const params = Object.fromEntries(match[1].split(",").map((part) => part.trim().split("=").map((piece) => piece.trim()) as [string, string]));
  const { t: token, k: key } = params;
  if (!token || !key) throw new Error("the vapid scheme needs t and k");
  if (key !== subscription.applicationServerKey) throw new Error("k is not the key the subscription was made with");
  const [header, claims, signature] = token.split(".");
  const head = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string; typ?: string };
  if (head.alg !== "ES256") throw new Error("the JWT is not ES256");
  const point = Buffer.from(key, "base64url");
  if (point.length !== 65 || point[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const publicKey = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(point.subarray(1, 33)), y: b64url(point.subarray(33)) }, format: "jwk" });
  const signed = verify("sha256", Buffer.from(`${header}.${claims}`), { key: publicKey, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"));
  if (!signed) throw new Error("the JWT's signature does not verify with k");
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as ReceivedPush["claims"];
  if (body.aud !== origin) throw new Error(`aud ${body.aud} is not the push service's origin ${origin}`);
  const seconds = now / 1000;
  if (!(body.exp > seconds && body.exp <= seconds + 24 * 3600 + 60)) throw new Error("exp is not within the next 24 hours");
  if (!/^(mailto:|https:)/.test(body.sub ?? "")) throw new Error("sub is not a mailto: or https: contact");
  return body;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startPushServer({ port = 0, tls }: { port?: number; tls?: { key: Buffer; cert: Buffer } } = {}) {
  const subscriptions = new Map<string, Subscription>();
  let received: ReceivedPush[] = [];
  let refused: RefusedPush[] = [];
  let origin = "";

  const answer = (response: ServerResponse, status: number, body?: unknown) => {
    response.writeHead(status, body === undefined ? {} : { "Content-Type": "application/json" });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };

  const listener: RequestListener = async (request, response) => {
    const url = new URL(request.url ?? "/", origin);
    try {
      if (request.method === "POST" && url.pathname === "/__subscribe") {
        // What PushManager.subscribe() makes: keys held by the "browser", an endpoint on the push service.
        const { applicationServerKey, answer: status = null } = JSON.parse((await readBody(request)).toString()) as { applicationServerKey: string; answer?: number | null };
        const ecdh = createECDH("prime256v1");
        ecdh.generateKeys();
        const subscription: Subscription = { id: randomBytes(12).toString("hex"), ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16), applicationServerKey, answer: status };
        subscriptions.set(subscription.id, subscription);
        return answer(response, 200, { endpoint: `${origin}/push/${subscription.id}`, keys: { p256dh: b64url(subscription.publicKey), auth: b64url(subscription.auth) } });
      }
      if (request.method === "GET" && url.pathname === "/__received") return answer(response, 200, { received, refused });
      if (request.method === "POST" && url.pathname === "/__reset") {
        received = [];
        refused = [];
        return answer(response, 204);
      }
      const pushed = /^\/push\/([0-9a-f]+)$/.exec(url.pathname);
      if (request.method === "POST" && pushed) {
        const body = await readBody(request);
        const subscription = subscriptions.get(pushed[1]);
        const refuse = (status: number, problem: string) => {
          refused.push({ subscription: pushed[1], status, problem });
          answer(response, status, { reason: problem });
        };
        if (!subscription) return refuse(404, "no such subscription");
        if (subscription.answer) return refuse(subscription.answer, subscription.answer < 500 ? "the subscription has expired" : "the service is unavailable");
        const ttl = Number(request.headers.ttl);
        if (request.headers.ttl === undefined || !Number.isInteger(ttl) || ttl < 0) return refuse(400, "TTL header missing (RFC 8030 §5.2)");
        if (request.headers["content-encoding"] !== "aes128gcm") return refuse(400, `Content-Encoding is ${request.headers["content-encoding"] ?? "missing"}, not aes128gcm`);
        let claims: ReceivedPush["claims"];
        try {
          claims = verifyVapid(request.headers.authorization, subscription, origin);
        } catch (error) {
          return refuse(403, (error as Error).message);
        }
        let payload: string;
        try {
          payload = decryptAes128gcm(subscription, body);
        } catch (error) {
          return refuse(400, `cannot decrypt: ${(error as Error).message}`);
        }
        received.push({ subscription: subscription.id, payload, ttl, urgency: (request.headers.urgency as string | undefined) ?? null, claims });
        response.writeHead(201, { Location: `${origin}/message/${randomBytes(8).toString("hex")}` });
        return response.end();
      }
      answer(response, 404, { reason: "not found" });
    } catch (error) {
      answer(response, 500, { reason: (error as Error).message });
    }
  };
  // Push services are HTTPS (RFC 8030 §8); the lane gives a certificate that only the test Worker trusts.
  const server = tls ? createHttpsServer(tls, listener) : createHttpServer(listener);
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  origin = `${tls ? "https" : "http"}://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return { origin, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
