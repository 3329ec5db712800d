import { privateHash, sameSignature } from "../edge/hashing.server";
import { settingsOf } from "~/server/edge/settings.server";

/** Where share cards are drawn (app/server/og/og.server.ts, served from the Worker entry). */
export const OG_PATH = "/og";
/** The query field that carries a share card's signature. */
export const OG_SIGNATURE_PARAM = "sig";
const SIGNATURE_HEX = 32;
const SIGNED_FIELDS = ["title", "subtitle", "variant"] as const;

// The sharer's own words on a ring's poster (docs/product.md#the-loop-back) are signed too; signed only when present, so every card
// signed before they existed keeps its signature.
const canonical = (params: URLSearchParams) =>
  JSON.stringify([...SIGNED_FIELDS, ...(params.get("words") ? (["words"] as const) : [])].map((field) => params.get(field) ?? ""));

/** Only the default cards (no title, no subtitle) may be drawn without a signature: anything else prints text. */
export function needsSignature(params: URLSearchParams): boolean {
  return Boolean(params.get("title") || params.get("subtitle") || params.get("words"));
}

/**
 * The HMAC (HASH_SECRET) of a card's text and variant, as the query carries them: /og draws a card with text only when
 * this matches, so the site's own pages and rings can print theirs and nobody can make it print anything else.
 */
export async function ogSignature(env: Env, params: URLSearchParams): Promise<string> {
  return (await privateHash(settingsOf(env).HASH_SECRET, "og", canonical(params))).slice(0, SIGNATURE_HEX);
}

export async function hasValidSignature(env: Env, params: URLSearchParams): Promise<boolean> {
  const given = params.get(OG_SIGNATURE_PARAM) ?? "";
  if (given.length !== SIGNATURE_HEX) return false;
  return sameSignature(await ogSignature(env, params), given);
}

/** A share card's path (/og?…) with its signature added, when its text needs one. */
export async function signOgPath(env: Env, path: string): Promise<string> {
  const url = new URL(path, "http://card.invalid");
  url.searchParams.delete(OG_SIGNATURE_PARAM);
  if (!needsSignature(url.searchParams)) return path;
  url.searchParams.set(OG_SIGNATURE_PARAM, await ogSignature(env, url.searchParams));
  return /^https?:/.test(path) ? url.toString() : `${url.pathname}${url.search}`;
}
