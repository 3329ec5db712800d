import { API_PREFIX } from "~/domain/contract/endpoint";
import { appError } from "~/domain/app-error";
import { fail } from "./http.server";
import { ERROR_CODE } from "~/domain/error-codes";
import { REQUEST_BODY_NOT_ALLOWED, REQUEST_INCOMPLETE, REQUEST_TOO_LARGE } from "~/domain/messages";

/** JSON API bodies: the largest legitimate one (a wish with every optional field) is under 2 KB. */
export const MAX_API_BODY_BYTES = 16 * 1024;
/**
 * Page form posts: the largest is the contact form (about 2,400 characters), which URL-encoding can grow to nine
 * bytes a character (a three-byte UTF-8 letter becomes `%XX%XX%XX`).
 */
export const MAX_FORM_BODY_BYTES = 32 * 1024;

export function bodyLimitFor(url: URL): number {
  return url.pathname.startsWith(API_PREFIX) ? MAX_API_BODY_BYTES : MAX_FORM_BODY_BYTES;
}

/**
 * How long an oversized body is read and thrown away before the refusal is sent anyway. Reading costs no CPU to speak
 * of (the chunks are dropped unread); what it bounds is how long one sender can keep a request open.
 */
export const MAX_DISCARD_MS = 10_000;

/**
 * An oversized body is read to its end and dropped, never cancelled: cancelling (or abandoning) a request stream the
 * client is still sending leaves the connection broken, and the next request on it, another visitor's behind a proxy,
 * failed with a 500 or hung, and `wrangler dev` exited (docs/product.md#one-person-one-share). Only a sender slower than MAX_DISCARD_MS
 * is left unread, and the lock is kept so nothing else reads it.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, timeLimitMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), timeLimitMs);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), deadline]);
      if (next === "late" || next.done) return;
    }
  } catch {
    // The client went away: nothing left to read.
  } finally {
    clearTimeout(timer);
  }
}

function tooLarge(request: Request): Response {
  return fail(request, appError(413, REQUEST_TOO_LARGE));
}

/** Methods whose requests carry no body (RFC 9110 §9.3.1–2): a body on them is refused, never handed on. */
const BODYLESS = new Set(["GET", "HEAD"]);

/**
 * The one gate for request bodies, run by the Worker entry before any route. A declared Content-Length over the
 * limit is refused without reading a byte. Any other body is read here, up to the limit, and handed on buffered, so
 * no route ever holds an unbounded body or meets a sender that went away: past the limit the rest is read and dropped
 * (see discardRest) and the request refused (413); a body that breaks off is a 400 nobody reads. A GET or HEAD with
 * a body is read and dropped the same way and refused (400); with an empty one it is handed on without it.
 */
export async function limitRequestBody(request: Request, limit: number, discardMs = MAX_DISCARD_MS): Promise<Request | Response> {
  if (!request.body) return request;
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    const length = Number(declared);
    if (!Number.isSafeInteger(length) || length < 0 || length > limit) return tooLarge(request);
  }
  const reader = request.body.getReader();
  if (BODYLESS.has(request.method)) {
    const empty = await readsEmpty(reader, discardMs);
    return empty ? new Request(request.url, { method: request.method, headers: withoutBodyHeaders(request.headers), cf: request.cf }) : bodyNotAllowed(request);
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limit) {
        await discardRest(reader, discardMs);
        return tooLarge(request);
      }
      chunks.push(value);
    }
  } catch {
    // The sender went away mid-body: there is nobody to answer, and nothing for a route to read.
    return fail(request, appError(400, REQUEST_INCOMPLETE, { code: ERROR_CODE.invalidRequest }));
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request, { body });
}

function bodyNotAllowed(request: Request): Response {
  return fail(request, appError(400, REQUEST_BODY_NOT_ALLOWED, { code: ERROR_CODE.invalidRequest }));
}

/** Reads a body that should not be there to its end (at most `discardMs`): whether it held no byte at all. */
async function readsEmpty(reader: ReadableStreamDefaultReader<Uint8Array>, discardMs: number): Promise<boolean> {
  try {
    for (;;) {
      const next = await reader.read();
      if (next.done) return true;
      if (next.value.byteLength === 0) continue;
      await discardRest(reader, discardMs);
      return false;
    }
  } catch {
    return false;
  }
}

function withoutBodyHeaders(headers: Headers): Headers {
  const copy = new Headers(headers);
  copy.delete("Content-Length");
  copy.delete("Transfer-Encoding");
  copy.delete("Content-Type");
  return copy;
}
