import { compileMessage } from "@lingui/message-utils/compileMessage";
import type { CompiledCatalogue } from "./translator";

/**
 * One language's catalogue compiled: every English source → its compiled ICU form in that language, English where
 * the language lacks the message. Runs at build time (scripts/compiled-catalogues.ts), so no ICU parser is in the
 * Worker or the browser.
 */
export function compileCatalogue(own: Record<string, string>, english: Record<string, string>): CompiledCatalogue {
  const catalogue: CompiledCatalogue = {};
  for (const [source, message] of Object.entries(english)) {
    const compiled = compileMessage(own[source] || message);
    // Lingui treats a bare string as uncompiled; a one-part array is the compiled form of plain text.
    catalogue[source] = typeof compiled === "string" ? [compiled] : compiled;
  }
  return catalogue;
}
