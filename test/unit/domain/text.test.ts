import { describe, expect, it } from "vitest";
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
