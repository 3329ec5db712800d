import { networkKey } from "~/domain/network";

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

/**
 * Fingerprints and IPs are stored only as keyed hashes: equal inputs still match (limits, resonance), but a leaked
 * table reveals neither, and without the secret nobody can test a guess. `purpose` keeps the two spaces apart.
 */
export async function privateHash(secret: string, purpose: "fingerprint" | "ip" | "mail" | "og", value: string): Promise<string> {
  if (!secret) throw new Error("HASH_SECRET is not configured.");
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(`${purpose}:${value}`));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Behind Cloudflare the client address is `CF-Connecting-IP`; nothing else in the request can be trusted. */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/**
 * The one key of every per-network limit and count (wishes, reports, resonances, contact, send-to-friend, login):
 * the hashed IPv4 address or IPv6 /64 the request comes from (networkKey).
 */
export function networkHash(secret: string, request: Request): Promise<string> {
  return privateHash(secret, "ip", networkKey(clientIp(request)));
}
