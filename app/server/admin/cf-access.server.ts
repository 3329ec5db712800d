import { fromBase64Url } from "../edge/base64url.server";
import { settingsOf } from "../edge/settings.server";

/**
 * Cloudflare Access in front of /admin: Access signs a JWT (RS256) for every request it lets through and passes it
 * in `Cf-Access-Jwt-Assertion`. The Worker checks it against the team's public keys, so a request that reached the
 * Worker some other way (a workers.dev URL, a misconfigured route) is not trusted just for carrying the header.
 */

export interface AccessConfig {
  /** e.g. `example.cloudflareaccess.com` */
  teamDomain: string;
  /** The Application Audience (AUD) tag of the Access application. */
  audience: string;
}

export interface AccessClaims {
  sub?: string;
  email?: string;
  exp: number;
}

interface Jwks {
  keys: (JsonWebKey & { kid?: string })[];
}

export type JwksFetcher = (url: string) => Promise<Jwks>;

export interface VerifyOptions {
  now?: number;
  fetchJwks?: JwksFetcher;
}

export function accessConfig(env: Env): AccessConfig | null {
  const { CF_ACCESS_TEAM_DOMAIN: teamDomain, CF_ACCESS_AUD: audience } = settingsOf(env);
  return teamDomain && audience ? { teamDomain, audience } : null;
}

const KEY_CACHE_MS = 60 * 60_000;
/** A token naming an unknown key may mean Access rotated its keys; refetch, but not more often than this. */
const REFETCH_AFTER_MS = 60_000;
const CLOCK_SKEW_SECONDS = 60;

interface CachedKeys {
  fetchedAt: number;
  keys: Map<string, CryptoKey>;
}
const keyCache = new Map<string, CachedKeys>();

const defaultFetchJwks: JwksFetcher = async (url) => {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`Cloudflare Access keys answered ${response.status}.`);
  return (await response.json()) as Jwks;
};

async function importKeys(jwks: Jwks): Promise<Map<string, CryptoKey>> {
  const keys = new Map<string, CryptoKey>();
  for (const jwk of jwks.keys ?? []) {
    if (jwk.kty !== "RSA" || !jwk.kid) continue;
    const key = await crypto.subtle.importKey("jwk", jwk, { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256" }, false, ["verify"]);
    keys.set(jwk.kid, key);
  }
  return keys;
}

async function signingKey(config: AccessConfig, kid: string, now: number, fetchJwks: JwksFetcher): Promise<CryptoKey | undefined> {
  const url = `https://${config.teamDomain}/cdn-cgi/access/certs`;
  const cached = keyCache.get(url);
  const fresh = cached && now - cached.fetchedAt < KEY_CACHE_MS;
  if (fresh && (cached.keys.has(kid) || now - cached.fetchedAt < REFETCH_AFTER_MS)) return cached.keys.get(kid);
  const keys = await importKeys(await fetchJwks(url));
  keyCache.set(url, { fetchedAt: now, keys });
  return keys.get(kid);
}

function decodeJson(part: string): Record<string, unknown> | null {
  const bytes = fromBase64Url(part);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The claims of a valid Access token for this application, or null for anything else. */
export async function verifyAccessJwt(token: string, config: AccessConfig, options: VerifyOptions = {}): Promise<AccessClaims | null> {
  const now = options.now ?? Date.now();
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [headerPart, payloadPart, signaturePart] = parts as [string, string, string];
  const header = decodeJson(headerPart);
  const payload = decodeJson(payloadPart);
  // The algorithm is pinned: a token cannot pick "none" or an HMAC keyed with the public key.
  if (!header || !payload || header.alg !== "RS256" || typeof header.kid !== "string") return null;

  const signature = fromBase64Url(signaturePart);
  let key: CryptoKey | undefined;
  try {
    key = await signingKey(config, header.kid, now, options.fetchJwks ?? defaultFetchJwks);
  } catch {
    return null;
  }
  if (!key || !signature) return null;
  const signed = new TextEncoder().encode(`${headerPart}.${payloadPart}`);
  if (!(await crypto.subtle.verify("RSASSA-PKCS1-v1_5", key, signature, signed))) return null;

  const seconds = now / 1000;
  const audiences = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  if (!audiences.includes(config.audience)) return null;
  if (payload.iss !== `https://${config.teamDomain}`) return null;
  if (typeof payload.exp !== "number" || payload.exp + CLOCK_SKEW_SECONDS < seconds) return null;
  if (typeof payload.nbf === "number" && payload.nbf - CLOCK_SKEW_SECONDS > seconds) return null;
  return {
    exp: payload.exp,
    ...(typeof payload.sub === "string" ? { sub: payload.sub } : {}),
    ...(typeof payload.email === "string" ? { email: payload.email } : {}),
  };
}
