import type { Translate } from "./messages";

/**
 * Mixed-direction text (ADR 0096). A Latin site name, a visitor's English wish or a number inside an Arabic sentence
 * is isolated, so the bidi algorithm orders it as one unit and neither it nor its neighbours are torn apart
 * ("7 ديسمبر · Quantum Bell" stays so, not "… Quantum Bell ديسمبر 7"). Plain text (mails, pushes, the tab's title)
 * carries the Unicode isolates FSI … PDI; a page turns them into `<bdi>` elements (components/bidi-text.tsx).
 */
export const FSI = "\u2068";
export const PDI = "\u2069";

/**
 * `text` as one unit whose direction is its own first strong character's. Each line apart: a line break ends every
 * isolate in plain text, and each line of a visitor's words finds its own direction.
 */
export function isolate(text: string): string {
  return text
    .split("\n")
    .map((line) => (line ? `${FSI}${line}${PDI}` : line))
    .join("\n");
}

// An address stays bare: mail clients find links by their characters, and an isolate beside one could join it.
const URL_VALUE = /^(https?:\/\/|mailto:)\S*$/i;

/** The arguments a message chooses by (`{status, select, …}`, `{count, plural, …}`): their values are keys, not text. */
function choiceArguments(source: string): Set<string> {
  return new Set(Array.from(source.matchAll(/\{\s*(\w+)\s*,\s*(?:select|plural|selectordinal)\s*,/g), (match) => match[1]!));
}

/**
 * The translator with every text value isolated: the site's name, a visitor's words, a name, a country, a backend.
 * Numbers are left as they are (plural rules read them) and are written by the message next to their unit, which the
 * isolated neighbours no longer pull away. A value the message chooses by and an address stay bare.
 */
export function isolating(t: Translate): Translate {
  return (source, values) => {
    if (!values) return t(source);
    const choices = choiceArguments(source);
    const isolated: Record<string, string | number> = {};
    for (const [key, value] of Object.entries(values)) {
      isolated[key] = typeof value === "string" && !choices.has(key) && !URL_VALUE.test(value) ? isolate(value) : value;
    }
    return t(source, isolated);
  };
}

/** A piece of text: plain, or an isolate with its own pieces (isolates nest: a list of isolated names, isolated). */
export type BidiPart = string | { isolated: BidiPart[] };

/**
 * `text` split at its isolates, for a renderer that draws each as an element. An isolate left open runs to the end,
 * as it would in plain text; a stray PDI is dropped.
 */
export function bidiParts(text: string): BidiPart[] {
  const root: BidiPart[] = [];
  const stack: BidiPart[][] = [root];
  let plain = "";
  const flush = () => {
    if (plain) stack[stack.length - 1]!.push(plain);
    plain = "";
  };
  for (const character of text) {
    if (character === FSI) {
      flush();
      const inner: BidiPart[] = [];
      stack[stack.length - 1]!.push({ isolated: inner });
      stack.push(inner);
    } else if (character === PDI) {
      flush();
      if (stack.length > 1) stack.pop();
    } else plain += character;
  }
  flush();
  return root;
}

/** The text without its isolates: what a reader sees, for comparing and for places that cannot carry them. */
export function withoutIsolates(text: string): string {
  return text.replace(/[\u2068\u2069]/g, "");
}
