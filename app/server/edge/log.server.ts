import { withoutForTokens } from "~/domain/for-someone";
import { currentRequestContext } from "./request-context.server";

/**
 * One JSON object a line, which Workers Logs indexes field by field. Lines carry the request id and route of the
 * request they belong to, and never an e-mail address, a fingerprint, an IP or a wish's text: callers pass counts,
 * codes and names, and any free text (an error's message) goes through `scrub` first.
 */
export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, string | number | boolean | null | undefined>;

const EMAIL = /[^\s@<>"'(),;:]+@[^\s@<>"'(),;:]+\.[a-z]{2,}/gi;
const IPV4 = /\b\d{1,3}(?:\.\d{1,3}){3}\b/g;
const IPV6 = /\b(?:[0-9a-f]{1,4}:){2,7}[0-9a-f]{0,4}\b/gi;
/** Fingerprints and hashes: long runs of hex or base64url. */
const TOKEN = /\b[A-Za-z0-9_-]{32,}\b/g;
const MAX_TEXT = 500;

/** Free text with anything personal replaced: what an error's message may say about a visitor. */
export function scrub(text: string): string {
  return withoutForTokens(text).replace(EMAIL, "[email]").replace(IPV4, "[ip]").replace(IPV6, "[ip]").replace(TOKEN, "[id]").slice(0, MAX_TEXT);
}

/** An error as log fields: its type and its message, scrubbed. Never the error object, whose text may be personal. */
export function errorFields(error: unknown): LogFields {
  const failure = error instanceof Error ? error : new Error(String(error));
  return { errorType: failure.name, error: scrub(failure.message) };
}

export function log(level: LogLevel, message: string, fields: LogFields = {}): void {
  const context = currentRequestContext();
  const line = JSON.stringify({ level, message, requestId: context?.requestId, route: context?.route, ...fields });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}
