import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet } from "jose";
import { settingsOf } from "../edge/settings.server";

/**
 * Cloudflare Access in front of /admin: Access signs a JWT (RS256) for every request it lets through and passes it
 * in `Cf-Access-Jwt-Assertion`. The Worker checks it against the team's public keys, so a request that reached the
 * Worker some other way (a workers.dev URL, a misconfigured route) is not trusted just for carrying the header.
 * jose checks the signature and the claims (ADR 0121).
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

export type JwksFetcher = (url: string) => Promise<JSONWebKeySet>;

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
  keys: ReturnType<typeof createLocalJWKSet>;
}
const keyCache = new Map<string, CachedKeys>();

const defaultFetchJwks: JwksFetcher = async (url) => {
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`Cloudflare Access keys answered ${response.status}.`);
  return (await response.json()) as JSONWebKeySet;
};

/**
 * The team's public keys, fetched at most once an hour, and again (at most once a minute) when a token names a key
 * they lack. jose's own remote key set keeps its cache on the wall clock; this one follows the caller's `now`.
 */
async function teamKeys(url: string, now: number, fetchJwks: JwksFetcher, unknownKey: boolean): Promise<CachedKeys["keys"]> {
  const cached = keyCache.get(url);
  const age = cached ? now - cached.fetchedAt : Infinity;
  if (cached && age < KEY_CACHE_MS && (!unknownKey || age < REFETCH_AFTER_MS)) return cached.keys;
  const keys = createLocalJWKSet(await fetchJwks(url));
  keyCache.set(url, { fetchedAt: now, keys });
  return keys;
}

/** The claims of a valid Access token for this application, or null for anything else. */
export async function verifyAccessJwt(token: string, config: AccessConfig, options: VerifyOptions = {}): Promise<AccessClaims | null> {
  const now = options.now ?? Date.now();
  const url = `https://${config.teamDomain}/cdn-cgi/access/certs`;
  for (const unknownKey of [false, true]) {
    try {
      const keys = await teamKeys(url, now, options.fetchJwks ?? defaultFetchJwks, unknownKey);
      // The algorithm is pinned: a token cannot pick "none" or an HMAC keyed with the public key.
      const { payload } = await jwtVerify(token, keys, {
        algorithms: ["RS256"],
        audience: config.audience,
        issuer: `https://${config.teamDomain}`,
        requiredClaims: ["exp"],
        clockTolerance: CLOCK_SKEW_SECONDS,
        currentDate: new Date(now),
      });
      return {
        exp: payload.exp as number,
        ...(typeof payload.sub === "string" ? { sub: payload.sub } : {}),
        ...(typeof payload.email === "string" ? { email: payload.email } : {}),
      };
    } catch (error) {
      if (!(error instanceof errors.JWKSNoMatchingKey)) return null;
    }
  }
  return null;
}
