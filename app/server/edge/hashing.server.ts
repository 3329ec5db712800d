import { networkKeys } from "~/domain/network";

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
export async function privateHash(secret: string, purpose: "fingerprint" | "ip" | "mail" | "mail-stop" | "og", value: string): Promise<string> {
  if (!secret) throw new Error("HASH_SECRET is not configured.");
  const signature = await crypto.subtle.sign("HMAC", await hmacKey(secret), encoder.encode(`${purpose}:${value}`));
  return [...new Uint8Array(signature)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Compares two signatures in a time that does not depend on where they differ. */
export function sameSignature(expected: string, given: string): boolean {
  if (expected.length !== given.length) return false;
  let difference = 0;
  for (let i = 0; i < expected.length; i++) difference |= expected.charCodeAt(i) ^ given.charCodeAt(i);
  return difference === 0;
}

/** Behind Cloudflare the client address is `CF-Connecting-IP`; nothing else in the request can be trusted. */
export function clientIp(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "unknown";
}

/** A request's network (IPv4 address or IPv6 /48) and subnet (IPv6 /64), hashed; see app/domain/network.ts. */
export interface NetworkHashes {
  network: string;
  subnet: string;
  ipv6: boolean;
}

export async function networkHashes(secret: string, request: Request): Promise<NetworkHashes> {
  const keys = networkKeys(clientIp(request));
  const [network, subnet] = await Promise.all([privateHash(secret, "ip", keys.network), keys.ipv6 ? privateHash(secret, "ip", keys.subnet) : null]);
  return { network, subnet: subnet ?? network, ipv6: keys.ipv6 };
}

/**
 * The stored identity of a request's network (wishes, reports, resonances, contact): the hashed IPv4 address or IPv6
 * /48. Rate limits go through hitNetworkLimit (rate-limit.server.ts), which also counts the /64.
 */
export async function networkHash(secret: string, request: Request): Promise<string> {
  return (await networkHashes(secret, request)).network;
}
