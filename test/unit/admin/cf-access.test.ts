import { describe, expect, it } from "vitest";
import { accessConfig, verifyAccessJwt, type AccessConfig, type JwksFetcher } from "~/server/admin/cf-access.server";

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const AUDIENCE = "aud-tag-0123456789abcdef";

const encoder = new TextEncoder();
const base64Url = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const jsonPart = (value: unknown) => base64Url(encoder.encode(JSON.stringify(value)));

async function keyPair() {
  return (await crypto.subtle.generateKey(
    { name: "RSASSA-PKCS1-v1_5", modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]), hash: "SHA-256" },
    true,
    ["sign", "verify"],
  )) as CryptoKeyPair;
}

async function publicJwk(pair: CryptoKeyPair, kid: string) {
  const jwk = (await crypto.subtle.exportKey("jwk", pair.publicKey)) as JsonWebKey;
  return { ...jwk, kid, alg: "RS256", use: "sig" };
}

async function sign(pair: CryptoKeyPair, header: Record<string, unknown>, payload: Record<string, unknown>): Promise<string> {
  const signingInput = `${jsonPart(header)}.${jsonPart(payload)}`;
  const signature = new Uint8Array(await crypto.subtle.sign("RSASSA-PKCS1-v1_5", pair.privateKey, encoder.encode(signingInput)));
  return `${signingInput}.${base64Url(signature)}`;
}

let teams = 0;
/** Each test gets its own team, so the verifier's key cache of one test never answers for another. */
function freshConfig(): AccessConfig {
  teams += 1;
  return { teamDomain: `team-${teams}.cloudflareaccess.com`, audience: AUDIENCE };
}

function claims(config: AccessConfig, overrides: Record<string, unknown> = {}) {
  return {
    aud: [AUDIENCE],
    iss: `https://${config.teamDomain}`,
    sub: "user-1",
    email: "operator@example.org",
    iat: NOW / 1000 - 10,
    nbf: NOW / 1000 - 10,
    exp: NOW / 1000 + 3600,
    ...overrides,
  };
}

async function setup() {
  const pair = await keyPair();
  const config = freshConfig();
  const jwks = { keys: [await publicJwk(pair, "key-1")] };
  const requested: string[] = [];
  const fetchJwks: JwksFetcher = async (url) => {
    requested.push(url);
    return jwks;
  };
  return { pair, config, jwks, requested, fetchJwks };
}

