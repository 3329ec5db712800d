import "./zod-config";
import { z } from "zod";

// C0 and C1 control characters (NUL, escape, DEL, …). Tab and line breaks are whitespace, handled below. Matching
// control characters is the point here.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
// Bidi embeddings, overrides and isolates: U+202E would let a card show its text reversed, saying something else.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
// Half of a surrogate pair alone is not a character: browsers draw it as "�".
const LONE_SURROGATES = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A visitor's text as it may be stored and shown: without control characters, bidi overrides or lone surrogates.
 * A multi-line field (a wish, a message) keeps its line breaks (CRLF becomes LF); in any other field a tab or a line
 * break becomes a space.
 */
export function cleanVisitorText(text: string, multiline = false): string {
  const cleaned = text.replace(CONTROLS, "").replace(BIDI_CONTROLS, "").replace(LONE_SURROGATES, "").replace(/\r\n?/g, "\n");
  return multiline ? cleaned.replace(/\t/g, " ") : cleaned.replace(/[\t\n]/g, " ");
}

/** A required text field, cleaned at the boundary and trimmed. */
export function visitorText(error: z.core.$ZodErrorMap<z.core.$ZodIssueInvalidType> | string, multiline = false) {
  return z.string({ error }).overwrite((text) => cleanVisitorText(text, multiline)).trim();
}

/** Optional free text: null, blanks and whitespace all mean "not given". */
export function optionalVisitorText(maxLength: number, message: string, multiline = false) {
  return visitorText(message, multiline)
    .max(maxLength, { error: message })
    .nullish()
    .transform((text) => text || undefined);
}
