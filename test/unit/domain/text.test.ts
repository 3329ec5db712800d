import { describe, expect, it } from "vitest";
import { cutAtWord } from "../../../app/domain/cut-text";
import { cleanVisitorText } from "../../../app/domain/text";

describe("cleanVisitorText", () => {
  it("drops C0 and C1 control characters", () => {
    expect(cleanVisitorText("Peace\u0000 for\u0007 all\u007f\u0085\u009b")).toBe("Peace for all");
  });

  it("drops bidi overrides, embeddings and isolates, which could make a card say something else", () => {
    expect(cleanVisitorText("Hope \u202egnirts\u202c and \u2066isolate\u2069")).toBe("Hope gnirts and isolate");
  });

  it("drops lone surrogates but keeps whole emoji", () => {
    expect(cleanVisitorText("Peace \ud83c for \udf0d all 🌍")).toBe("Peace  for  all 🌍");
  });

  it("keeps line breaks only in a multi-line field", () => {
    expect(cleanVisitorText("One\r\nTwo\tThree", true)).toBe("One\nTwo Three");
    expect(cleanVisitorText("One\r\nTwo\tThree")).toBe("One Two Three");
  });

  it("leaves ordinary text of every script alone", () => {
    for (const text of ["Paix à tous", "السلام عليكم", "平和を", "שלום", "Мир вам", "👩‍👩‍👧 together"]) expect(cleanVisitorText(text)).toBe(text);
  });
});

// Issue 36: share cards and their links cut text at a word, with an ellipsis, in every script the site speaks.
describe("cutAtWord", () => {
  const english =
    "A digital wishing well for the quantum age. Write a wish for peace, ring a shared quantum bell with wishes from around the world, and read the line its quantum circuit answers.";
  const cases = [
    ["Latin", "en", english],
    ["Arabic", "ar", "بئر أمنيات رقمية لعصر الكم. اكتب أمنية سلام، واقرع جرسًا كموميًا مشتركًا مع أمنيات من حول العالم، واقرأ البيت الذي تجيب به دارته الكمومية."],
    ["Devanagari", "hi", "क्वांटम युग के लिए एक डिजिटल इच्छा-कुआँ। शांति के लिए एक इच्छा लिखिए, दुनिया भर की इच्छाओं के साथ एक साझा क्वांटम घंटी बजाइए, और उसके क्वांटम सर्किट की उत्तर-पंक्ति पढ़िए।"],
    ["Chinese", "zh", "量子时代的数字许愿井。写下一个和平心愿，与世界各地的心愿一起敲响一口共享的量子钟，再读一读它的量子电路回答的那一行诗。"],
  ] as const;

  it.each(cases)("cuts %s at a word boundary, within the limit, with an ellipsis", (_script, locale, text) => {
    const max = Math.floor(Array.from(text).length * 0.6);
    const cut = cutAtWord(text, max, locale);
    expect(Array.from(cut).length).toBeLessThanOrEqual(max);
    expect(cut.endsWith("…")).toBe(true);
    const kept = cut.slice(0, -1);
    expect(text.startsWith(kept)).toBe(true);
    // The kept text ends where a word ends: the segmenter has a boundary there and the last segment is a whole word.
    const boundaries = new Set([...new Intl.Segmenter(locale, { granularity: "word" }).segment(text)].map((s) => s.index + s.segment.length));
    expect(boundaries.has(kept.length)).toBe(true);
    const last = [...new Intl.Segmenter(locale, { granularity: "word" }).segment(kept)].at(-1)!;
    expect(last.isWordLike).toBe(true);
  });

  it("leaves text that fits alone, and cuts a lone overlong word between graphemes", () => {
    expect(cutAtWord("Peace to all", 20)).toBe("Peace to all");
    expect(cutAtWord("Supercalifragilistic", 8)).toBe("Superca…");
    expect(cutAtWord("नमस्ते नमस्ते", 5, "hi")).toMatch(/…$/);
  });

  it("no longer ends the home card's subtitle mid-sentence on a half word (the issue's example)", () => {
    expect(cutAtWord(cases[0][2], 150, "en")).toBe(
      "A digital wishing well for the quantum age. Write a wish for peace, ring a shared quantum bell with wishes from around the world, and read the line…",
    );
  });
});