describe("Cloudflare Access JWT verifier", () => {
  it("accepts a token signed by the team's key for this application and returns its claims", async () => {
    const { pair, config, requested, fetchJwks } = await setup();
    const token = await sign(pair, { alg: "RS256", kid: "key-1", typ: "JWT" }, claims(config));
    expect(await verifyAccessJwt(token, config, { now: NOW, fetchJwks })).toEqual({
      sub: "user-1",
      email: "operator@example.org",
      exp: NOW / 1000 + 3600,
    });
    expect(requested).toEqual([`https://${config.teamDomain}/cdn-cgi/access/certs`]);
  });

  it("accepts a single-string audience too", async () => {
    const { pair, config, fetchJwks } = await setup();
    const token = await sign(pair, { alg: "RS256", kid: "key-1" }, claims(config, { aud: AUDIENCE }));
    expect(await verifyAccessJwt(token, config, { now: NOW, fetchJwks })).not.toBeNull();
  });

  it("caches the team's keys between verifications", async () => {
    const { pair, config, requested, fetchJwks } = await setup();
    const token = await sign(pair, { alg: "RS256", kid: "key-1" }, claims(config));
    await verifyAccessJwt(token, config, { now: NOW, fetchJwks });
    await verifyAccessJwt(token, config, { now: NOW + 5 * 60_000, fetchJwks });
    expect(requested).toHaveLength(1);
  });

  it("fetches the keys again when a token names a key it has not seen (rotation)", async () => {
    const { pair, config, jwks, requested, fetchJwks } = await setup();
    await verifyAccessJwt(await sign(pair, { alg: "RS256", kid: "key-1" }, claims(config)), config, { now: NOW, fetchJwks });
    const rotated = await keyPair();
    jwks.keys.push(await publicJwk(rotated, "key-2"));
    const token = await sign(rotated, { alg: "RS256", kid: "key-2" }, claims(config));
    expect(await verifyAccessJwt(token, config, { now: NOW + 2 * 60_000, fetchJwks })).not.toBeNull();
    expect(requested).toHaveLength(2);
  });

  it.each([
    ["another application's audience", { aud: ["someone-else"] }],
    ["another team as issuer", { iss: "https://evil.cloudflareaccess.com" }],
    ["an expired token", { exp: NOW / 1000 - 3600 }],
    ["a token not valid yet", { nbf: NOW / 1000 + 3600 }],
    ["a token without an expiry", { exp: undefined }],
  ])("refuses %s", async (_label, overrides) => {
    const { pair, config, fetchJwks } = await setup();
    const token = await sign(pair, { alg: "RS256", kid: "key-1" }, claims(config, overrides));
    expect(await verifyAccessJwt(token, config, { now: NOW, fetchJwks })).toBeNull();
  });

  it("refuses a token signed by a key that is not the team's", async () => {
    const { config, fetchJwks } = await setup();
    const stranger = await keyPair();
    const token = await sign(stranger, { alg: "RS256", kid: "key-1" }, claims(config));
    expect(await verifyAccessJwt(token, config, { now: NOW, fetchJwks })).toBeNull();
  });

  it("refuses a token whose claims were changed after signing", async () => {
    const { pair, config, fetchJwks } = await setup();
    const token = await sign(pair, { alg: "RS256", kid: "key-1" }, claims(config, { aud: ["someone-else"] }));
    const [header, , signature] = token.split(".");
    const forged = `${header}.${jsonPart(claims(config))}.${signature}`;
    expect(await verifyAccessJwt(forged, config, { now: NOW, fetchJwks })).toBeNull();
  });

  it("refuses the 'none' and HMAC algorithms whatever the signature", async () => {
    const { config, jwks, fetchJwks } = await setup();
    const body = jsonPart(claims(config));
    expect(await verifyAccessJwt(`${jsonPart({ alg: "none", kid: "key-1" })}.${body}.`, config, { now: NOW, fetchJwks })).toBeNull();
    const hmacKey = await crypto.subtle.importKey("raw", encoder.encode(JSON.stringify(jwks.keys[0])), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const input = `${jsonPart({ alg: "HS256", kid: "key-1" })}.${body}`;
    const mac = base64Url(new Uint8Array(await crypto.subtle.sign("HMAC", hmacKey, encoder.encode(input))));
    expect(await verifyAccessJwt(`${input}.${mac}`, config, { now: NOW, fetchJwks })).toBeNull();
  });

  it.each(["", "a.b", "a.b.c.d", "!!.??.##", `${jsonPart({ alg: "RS256" })}.${jsonPart({})}.AAAA`])(
    "refuses the malformed token %j",
    async (token) => {
      const { config, fetchJwks } = await setup();
      expect(await verifyAccessJwt(token, config, { now: NOW, fetchJwks })).toBeNull();
    },
  );

  it("refuses rather than throws when the keys cannot be fetched", async () => {
    const { pair, config } = await setup();
    const token = await sign(pair, { alg: "RS256", kid: "key-1" }, claims(config));
    const failing: JwksFetcher = async () => {
      throw new Error("network down");
    };
    expect(await verifyAccessJwt(token, config, { now: NOW, fetchJwks: failing })).toBeNull();
  });
});

describe("accessConfig", () => {
  it("is on only when both the team domain and the audience are set, and normalises the domain", () => {
    const base = {} as Env;
    expect(accessConfig(base)).toBeNull();
    expect(accessConfig({ ...base, CF_ACCESS_TEAM_DOMAIN: "team.cloudflareaccess.com" } as Env)).toBeNull();
    expect(accessConfig({ ...base, CF_ACCESS_TEAM_DOMAIN: "https://team.cloudflareaccess.com/", CF_ACCESS_AUD: "tag" } as Env)).toEqual({
      teamDomain: "team.cloudflareaccess.com",
      audience: "tag",
    });
  });
});
