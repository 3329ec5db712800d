import { API_PREFIX } from "~/domain/contract/endpoint";
import { appError } from "~/domain/app-error";
import { fail } from "./http.server";
import { REQUEST_TOO_LARGE } from "~/domain/messages";

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

/**
 * The one gate for request size, run by the Worker entry before any route. A declared Content-Length over the limit
 * is refused without reading a byte. A body without one (chunked) is kept only up to the limit: past it the rest is
 * read and dropped (see discardRest) and the request refused; a body that fits is handed on buffered, so no route
 * ever holds an unbounded body.
 */
export async function limitRequestBody(request: Request, limit: number, discardMs = MAX_DISCARD_MS): Promise<Request | Response> {
  if (!request.body) return request;
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    const length = Number(declared);
    return Number.isSafeInteger(length) && length >= 0 && length <= limit ? request : tooLarge(request);
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
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
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new Request(request, { body });
}
