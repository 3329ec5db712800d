import { describe, expect, it } from "vitest";
import { balancedLines, breakPieces, greedyLines, type Measured } from "../../../app/domain/line-breaks";

// Issue 45: where a card's text may break, per script, and lines as even as their count allows.

const piecesOf = (text: string, locale?: string) => breakPieces(text, locale).map((piece) => text.slice(piece.start, piece.end));
/** Every character one unit wide, every space one unit: enough to read the rules. */
const measuredOf = (text: string, locale?: string): Measured[] =>
  breakPieces(text, locale).map((piece) => ({ width: [...text.slice(piece.start, piece.end)].length, space: piece.after - piece.end, hard: piece.hard }));
const linesOf = (text: string, limit: number, balanced = false) => {
  const pieces = breakPieces(text);
  const measured = measuredOf(text);
  return (balanced ? balancedLines : greedyLines)(measured, limit).map(([first, last]) => text.slice(pieces[first].start, pieces[last].end));
};

describe("break opportunities", () => {
  it("are the spaces in Latin, Arabic and Devanagari, punctuation staying with its word", () => {
    expect(piecesOf("Stillness spreads, quietly.")).toEqual(["Stillness", "spreads,", "quietly."]);
    expect(piecesOf("يستريح العالم كلّه، ويهدأ")).toEqual(["يستريح", "العالم", "كلّه،", "ويهدأ"]);
    expect(piecesOf("पूरी दुनिया विश्राम करती है।")).toEqual(["पूरी", "दुनिया", "विश्राम", "करती", "है।"]);
  });

  it("never put a closing mark at a line's start or an opening one at its end, even across a space", () => {
    expect(piecesOf("son niveau ; les autres")).toEqual(["son", "niveau ;", "les", "autres"]);
    expect(piecesOf("dijo ¿por qué «no»?")).toEqual(["dijo", "¿por", "qué", "«no»?"]);
  });

  it("are between any two Chinese characters, but never before a full-width comma or stop", () => {
    expect(piecesOf("宁静如水，直到找到。", "zh-Hans")).toEqual(["宁", "静", "如", "水，", "直", "到", "找", "到。"]);
    expect(piecesOf("来自“日本”的愿望", "zh-Hans")).toEqual(["来", "自", "“日", "本”", "的", "愿", "望"]);
  });

  it("keep a bidi isolate with the text it isolates", () => {
    expect(piecesOf("من \u2068Quantum Bell\u2069، اليوم")).toEqual(["من", "\u2068Quantum", "Bell\u2069،", "اليوم"]);
  });

  it("end a line at each of the text's own line breaks", () => {
    expect(linesOf("Stillness spreads.\nOf many shots.\nFive wishes.", 100)).toEqual(["Stillness spreads.", "Of many shots.", "Five wishes."]);
  });
});

describe("lines", () => {
  it("break greedily within the limit, a piece wider than the limit alone on its line", () => {
    expect(linesOf("aa bb cc dd", 5)).toEqual(["aa bb", "cc dd"]);
    expect(linesOf("aaaaaaaa bb", 5)).toEqual(["aaaaaaaa", "bb"]);
  });

  it("balanced, keep greedy's count per line of the text but leave no word alone", () => {
    const text = "one two three four five six seven eight nine ten eleven twelve thirteen\nshort";
    const greedy = linesOf(text, 60);
    const balanced = linesOf(text, 60, true);
    expect(balanced).toHaveLength(greedy.length);
    expect(greedy[1].length).toBeLessThan(20);
    const [first, second] = balanced.map((line) => line.length);
    expect(Math.abs(first - second)).toBeLessThan(12);
    expect(Math.max(first, second)).toBeLessThanOrEqual(60);
    expect(balanced.at(-1)).toBe("short");
  });
});
