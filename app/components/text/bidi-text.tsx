import type { ReactNode } from "react";
import { bidiParts, isolate, isolating, type BidiPart } from "~/domain/bidi";
import { useI18n } from "~/i18n/i18n";
import type { MessageValues } from "~/i18n/translator";

function render(parts: BidiPart[], path: string): ReactNode[] {
  return parts.map((part, index) => (typeof part === "string" ? part : <bdi key={`${path}${index}`}>{render(part.isolated, `${path}${index}.`)}</bdi>));
}

/**
 * A sentence whose isolated values (domain/bidi: the site's name, a visitor's words, a name, a country) are drawn as
 * `<bdi>` elements, so a page's text carries markup where a mail or a push carries FSI … PDI (ADR 0096).
 */
export function BidiText({ text }: { text: string }) {
  return <>{render(bidiParts(text), "")}</>;
}

/**
 * A visitor's words in quotation marks: the quotes belong to the page's sentence, the words keep their own direction
 * (an English wish in an Arabic list opens and closes on the reading ends, its ellipsis after its last word).
 */
export function QuotedText({ text }: { text: string }) {
  return <BidiText text={`“${isolate(text)}”`} />;
}

/** The page's translator for sentences with values in them: each text value drawn as a `<bdi>` (ADR 0096). */
export function useBidiT(): (source: string, values?: MessageValues) => ReactNode {
  const { t } = useI18n();
  const isolated = isolating(t);
  return (source, values) => <BidiText text={isolated(source, values)} />;
}
