/**
 * "Ring a bell for someone" (docs/product.md#the-loop-back, ADR 0060): a wish written for a named person gets a personal page at
 * /for/{token}, reachable only through the link its writer hands on.
 */

/** 128 random bits in base64url: 22 characters, unguessable, and nothing about the wish or its writer. */
export const FOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;

export function newForToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function forPath(token: string): string {
  return `/for/${token}`;
}

const FOR_SEGMENT = /(^|\/)for\/[^/?#\s"']+/g;

/**
 * A path or text with every /for/{token} replaced by /for/[token]: the token opens a private page, so no log line or
 * error report may hold it (ADR 0107).
 */
export function withoutForTokens(text: string): string {
  return text.replace(FOR_SEGMENT, "$1for/[token]");
}

/** Where the link goes when the browser has no share sheet: a chat app's own "share this" address, or a copy. */
export function chatShareLinks(url: string, text: string): { whatsapp: string; telegram: string } {
  return {
    whatsapp: `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
    telegram: `https://t.me/share/url?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`,
  };
}
