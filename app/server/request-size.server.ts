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
  return url.pathname.startsWith("/api/") ? MAX_API_BODY_BYTES : MAX_FORM_BODY_BYTES;
}

/** How much of an oversized body is read and thrown away before the stream is cancelled (see discardRest). */
export const MAX_DISCARD_BYTES = 1024 * 1024;

/**
 * An oversized body is read to its end and dropped rather than cancelled at once: cancelling a request stream the
 * client is still sending leaves the connection broken, and the next request on it (another visitor's, behind a
 * proxy) failed with "Your worker restarted mid-request" (issue 21). Past MAX_DISCARD_BYTES it is cancelled anyway.
 */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>, read: number): Promise<void> {
  let total = read;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      total += value.byteLength;
      if (total > MAX_DISCARD_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to read.
  }
}

function tooLarge(): Response {
  return fail({ status: 413, error: REQUEST_TOO_LARGE });
}

/**
 * The one gate for request size, run by the Worker entry before any route. A declared Content-Length over the limit
 * is refused without reading a byte. A body without one (chunked) is read only up to the limit: one byte more cancels
 * the stream and refuses it; a body that fits is handed on buffered, so no route ever reads an unbounded stream.
 */
export async function limitRequestBody(request: Request, limit: number): Promise<Request | Response> {
  if (!request.body) return request;
  const declared = request.headers.get("Content-Length");
  if (declared !== null) {
    const length = Number(declared);
    return Number.isSafeInteger(length) && length >= 0 && length <= limit ? request : tooLarge();
  }
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await discardRest(reader, total);
      return tooLarge();
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
