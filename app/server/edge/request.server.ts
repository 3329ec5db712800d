import type { z } from "zod";
import { firstIssue } from "~/domain/wish";
import { REQUEST_BODY_INVALID, REQUEST_TOO_LARGE } from "~/domain/messages";
import { ApiError } from "./http.server";
import { MAX_API_BODY_BYTES } from "./request-size.server";

/**
 * Reads a JSON object body, refusing malformed input with a sentence before any parsing work. The size limit is
 * enforced once, before any route runs, by the Worker entry (request-size.server.ts); the check after reading only
 * keeps this function honest when it is called some other way.
 */
export async function readJsonBody(request: Request, maxBytes = MAX_API_BODY_BYTES): Promise<unknown> {
  const text = await request.text();
  if (new TextEncoder().encode(text).byteLength > maxBytes) throw new ApiError(413, REQUEST_TOO_LARGE);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, REQUEST_BODY_INVALID);
  }
}

/** Parses with a domain schema; a failure becomes a 400 carrying the schema's own human sentence. */
export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    const { error, field } = firstIssue(result.error);
    throw new ApiError(400, error, { field });
  }
  return result.data;
}

export function searchParamsObject(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/**
 * The fields of a form post, or none when the body is not a form (another content type, a broken multipart body):
 * the action then refuses it through its own validation with a 400 and a sentence, instead of a bare 500.
 */
export async function readFormData(request: Request): Promise<FormData> {
  return request.formData().catch(() => new FormData());
}
